import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useFormat } from '../../i18n/format.ts';
import { errorKey } from '../../i18n/messages.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { useSession } from '../session/queries.ts';
import { useAcceptInvitation } from './mutations.ts';
import { memberQueries } from './queries.ts';

/**
 * An invitation link (`/invitation/{treeId}/{secret}`, issue 26): who invites to which tree in which
 * role. Signed out, the invitee signs in or registers and comes back here; signed in, they accept
 * and land in the tree. The server checks the account's address; a wrong one is told which to use.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { treeId = '', token = '' } = useParams();
  const { user } = useSession();
  const preview = useQuery(memberQueries.invitation(treeId, token));
  const accept = useAcceptInvitation(treeId, token);
  usePageTitle(preview.data ? t('members.accept.title', { tree: preview.data.treeName }) : t('members.navLink'));
  const here = `/invitation/${encodeURIComponent(treeId)}/${encodeURIComponent(token)}`;

  let body: React.ReactNode;
  if (preview.isPending) body = null;
  else if (preview.isError) body = <ErrorView error={preview.error} />;
  else {
    const invitation = preview.data;
    const role = t(`members.roles.${invitation.role}`);
    body = (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('members.accept.title', { tree: invitation.treeName })}
        </Title>
        <Text>{t('members.accept.text', { inviter: invitation.inviterName, tree: invitation.treeName, role })}</Text>
        <Text size="sm" c="dimmed">
          {t('members.accept.forEmail', { email: invitation.email })} ·{' '}
          {t('members.validUntil', { date: format.date(invitation.expiresAt) })}
        </Text>
        {invitation.state !== 'open' ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="invitation-state">
            {t(`members.accept.${invitation.state}`, { inviter: invitation.inviterName })}
          </Alert>
        ) : user === null ? (
          <Stack gap="xs">
            <Text>{t('members.accept.signIn', { email: invitation.email })}</Text>
            <Group>
              <Button
                component={Link}
                to={`/login?callbackUrl=${encodeURIComponent(here)}`}
                data-testid="invitation-login"
              >
                {t('nav.logIn')}
              </Button>
              <Button
                component={Link}
                variant="default"
                to={`/register?callbackUrl=${encodeURIComponent(here)}`}
                data-testid="invitation-register"
              >
                {t('register.title')}
              </Button>
            </Group>
          </Stack>
        ) : user ? (
          <Group>
            <Button
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: ({ treeId: joined }) => void navigate(`/app/${encodeURIComponent(joined)}/overview`),
                })
              }
              data-testid="invitation-accept"
            >
              {t('members.accept.button')}
            </Button>
          </Group>
        ) : null}
        <FormError message={accept.error ? t(errorKey(accept.error)) : undefined} testId="invitation-error" />
      </Stack>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md" data-testid="invitation-page">
        {body}
      </Paper>
    </Container>
  );
}
