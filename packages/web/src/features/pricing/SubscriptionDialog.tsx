import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import { Modal } from '../../lib/Modal.tsx';
import { configQueries } from '../config/queries.ts';
import { useSession } from '../session/queries.ts';
import { type PlanId, planPrices, savings } from './plans.ts';

interface SubscriptionDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The plan the user clicked, shown first. */
  plan?: Exclude<PlanId, 'free'>;
}

function PaymentInstructions() {
  const { t } = useTranslation();
  const format = useFormat();
  const config = useQuery(configQueries.app());
  const { user } = useSession();

  if (config.isPending) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t('shell.loading')} />
      </Group>
    );
  }
  if (config.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('common.error.generic')}</Text>
          <Button size="xs" variant="light" onClick={() => void config.refetch()}>
            {t('shell.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { number, recipient } = config.data.payment;
  if (!number.trim()) {
    // No payment number configured (PAYMENT_NUMBER unset): never an empty number, but who to ask.
    const email = config.data.supportEmail;
    return (
      <Alert variant="light" color="blue" icon={<IconMail aria-hidden />} data-testid="subscription-contact-support">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('subscription.noNumber', { email })}</Text>
          <Group gap="xs">
            <Button component="a" href={`mailto:${email}`} size="xs" variant="light">
              {email}
            </Button>
            <Button component={Link} to="/contact" size="xs">
              {t('subscription.contactSupport')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" bg="forest.0">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <IconDeviceMobile aria-hidden size={28} color="var(--mantine-color-forest-8)" />
            <div>
              <Text size="xs" c="dimmed">
                {t('subscription.payTo')}
              </Text>
              <Text fw={700} fz="xl" data-testid="subscription-payment-number">
                {number}
              </Text>
              <Text size="sm" data-testid="subscription-payment-recipient">
                {recipient}
              </Text>
            </div>
          </Group>
          <CopyButton value={number}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('subscription.copied') : t('subscription.copy')}>
                <ActionIcon
                  variant="subtle"
                  onClick={copy}
                  aria-label={copied ? t('subscription.copied') : t('subscription.copy')}
                >
                  {copied ? <IconCheck aria-hidden size={18} /> : <IconCopy aria-hidden size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Paper>
      <List type="ordered" spacing="xs" size="sm" data-testid="subscription-instructions">
        <List.Item>
          {t('subscription.step1', {
            monthly: format.number(planPrices.monthly),
            yearly: format.number(planPrices.yearly),
            number,
            recipient,
          })}
        </List.Item>
        <List.Item>
          {user ? t('subscription.step2WithEmail', { email: user.email }) : t('subscription.step2')}
        </List.Item>
        <List.Item>{t('subscription.step3')}</List.Item>
      </List>
      {user ? null : (
        <Alert variant="light" color="blue">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('subscription.registerFirst')}</Text>
            <Button component={Link} to="/register" size="xs">
              {t('landing.tryFree')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

/** The subscription dialog of SPEC §2: monthly and yearly price and the manual payment instructions. */
export function SubscriptionDialog({ opened, onClose, plan = 'monthly' }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const options = [
    { id: 'monthly', price: planPrices.monthly, period: t('pricing.perMonth') },
    { id: 'yearly', price: planPrices.yearly, period: t('pricing.perYear') },
  ] as const;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('subscription.title')}
      centered
      size="lg"
      data-testid="subscription-dialog"
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {options.map((option) => (
            <Paper
              key={option.id}
              withBorder
              p="md"
              style={option.id === plan ? { borderColor: 'var(--mantine-color-forest-6)', borderWidth: 2 } : undefined}
              data-testid={`subscription-option-${option.id}`}
            >
              <Text fw={600}>{t(`pricing.plans.${option.id}.name`)}</Text>
              <Group gap={4} align="baseline">
                <Text fz={28} fw={700}>
                  {t('pricing.amount', { amount: format.number(option.price) })}
                </Text>
                <Text c="dimmed" size="sm">
                  {option.period}
                </Text>
              </Group>
              {option.id === 'yearly' ? (
                <Badge variant="light" color="yellow" mt={4}>
                  {t('pricing.saves', { amount: format.number(savings.amount), percent: savings.percent })}
                </Badge>
              ) : null}
            </Paper>
          ))}
        </SimpleGrid>
        <Text fw={600}>{t('subscription.howTo')}</Text>
        {opened ? <PaymentInstructions /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
