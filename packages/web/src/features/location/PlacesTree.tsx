import type { LocationListItem } from '@anor/core';
import { ActionIcon, Anchor, Box, Group, Loader, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { locationHref } from './paths.ts';
import { locationQueries } from './queries.ts';

/** How many places of one level the tree shows (the list pages through more). */
const BRANCH_SIZE = 200;

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * The places of a tree as the tree they form (issue 19, item 9): the top-level places, each
 * opened to the places within it, level by level as the user asks (one list call per opened place).
 */
export function PlacesTree({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('places.list.tree')} data-testid="places-tree">
      <PlaceBranch treeId={treeId} parentId="root" depth={0} />
    </Box>
  );
}

function PlaceBranch({ treeId, parentId, depth }: { treeId: string; parentId: string; depth: number }) {
  const { t } = useTranslation();
  const query = useQuery(locationQueries.page(treeId, { parentId, page: 1, pageSize: BRANCH_SIZE }));
  if (query.isPending) return <Loader size="sm" ml={depth * 24 + 8} my={6} aria-label={t('shell.loading')} />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const { items, total } = query.data;
  return (
    <ul style={listStyle}>
      {items.map((place) => (
        <PlaceNode key={place.id} treeId={treeId} place={place} depth={depth} />
      ))}
      {total > items.length ? (
        <li>
          <Text size="sm" c="dimmed" pl={depth * 24 + 36} py={4}>
            {t('places.list.more', { count: total - items.length })}
          </Text>
        </li>
      ) : null}
    </ul>
  );
}

function PlaceNode({ treeId, place, depth }: { treeId: string; place: LocationListItem; depth: number }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const hasChildren = place.childrenCount > 0;
  return (
    <li data-testid="places-tree-node" data-location-id={place.id} data-depth={depth}>
      <Group gap={4} wrap="nowrap" pl={depth * 24} py={2}>
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size={28}
            onClick={() => setOpen((open) => !open)}
            aria-expanded={isOpen}
            aria-label={t(isOpen ? 'places.list.collapse' : 'places.list.expand', { name: place.name })}
            data-testid="places-tree-toggle"
          >
            {isOpen ? <IconChevronDown aria-hidden size={18} /> : <IconChevronRight aria-hidden size={18} />}
          </ActionIcon>
        ) : (
          <Box w={28} style={{ flex: '0 0 auto' }} />
        )}
        <Anchor
          component={Link}
          to={locationHref(treeId, place.id)}
          fw={600}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="places-tree-name"
        >
          {place.name}
        </Anchor>
        {place.type ? (
          <Text size="sm" c="dimmed">
            {place.type}
          </Text>
        ) : null}
        {hasChildren ? (
          <Text size="xs" c="dimmed" aria-hidden>
            {`(${place.childrenCount})`}
          </Text>
        ) : null}
      </Group>
      {isOpen ? <PlaceBranch treeId={treeId} parentId={place.id} depth={depth + 1} /> : null}
    </li>
  );
}
