import type { ObjectHistoryAnswer } from '@anor/core';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ChangeList } from './ChangeList.tsx';
import { ChangeSetHeader } from './ChangeSetHeader.tsx';
import { mergedLabels } from './labels.ts';
import { type HistoryObjectPath, historyQueries } from './queries.ts';
import { UndoButton } from './UndoButton.tsx';

type ObjectChange = ObjectHistoryAnswer['changes'][number];

/** The changes grouped by their change set, newest first (a change set's rows stay together). */
function byChangeSet(
  changes: readonly ObjectChange[],
): { changeSet: ObjectChange['changeSet']; changes: ObjectChange[] }[] {
  const groups: { changeSet: ObjectChange['changeSet']; changes: ObjectChange[] }[] = [];
  for (const change of changes) {
    const last = groups[groups.length - 1];
    if (last && last.changeSet.id === change.changeSet.id) last.changes.push(change);
    else groups.push({ changeSet: change.changeSet, changes: [change] });
  }
  return groups;
}

interface ObjectHistoryProps {
  treeId: string;
  path: HistoryObjectPath;
  id: string;
}

/**
 * An object's history (issue 21), the owner's only (the caller shows it only to the tree's
 * owner): closed at first, and asked of the server when opened; newest first, each change set with
 * when, who and what it changed, before → after, with "Undo", paged with "Show more".
 */
export function ObjectHistory({ treeId, path, id }: ObjectHistoryProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid="object-history">
      <Button
        variant="subtle"
        color="dark"
        px={0}
        leftSection={isOpen ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
        rightSection={<IconHistory size={18} aria-hidden />}
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        data-testid="object-history-toggle"
      >
        <Title order={2} size="h4" component="span">
          {t('history.section')}
        </Title>
      </Button>
      {isOpen ? <ObjectHistoryList treeId={treeId} path={path} id={id} /> : null}
    </Paper>
  );
}

function ObjectHistoryList({ treeId, path, id }: ObjectHistoryProps) {
  const { t } = useTranslation();
  const history = useInfiniteQuery(historyQueries.object(treeId, path, id));
  if (history.isError) return <ErrorView error={history.error} onRetry={() => void history.refetch()} />;
  if (history.isPending) return <Loader size="sm" aria-label={t('shell.loading')} />;
  const groups = byChangeSet(history.data.pages.flatMap((page) => page.changes));
  const labels = mergedLabels(history.data.pages);
  if (groups.length === 0) {
    return (
      <Text c="dimmed" size="sm" mt="sm" data-testid="object-history-empty">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md" mt="sm" data-testid="object-history-list">
      {groups.map((group) => (
        <Stack key={group.changeSet.id} gap={4} data-testid="history-change-set" data-change-set={group.changeSet.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <ChangeSetHeader changeSet={group.changeSet} />
            {group.changeSet.undoneBy === null ? <UndoButton treeId={treeId} changeSetId={group.changeSet.id} /> : null}
          </Group>
          <ChangeList treeId={treeId} changes={group.changes} labels={labels} />
        </Stack>
      ))}
      {history.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
            data-testid="object-history-more"
          >
            {t('history.showMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
