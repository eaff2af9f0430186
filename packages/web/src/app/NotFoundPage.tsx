import { Button, Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from './usePageTitle.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Container size="sm" py={80} data-testid="not-found-page">
      <Text c="forest.8" fw={700} fz={56} lh={1} ff="heading" aria-hidden>
        404
      </Text>
      <Title order={1} mt="md" mb="sm">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" mb="xl">
        {t('notFound.text')}
      </Text>
      <Group>
        <Button component={Link} to="/">
          {t('notFound.home')}
        </Button>
        <Button component={Link} to="/trees" variant="default">
          {t('nav.familyTree')}
        </Button>
      </Group>
    </Container>
  );
}
