import { Button, Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown when a page itself fails to load or render (for example after a new version was deployed). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={80} data-testid="route-error">
      <Title order={1} mb="md">
        {t('shell.errorTitle')}
      </Title>
      <Text mb="xl">{t('common.error.generic')}</Text>
      <Group>
        <Button onClick={() => window.location.reload()}>{t('shell.reload')}</Button>
        <Button component={Link} to="/" variant="default" reloadDocument>
          {t('shell.home')}
        </Button>
      </Group>
    </Container>
  );
}
