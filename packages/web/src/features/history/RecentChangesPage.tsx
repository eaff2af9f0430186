import { type ChangeSet, type ChangeSetKind, changeSetKinds, may, type ObjectLabel } from '@anor/core';
import { Button, CloseButton, Group, Loader, Paper, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { treeQueries } from '../trees/queries.ts';
import { ChangeList } from './ChangeList.tsx';
import { ChangeSetHeader } from './ChangeSetHeader.tsx';
import { mergedLabels, useObjectLabelText } from './labels.ts';
import { type HistoryFilters, historyQueries } from './queries.ts';
import { UndoButton } from './UndoButton.tsx';

const isKind = (value: string | null): value is ChangeSetKind =>
  value !== null && (changeSetKinds as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The filters as the address holds them (`?person=&personName=&kind=&from=&to=&changeSet=`). */
function filtersOf(params: URLSearchParams): HistoryFilters {
  const filters: HistoryFilters = {};
  const person = params.get('person');
  const kind = params.get('kind');
  const from = params.get('from');
  const to = params.get('to');
  const changeSet = Number(params.get('changeSet'));
  if (person) filters.personId = person;
  if (isKind(kind)) filters.kind = kind;
  if (isDay(from)) filters.from = from;
  if (isDay(to)) filters.to = to;
  // A link to one change set: the list starts at it.
  if (Number.isSafeInteger(changeSet) && changeSet > 0) filters.start = changeSet + 1;
  return filters;
}

/**
 * Which filters the list (or its empty text) was drawn for, and whether it is being asked again:
 * what a test waits on before it reads the list (never on time).
 */
function shownFor(filters: HistoryFilters, isFetching: boolean) {
  return {
    'data-kind-filter': filters.kind ?? '',
    'data-person-filter': filters.personId ?? '',
    'data-from-filter': filters.from ?? '',
    'data-to-filter': filters.to ?? '',
    'aria-busy': isFetching,
  };
}

/**
 * The tree's recent changes (issue 21) at /app/:treeId/history, the owner's only: change sets
 * newest first, filtered by person, kind and dates, paged on the server ("Show more" asks for the
 * page before the last one shown); each opens to its rows and can be undone.
 */
export function RecentChangesPage() {
  const { treeId = '' } = useParams();
  const { t } = useTranslation();
  usePageTitle(t('history.title'));
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const highlighted = filters.start ? filters.start - 1 : null;
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  // The tree's editors' only: a visitor or viewer who typed the address is told so and never asks for the history.
  const isEditor = may(tree.data?.role, 'edit');
  const history = useInfiniteQuery({ ...historyQueries.recent(treeId, filters), enabled: treeId !== '' && isEditor });
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;

  const setFilter = (changes: Record<string, string | null>) => {
    // From the address as it is now, not as this render read it: a second filter changed before the
    // page is drawn again (two dates typed quickly) must not undo the first.
    const next = new URLSearchParams(window.location.search);
    next.delete('changeSet');
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const changeSets = history.data?.pages.flatMap((page) => page.changeSets) ?? [];
  const labels = mergedLabels(history.data?.pages ?? []);

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('history.title')}
      subtitle={(name) => t('history.subtitle', { tree: name })}
      actions={history.isFetching ? <Loader size="xs" aria-label={t('shell.loading')} /> : undefined}
      beforeList={
        <HistoryFilterBar
          treeId={treeId}
          params={params}
          onChange={setFilter}
          onClear={() => setParams(new URLSearchParams(), { replace: true })}
        />
      }
      testId="recent-changes-page"
    >
      {tree.data && !isEditor ? (
        <Text c="dimmed" data-testid="recent-changes-forbidden">
          {t('auth.error.forbidden')}
        </Text>
      ) : history.isError ? (
        <ErrorView error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Loader aria-label={t('shell.loading')} />
      ) : changeSets.length === 0 ? (
        <Text c="dimmed" data-testid="recent-changes-empty" {...shownFor(filters, history.isFetching)}>
          {params.size > 0 ? t('history.emptyFiltered') : t('history.empty')}
        </Text>
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Stack gap="sm" pb="md" data-testid="recent-changes-list" {...shownFor(filters, history.isFetching)}>
            {changeSets.map((changeSet) => (
              <ChangeSetCard
                key={changeSet.id}
                treeId={treeId}
                changeSet={changeSet}
                label={changeSet.objectId ? labels[changeSet.objectId] : undefined}
                isHighlighted={changeSet.id === highlighted}
              />
            ))}
            {history.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  onClick={() => void history.fetchNextPage()}
                  loading={history.isFetchingNextPage}
                  data-testid="recent-changes-more"
                >
                  {t('history.showMore')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </ScrollArea>
      )}
    </ListPage>
  );
}

interface FilterBarProps {
  treeId: string;
  params: URLSearchParams;
  onChange: (changes: Record<string, string | null>) => void;
  onClear: () => void;
}

function HistoryFilterBar({ treeId, params, onChange, onClear }: FilterBarProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const modalProps = usePersonModalProps();
  const [isPicking, setIsPicking] = useState(false);
  const kind = params.get('kind');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="recent-changes-filters">
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {t('history.filter.person')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconUser size={16} aria-hidden />}
            onClick={() => setIsPicking(true)}
            data-testid="recent-changes-person"
          >
            {params.get('person')
              ? (params.get('personName') ?? t('history.object.person'))
              : t('history.filter.clearPerson')}
          </Button>
          {params.get('person') ? (
            <CloseButton
              aria-label={t('history.filter.clearPerson')}
              onClick={() => onChange({ person: null, personName: null })}
              data-testid="recent-changes-person-clear"
            />
          ) : null}
        </Group>
      </Stack>
      <Select
        label={t('history.filter.kind')}
        placeholder={t('history.filter.allKinds')}
        data={changeSetKinds.map((value) => ({ value, label: t(`history.kind.${value}`) }))}
        value={isKind(kind) ? kind : null}
        onChange={(value) => onChange({ kind: value })}
        clearable
        w={180}
        data-testid="recent-changes-kind"
      />
      <TextInput
        type="date"
        label={t('history.filter.from')}
        value={params.get('from') ?? ''}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        data-testid="recent-changes-from"
      />
      <TextInput
        type="date"
        label={t('history.filter.to')}
        value={params.get('to') ?? ''}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        data-testid="recent-changes-to"
      />
      {params.size > 0 ? (
        <Button variant="subtle" onClick={onClear} data-testid="recent-changes-clear">
          {t('history.filter.clear')}
        </Button>
      ) : null}
      <Modal
        {...modalProps}
        opened={isPicking}
        onClose={() => setIsPicking(false)}
        title={t('history.filter.choosePerson')}
      >
        <div data-testid="recent-changes-person-dialog">
          <PersonSearchList
            treeId={treeId}
            selectLabel={t('history.filter.choosePerson')}
            onSelect={(person) => {
              setIsPicking(false);
              onChange({ person: person.id, personName: personName(person) });
            }}
          />
        </div>
      </Modal>
    </Group>
  );
}

/** One change set of the list: its line, "Undo", and its rows when opened. */
function ChangeSetCard({
  treeId,
  changeSet,
  label,
  isHighlighted,
}: {
  treeId: string;
  changeSet: ChangeSet;
  /** What the first object it changed is called. */
  label: ObjectLabel | undefined;
  isHighlighted: boolean;
}) {
  const { t } = useTranslation();
  const named = useObjectLabelText()(label);
  const [isOpen, setIsOpen] = useState(isHighlighted);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="history-change-set"
      data-change-set={changeSet.id}
      data-kind={changeSet.kind}
      style={isHighlighted ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <ChangeSetHeader changeSet={changeSet} />
            <Text size="xs" c="dimmed">
              {t('history.changeNumber', { id: changeSet.id })}
              {changeSet.objectKind ? ` · ${t(`history.object.${changeSet.objectKind}`)}` : ''}
              {named ? (
                <>
                  {': '}
                  <Text span inherit fw={500} c="var(--mantine-color-text)" data-testid="history-object-label">
                    {named}
                  </Text>
                </>
              ) : null}
              {` · ${t('history.changeCount', { count: changeSet.changes })}`}
            </Text>
          </Stack>
          {changeSet.undoneBy === null ? <UndoButton treeId={treeId} changeSetId={changeSet.id} /> : null}
        </Group>
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setIsOpen((open) => !open)}
            aria-expanded={isOpen}
            data-testid="history-change-set-toggle"
          >
            {isOpen ? t('history.hideChanges') : t('history.showChanges')}
          </Button>
        </Group>
        {isOpen ? <ChangeSetRows treeId={treeId} changeSetId={changeSet.id} /> : null}
      </Stack>
    </Paper>
  );
}

function ChangeSetRows({ treeId, changeSetId }: { treeId: string; changeSetId: number }) {
  const { t } = useTranslation();
  const rows = useInfiniteQuery(historyQueries.changes(treeId, changeSetId));
  if (rows.isError) return <ErrorView error={rows.error} onRetry={() => void rows.refetch()} />;
  if (rows.isPending) return <Loader size="sm" aria-label={t('shell.loading')} />;
  return (
    <Stack gap="xs">
      <ChangeList
        treeId={treeId}
        changes={rows.data.pages.flatMap((page) => page.changes)}
        labels={mergedLabels(rows.data.pages)}
      />
      {rows.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => void rows.fetchNextPage()}
            loading={rows.isFetchingNextPage}
          >
            {t('history.loadMoreChanges')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
