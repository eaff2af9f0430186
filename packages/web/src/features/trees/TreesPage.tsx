import type { TreeInfo } from '@anor/core';
import { Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBinaryTree, IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { useSession } from '../session/queries.ts';
import { CreateTreeForm } from './CreateTreeForm.tsx';
import { DeleteTreeModal } from './DeleteTreeModal.tsx';
import { treeQueries } from './queries.ts';
import { RenameTreeModal } from './RenameTreeModal.tsx';
import { TreeCard } from './TreeCard.tsx';

const collator = new Intl.Collator('sv');

function TreeList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const trees = useQuery(treeQueries.list(userId));
  const [renaming, setRenaming] = useState<TreeInfo | null>(null);
  const [deleting, setDeleting] = useState<TreeInfo | null>(null);

  if (trees.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={190} radius="md" />
        <Skeleton height={190} radius="md" />
      </SimpleGrid>
    );
  }
  if (trees.isError) return <ErrorView error={trees.error} onRetry={() => void trees.refetch()} />;

  if (trees.data.length === 0) {
    return (
      <Paper withBorder p="xl" ta="center" data-testid="trees-empty">
        <Stack align="center" gap="xs">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconBinaryTree aria-hidden size={30} />
          </ThemeIcon>
          <Text fw={600}>{t('trees.empty.title')}</Text>
          <Text c="dimmed" size="sm" maw={420}>
            {t('trees.empty.text')}
          </Text>
        </Stack>
      </Paper>
    );
  }

  const sorted = [...trees.data].sort((a, b) => collator.compare(a.name, b.name));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="tree-list">
        {sorted.map((tree) => (
          <TreeCard key={tree.id} tree={tree} onRename={setRenaming} onDelete={setDeleting} />
        ))}
      </SimpleGrid>
      <RenameTreeModal userId={userId} tree={renaming} onClose={() => setRenaming(null)} />
      <DeleteTreeModal userId={userId} tree={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export function TreesPage() {
  const { t } = useTranslation();
  usePageTitle(t('trees.title'));
  const { user } = useSession();
  if (!user) return null;

  return (
    <Container size="lg" py="xl" data-testid="trees-page">
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Title order={1}>{t('trees.title')}</Title>
          <Text c="dimmed">{t('trees.subtitle', { name: user.fName })}</Text>
        </div>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} mb="xl" component="section" aria-labelledby="create-tree-title">
        <Group justify="space-between" align="center" gap="sm" mb="xs">
          <Title order={2} fz="h4" id="create-tree-title">
            {t('trees.create.title')}
          </Title>
          <Button
            component={Link}
            to="/trees/import"
            variant="light"
            size="compact-sm"
            leftSection={<IconFileImport aria-hidden size={16} />}
            data-testid="import-gedcom-link"
          >
            {t('gedcom.import.link')}
          </Button>
        </Group>
        <CreateTreeForm userId={user.id} autoFocus={user.treeIds.length === 0} />
      </Paper>
      <Title order={2} fz="h4" mb="md">
        {t('trees.listTitle')}
      </Title>
      <TreeList userId={user.id} />
    </Container>
  );
}
