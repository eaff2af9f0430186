import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { configQueries } from '../config/queries.ts';
import { useSession } from '../session/queries.ts';
import { ContactForm } from './ContactForm.tsx';

export function ContactPage() {
  const { t } = useTranslation();
  usePageTitle(t('contact.title'));
  const { user, status } = useSession();
  const config = useQuery(configQueries.app());

  return (
    <Container size={640} py="xl" data-testid="contact-page">
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t('contact.title')}</Title>
        <Text c="dimmed">{t('contact.intro')}</Text>
        {config.data ? (
          <Text size="sm" c="dimmed">
            {t('contact.orEmail')}{' '}
            <Anchor href={`mailto:${config.data.supportEmail}`} size="sm">
              {config.data.supportEmail}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        {/* Wait for the session so the sender field can start with the user's address. */}
        {status === 'loading' ? null : <ContactForm defaultSender={user?.email ?? ''} />}
      </Paper>
    </Container>
  );
}
