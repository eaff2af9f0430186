import { Badge, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useFormat } from '../../i18n/format.ts';
import { useSession } from '../session/queries.ts';
import { freeLimits, type PlanId, paidLimits, planPrices, savings } from './plans.ts';
import { SubscriptionDialog } from './SubscriptionDialog.tsx';

function Feature({ children }: { children: string }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={20} radius="xl" variant="light">
          <IconCheck aria-hidden size={14} />
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}

export function PricingPage() {
  const { t } = useTranslation();
  usePageTitle(t('pricing.title'));
  const format = useFormat();
  const { status } = useSession();
  const [dialog, setDialog] = useState<{ isOpen: boolean; plan: Exclude<PlanId, 'free'> }>({
    isOpen: false,
    plan: 'monthly',
  });

  const freeFeatures = [
    t('pricing.features.oneTree'),
    t('pricing.features.freeItems', {
      persons: freeLimits.persons ?? 0,
      places: freeLimits.locations ?? 0,
      events: freeLimits.events ?? 0,
    }),
    t('pricing.features.sourcesPerItem', { max: freeLimits.sourcesPerNode ?? 0 }),
    t('pricing.features.images', { max: freeLimits.images ?? 0 }),
    t('pricing.features.languages'),
  ];
  const paidFeatures = [
    t('pricing.features.trees', { max: paidLimits.trees }),
    t('pricing.features.paidItems', { max: format.number(paidLimits.nodes) }),
    t('pricing.features.sharing'),
    t('pricing.features.gedcom'),
    t('pricing.features.languages'),
  ];

  const plans = [
    { id: 'free', price: planPrices.free, period: t('pricing.forever'), features: freeFeatures },
    { id: 'monthly', price: planPrices.monthly, period: t('pricing.perMonth'), features: paidFeatures },
    { id: 'yearly', price: planPrices.yearly, period: t('pricing.perYear'), features: paidFeatures },
  ] as const;

  return (
    <Container size="lg" py="xl" data-testid="pricing-page">
      <Stack align="center" ta="center" gap="xs" mb={40}>
        <Title order={1}>{t('pricing.title')}</Title>
        <Text c="dimmed" maw={620}>
          {t('pricing.subtitle')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {plans.map((plan) => {
          const isHighlighted = plan.id === 'yearly';
          return (
            <Card
              key={plan.id}
              withBorder
              shadow={isHighlighted ? 'md' : 'xs'}
              padding="xl"
              style={isHighlighted ? { borderColor: 'var(--mantine-color-forest-6)', borderWidth: 2 } : undefined}
              data-testid={`pricing-card-${plan.id}`}
            >
              <Group justify="space-between" mb="xs">
                <Title order={2} fz="h3">
                  {t(`pricing.plans.${plan.id}.name`)}
                </Title>
                {plan.id === 'yearly' ? (
                  <Badge color="yellow" variant="light" data-testid="pricing-savings">
                    {t('pricing.saves', { amount: format.number(savings.amount), percent: savings.percent })}
                  </Badge>
                ) : null}
              </Group>
              <Text c="dimmed" size="sm" mb="md" mih={40}>
                {t(`pricing.plans.${plan.id}.description`)}
              </Text>
              <Group gap={6} align="baseline" mb="lg">
                <Text fz={40} fw={700} lh={1} data-testid={`pricing-price-${plan.id}`}>
                  {t('pricing.amount', { amount: format.number(plan.price) })}
                </Text>
                <Text c="dimmed">{plan.period}</Text>
              </Group>
              <List spacing="xs" size="sm" mb="xl" style={{ flexGrow: 1 }}>
                {plan.features.map((feature) => (
                  <Feature key={feature}>{feature}</Feature>
                ))}
              </List>
              {plan.id === 'free' ? (
                <Button
                  component={Link}
                  to={status === 'authenticated' ? '/trees' : '/register'}
                  variant="default"
                  fullWidth
                  mt="auto"
                  data-testid="pricing-start-free"
                >
                  {status === 'authenticated' ? t('pricing.goToTrees') : t('landing.tryFree')}
                </Button>
              ) : (
                <Button
                  fullWidth
                  mt="auto"
                  variant={isHighlighted ? 'filled' : 'light'}
                  onClick={() => setDialog({ isOpen: true, plan: plan.id })}
                  data-testid={`pricing-subscribe-${plan.id}`}
                >
                  {t('pricing.subscribe')}
                </Button>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      <Text c="dimmed" size="sm" ta="center" mt="xl">
        {t('pricing.note')}
      </Text>
      <SubscriptionDialog
        opened={dialog.isOpen}
        plan={dialog.plan}
        onClose={() => setDialog((previous) => ({ ...previous, isOpen: false }))}
      />
    </Container>
  );
}
