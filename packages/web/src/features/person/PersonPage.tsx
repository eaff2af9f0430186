import { Anchor, Badge, Breadcrumbs, Container, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { treeQueries } from '../trees/queries.ts';

/**
 * The person page at /app/:treeId/person/:personId. For now it only names the tree and holds the
 * place of the root-person intro; the real page comes with the person issue.
 */
export function PersonPage() {
  const { t } = useTranslation();
  const { treeId = '', personId = '' } = useParams();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  usePageTitle(tree.data?.name ?? t('person.title'));

  if (tree.isError) {
    return (
      <Container size="lg" py="xl">
        <ErrorView
          error={tree.error}
          onRetry={() => void tree.refetch()}
          backTo={{ href: '/trees', label: t('person.backToTrees') }}
        />
      </Container>
    );
  }

  const isRoot = tree.data?.rootId === personId;
  return (
    <Container size="lg" py="xl" data-testid="person-page">
      <Breadcrumbs mb="md" separator="›">
        <Anchor component={Link} to="/trees" size="sm">
          {t('nav.familyTree')}
        </Anchor>
        <Text size="sm" c="dimmed">
          {tree.data?.name ?? '…'}
        </Text>
      </Breadcrumbs>
      {tree.isPending ? (
        <Skeleton height={40} width="50%" mb="lg" />
      ) : (
        <Title order={1} mb="lg" style={{ overflowWrap: 'anywhere' }} data-testid="person-tree-name">
          {tree.data.name}
        </Title>
      )}
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} data-testid="person-placeholder">
        <Stack align="center" ta="center" gap="sm" py="lg">
          <ThemeIcon size={72} radius="xl" variant="light">
            <IconUserCircle aria-hidden size={44} />
          </ThemeIcon>
          {isRoot ? <Badge variant="light">{t('person.rootBadge')}</Badge> : null}
          <Title order={2} fz="h3">
            {t('person.placeholder.title')}
          </Title>
          <Text c="dimmed" maw={520}>
            {t('person.placeholder.text')}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
