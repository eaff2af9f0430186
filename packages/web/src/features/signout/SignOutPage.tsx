import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FullScreenLoader } from '../../app/FullScreenLoader.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { AuthCard } from '../../lib/AuthCard.tsx';
import { useSignOut } from '../session/mutations.ts';
import { useSession } from '../session/queries.ts';
import { isSessionEndedState } from '../session/session-end.ts';

/**
 * /signout: asks a signed-in user to confirm signing out (GET /api/auth/signout leads here), and
 * tells everyone else that they are signed out.
 */
export function SignOutPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  const signOut = useSignOut();
  // Arriving here from "log out", the session is being forgotten: show the signed-out state at once.
  const isSignedIn = status === 'authenticated' && !isSessionEndedState(location.state);
  usePageTitle(isSignedIn ? t('signout.confirmTitle') : t('signout.doneTitle'));

  if (status === 'loading') return <FullScreenLoader />;

  if (isSignedIn) {
    return (
      <AuthCard title={t('signout.confirmTitle')}>
        <Stack data-testid="signout-confirm">
          <Text>{t('signout.confirmText')}</Text>
          <Group justify="flex-end">
            <Button component={Link} to="/trees" variant="default">
              {t('common.cancel')}
            </Button>
            <Button
              leftSection={<IconLogout aria-hidden size={18} />}
              loading={signOut.isPending}
              onClick={() => signOut.mutate()}
              data-testid="signout-submit"
            >
              {t('nav.logOut')}
            </Button>
          </Group>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signout.doneTitle')}>
      <Stack data-testid="signout-done">
        <Group gap="xs" wrap="nowrap">
          <IconCheck aria-hidden color="var(--mantine-color-forest-7)" />
          <Text role="status">{t('signout.doneText')}</Text>
        </Group>
        <Group justify="flex-end">
          <Button component={Link} to="/" variant="default">
            {t('shell.home')}
          </Button>
          <Button component={Link} to="/login" data-testid="signout-login">
            {t('nav.logIn')}
          </Button>
        </Group>
      </Stack>
    </AuthCard>
  );
}
