import type { UserInfo } from '@anor/core';
import { Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useFormat } from '../../i18n/format.ts';
import { useSession } from '../session/queries.ts';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { useSetNotifications } from './mutations.ts';

function Section({
  title,
  children,
  danger = false,
  testId,
}: {
  title: string;
  children: ReactNode;
  danger?: boolean;
  testId: string;
}) {
  const headingId = `${testId}-title`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      data-testid={testId}
      style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}
    >
      <Title order={2} id={headingId} fz="h4" mb="md" c={danger ? 'red.8' : undefined}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function SubscriptionSummary({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { plan, validUntil } = user.subscription;
  const isPaid = user.subscriptionValid && plan !== 'free';
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Badge color={isPaid ? 'forest' : 'gray'} variant="light" data-testid="account-plan">
          {t(`account.plan.${plan}`)}
        </Badge>
        {isPaid && validUntil ? (
          <Text size="sm" c="dimmed">
            {t('account.validUntil', { date: format.date(validUntil) })}
          </Text>
        ) : null}
      </Group>
      <Anchor component={Link} to="/pricing" size="sm">
        {isPaid ? t('account.seePricing') : t('account.getSubscription')}
      </Anchor>
    </Stack>
  );
}

/** Whether proposed changes are told by e-mail (issue 26); saved as soon as it is switched. */
function NotificationsSetting({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const setNotifications = useSetNotifications(user.id);
  return (
    <Switch
      checked={
        setNotifications.isPending
          ? (setNotifications.variables?.notifyByEmail ?? user.notifyByEmail)
          : user.notifyByEmail
      }
      onChange={(event) => setNotifications.mutate({ notifyByEmail: event.currentTarget.checked })}
      disabled={setNotifications.isPending}
      label={t('proposals.setting')}
      data-testid="account-notify-by-email"
    />
  );
}

export function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const { user } = useSession();
  // RequireSession renders this page only with a user.
  if (!user) return null;

  return (
    <Container size="md" py="xl" data-testid="account-page">
      <Title order={1} mb={4}>
        {t('account.title')}
      </Title>
      <Text c="dimmed" mb="xl">
        {t('account.signedInAs', { name: user.fName, email: user.email })}
      </Text>
      <Stack gap="lg">
        <Section title={t('account.details')} testId="account-details">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('fields.firstName')}
              </Text>
              <Text>{user.fName}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('fields.email')}
              </Text>
              <Text style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('account.subscription')}
              </Text>
              <SubscriptionSummary user={user} />
            </div>
          </SimpleGrid>
        </Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title={t('account.email.title')} testId="account-email">
            <ChangeEmailForm user={user} />
          </Section>
          <Section title={t('account.password.title')} testId="account-password">
            <ChangePasswordForm user={user} />
          </Section>
        </SimpleGrid>
        <Section title={t('proposals.navLink')} testId="account-notifications">
          <NotificationsSetting user={user} />
        </Section>
        <Section title={t('account.delete.title')} danger testId="account-delete">
          <DeleteAccountSection user={user} />
        </Section>
      </Stack>
    </Container>
  );
}
