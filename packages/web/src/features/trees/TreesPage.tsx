import { type TierLimits, type TreeInfo, tierLimits } from '@anor/core';
import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBinaryTree, IconCrown, IconFileImport, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { RunningImports } from '../gedcom/RunningImports.tsx';
import { LeaveTreeModal } from '../members/LeaveTreeModal.tsx';
import { MembersModal } from '../members/MembersModal.tsx';
import { SubscriptionDialog } from '../pricing/SubscriptionDialog.tsx';
import { useSession } from '../session/queries.ts';
import { DeletedTrees } from '../trash/DeletedTrees.tsx';
import { CreateTreeForm } from './CreateTreeForm.tsx';
import { DeleteTreeModal } from './DeleteTreeModal.tsx';
import { treeQueries } from './queries.ts';
import { RenameTreeModal } from './RenameTreeModal.tsx';
import { TreeCard } from './TreeCard.tsx';
import { filterTrees, isTreeSort, sortTrees, TREE_TOOLS_FROM, type TreeSort } from './tree-list-tools.ts';

function TreeList({ userId, limits }: { userId: string; limits: TierLimits }) {
  const { t } = useTranslation();
  const trees = useQuery(treeQueries.list(userId));
  const [renaming, setRenaming] = useState<TreeInfo | null>(null);
  const [deleting, setDeleting] = useState<TreeInfo | null>(null);
  // Members and leaving (issue 26): the dialogs stay here, so that they outlive a card that goes.
  const [managing, setManaging] = useState<TreeInfo | null>(null);
  const [leaving, setLeaving] = useState<TreeInfo | null>(null);
  const [params, setParams] = useSearchParams();
  // What the box holds now; the address follows it (for a reload or a shared link), a render later.
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const sortParam = params.get('sort');
  const sort: TreeSort = isTreeSort(sortParam) ? sortParam : 'name';
  // From the address as it is now, not as the last render saw it: a sort picked right after the box
  // was emptied kept the old search when the emptying had not rendered yet.
  const setParam = (name: string, value: string, empty: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value === empty) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

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

  const withTools = trees.data.length >= TREE_TOOLS_FROM;
  const shown = withTools ? sortTrees(filterTrees(trees.data, query), sort) : sortTrees(trees.data, 'name');
  return (
    <>
      {withTools ? (
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <TextInput
            label={t('trees.listTools.search')}
            placeholder={t('trees.listTools.searchPlaceholder')}
            leftSection={<IconSearch aria-hidden size={16} />}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setParam('q', event.currentTarget.value, '');
            }}
            style={{ flex: '1 1 240px' }}
            data-testid="tree-list-search"
          />
          <Select
            label={t('trees.listTools.sort')}
            value={sort}
            onChange={(value) => setParam('sort', value ?? 'name', 'name')}
            allowDeselect={false}
            data={[
              { value: 'name', label: t('trees.listTools.byName') },
              { value: 'changed', label: t('trees.listTools.byChanged') },
              { value: 'created', label: t('trees.listTools.byCreated') },
              { value: 'size', label: t('trees.listTools.bySize') },
            ]}
            w={200}
            data-testid="tree-list-sort"
          />
        </Group>
      ) : null}
      {shown.length === 0 ? (
        <Text c="dimmed" data-testid="tree-list-no-match">
          {t('trees.listTools.noMatch', { query })}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="tree-list">
          {shown.map((tree) => (
            <TreeCard
              key={tree.id}
              tree={tree}
              limits={limits}
              onRename={setRenaming}
              onDelete={setDeleting}
              onMembers={setManaging}
              onLeave={setLeaving}
            />
          ))}
        </SimpleGrid>
      )}
      <RenameTreeModal userId={userId} tree={renaming} onClose={() => setRenaming(null)} />
      <DeleteTreeModal userId={userId} tree={deleting} onClose={() => setDeleting(null)} />
      <MembersModal tree={managing} onClose={() => setManaging(null)} />
      <LeaveTreeModal userId={userId} tree={leaving} onClose={() => setLeaving(null)} />
    </>
  );
}

/** A free account that has its one tree learns so before it types a name, with the way to more. */
function FreeTreeLimit() {
  const { t } = useTranslation();
  const [subscribing, setSubscribing] = useState(false);
  return (
    <Alert color="yellow" variant="light" icon={<IconCrown aria-hidden size={18} />} mb="sm" data-testid="tree-limit">
      <Stack gap="xs" align="flex-start">
        <Text fw={600} size="sm">
          {t('trees.freeLimit.title')}
        </Text>
        <Text size="sm">{t('limit.trees')}</Text>
        <Button size="xs" onClick={() => setSubscribing(true)} data-testid="tree-limit-subscribe">
          {t('trees.freeLimit.subscribe')}
        </Button>
      </Stack>
      <SubscriptionDialog opened={subscribing} onClose={() => setSubscribing(false)} />
    </Alert>
  );
}

export function TreesPage() {
  const { t } = useTranslation();
  usePageTitle(t('trees.title'));
  const { user } = useSession();
  if (!user) return null;
  const limits = tierLimits[user.subscription.status];
  const atTreeLimit = user.treeIds.length >= limits.trees;

  return (
    <Container size="lg" py="xl" data-testid="trees-page">
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Title order={1}>{t('trees.title')}</Title>
          <Text c="dimmed">{t('trees.subtitle', { name: user.fName })}</Text>
        </div>
      </Group>
      <RunningImports userId={user.id} />
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
        {atTreeLimit ? <FreeTreeLimit /> : null}
        <CreateTreeForm userId={user.id} autoFocus={user.treeIds.length === 0} disabled={atTreeLimit} />
      </Paper>
      <Title order={2} fz="h4" mb="md">
        {t('trees.listTitle')}
      </Title>
      <TreeList userId={user.id} limits={limits} />
      <DeletedTrees userId={user.id} />
    </Container>
  );
}
