import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { saveCookieConsent, useCookieConsent } from './consent.ts';

/** Asks for the cookie choice until one is made. */
export function CookieBanner() {
  const { t } = useTranslation();
  const consent = useCookieConsent();
  const location = useLocation();
  // The policy page has the same choice on it.
  if (consent !== null || location.pathname === '/cookies') return null;

  return (
    <Paper
      component="section"
      aria-labelledby="cookie-banner-title"
      data-testid="cookie-banner"
      shadow="xl"
      withBorder
      p="md"
      pos="fixed"
      bottom={{ base: 0, sm: 16 }}
      left={{ base: 0, sm: 16 }}
      right={{ base: 0, sm: 'auto' }}
      maw={{ base: '100%', sm: 520 }}
      radius={0}
      style={{ zIndex: 300 }}
    >
      <Group gap="xs" mb={6} wrap="nowrap">
        <IconCookie aria-hidden size={22} color="var(--mantine-color-forest-8)" />
        <Text id="cookie-banner-title" fw={600}>
          {t('cookies.banner.title')}
        </Text>
      </Group>
      <Text size="sm" mb="sm">
        {t('cookies.banner.text')}{' '}
        <Anchor component={Link} to="/cookies" size="sm">
          {t('cookies.banner.readMore')}
        </Anchor>
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => saveCookieConsent('necessary')} data-testid="cookie-only-necessary">
          {t('cookies.onlyNecessary')}
        </Button>
        <Button onClick={() => saveCookieConsent('all')} data-testid="cookie-accept-all">
          {t('cookies.acceptAll')}
        </Button>
      </Group>
    </Paper>
  );
}
