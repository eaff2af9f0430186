import { may, type RecordSummary, type RepositorySummary } from '@anor/core';
import { Box, Button, Group, SegmentedControl, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBook2, IconBuildingBank, IconChevronRight, IconLink, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { List, listRowActionClass } from '../../lib/list/List.tsx';
import { ListPage, narrowOnlyClass, wideOnlyClass } from '../../lib/list/ListPage.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { personHref } from '../person/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import { SourceDialogProvider, useSourceDialog } from './SourceDialogProvider.tsx';
import { type SourceListRequest, sourceListRequest } from './source-list.ts';
import { useRecordList, useRepositoryList } from './useSourceLists.ts';

/** Two lines (title and what it holds) with room around them; the list's page size follows from it. */
export const ROW_HEIGHT = 56;

const defaultFilters = { kind: 'records', sort: 'text', direction: 'asc' };

/**
 * The sources of a tree at /app/:treeId/sources (SPEC §2 source page, Lists): its records or its
 * repositories in the shared list (search, sorted by text or link, ascending or descending, pages
 * or a scrolling list), each opening its dialog; new ones from the buttons. The state is in the
 * address.
 */
export function SourcesPage() {
  const { treeId = '' } = useParams();
  return (
    <SourceDialogProvider treeId={treeId}>
      <SourcesView treeId={treeId} />
    </SourceDialogProvider>
  );
}

function SourcesView({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const sourceDialog = useSourceDialog();
  usePageTitle(t('sources.page.title'));

  const list = useListState({ filters: defaultFilters, inUrl: true });
  const request = sourceListRequest(list.query, list.filters);
  const isRecords = request.kind === 'records';
  const records = useRecordList(treeId, request.records, list, isRecords);
  const repositories = useRepositoryList(treeId, request.repositories, list, !isRecords);

  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const canEdit = may(tree.data?.role, 'edit');

  const newButton = (kind: SourceListRequest['kind']) => {
    const label = kind === 'records' ? t('sources.record.new') : t('sources.repository.new');
    return (
      <Button
        variant="default"
        leftSection={<IconPlus aria-hidden size={18} />}
        onClick={() => (kind === 'records' ? sourceDialog.openRecord(null) : sourceDialog.openRepository(null))}
        aria-label={label}
        data-testid={kind === 'records' ? 'sources-new-record' : 'sources-new-repository'}
      >
        <span className={wideOnlyClass}>{label}</span>
        <span className={narrowOnlyClass}>
          {kind === 'records' ? t('sources.page.record') : t('sources.page.repository')}
        </span>
      </Button>
    );
  };

  const toolbar = (
    <Group gap="sm" wrap="wrap" data-testid="sources-order">
      <SegmentedControl
        value={request.sort}
        onChange={(value) => list.setFilter('sort', value)}
        data={[
          { value: 'text', label: t('sources.list.sortText') },
          { value: 'link', label: t('sources.list.sortLink') },
        ]}
        aria-label={t('sources.list.sortLabel')}
        size="sm"
        data-testid="sources-sort"
      />
      <SegmentedControl
        value={request.direction}
        onChange={(value) => list.setFilter('direction', value)}
        data={[
          { value: 'asc', label: t('sources.list.ascending') },
          { value: 'desc', label: t('sources.list.descending') },
        ]}
        aria-label={t('sources.list.directionLabel')}
        size="sm"
        data-testid="sources-direction"
      />
    </Group>
  );

  const listCommon = {
    ...list.listProps,
    searchLabel: t('sources.list.searchLabel'),
    searchPlaceholder: t('sources.list.searchPlaceholder'),
    toolbar,
    rowHeight: ROW_HEIGHT,
  };

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('sources.page.title')}
      subtitle={(name) => t('sources.page.subtitle', { tree: name })}
      actions={
        canEdit ? (
          <Group gap="xs" wrap="nowrap">
            {newButton('repositories')}
            {newButton('records')}
          </Group>
        ) : null
      }
      beforeList={
        <SegmentedControl
          value={request.kind}
          onChange={(value) => list.setFilter('kind', value)}
          data={[
            { value: 'records', label: t('sources.page.records') },
            { value: 'repositories', label: t('sources.page.repositories') },
          ]}
          aria-label={t('sources.page.kindLabel')}
          style={{ alignSelf: 'flex-start' }}
          data-testid="sources-kind"
        />
      }
      minHeight="38rem"
      testId="sources-page"
    >
      {isRecords ? (
        <List
          {...listCommon}
          {...records}
          label={t('sources.page.records')}
          getKey={(record) => record.id}
          renderItem={(record) => <RecordRow record={record} onOpen={() => sourceDialog.openRecord(record.id)} />}
          emptyText={list.query.trim() ? undefined : t('sources.placeholders.noRecords')}
          testId="sources-records"
        />
      ) : (
        <List
          {...listCommon}
          {...repositories}
          label={t('sources.page.repositories')}
          getKey={(repository) => repository.id}
          renderItem={(repository) => (
            <RepositoryRow repository={repository} onOpen={() => sourceDialog.openRepository(repository.id)} />
          )}
          emptyText={list.query.trim() ? undefined : t('sources.placeholders.noRepositories')}
          testId="sources-repositories"
        />
      )}
    </ListPage>
  );
}

function SourceRow({
  icon,
  title,
  detail,
  link,
  onOpen,
  testId,
  id,
}: {
  icon: React.ReactNode;
  title: string;
  detail: string;
  link: string | null;
  onOpen: () => void;
  testId: string;
  id: string;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton className={listRowActionClass} onClick={onOpen} data-testid={testId} data-id={id}>
      <ThemeIcon variant="light" size={28} radius="xl" style={{ flex: '0 0 auto' }}>
        {icon}
      </ThemeIcon>
      <Box style={{ flex: '1 1 auto', minWidth: 0 }}>
        <Text fw={600} truncate="end" lh={1.35} data-testid={`${testId}-title`}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" truncate="end" lh={1.35}>
          {detail || '\u00a0'}
        </Text>
      </Box>
      {link ? <IconLink aria-label={t('sources.list.hasLink')} size={16} color="var(--mantine-color-gray-6)" /> : null}
      <IconChevronRight aria-hidden size={18} color="var(--mantine-color-gray-5)" style={{ flex: '0 0 auto' }} />
    </UnstyledButton>
  );
}

export function RecordRow({ record, onOpen }: { record: RecordSummary; onOpen: () => void }) {
  const { t } = useTranslation();
  const detail = [
    record.originator,
    record.repository?.title,
    t('sources.list.citationsCount', { count: record.citationsCount }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <SourceRow
      icon={<IconBook2 aria-hidden size={16} />}
      title={record.title}
      detail={detail}
      link={record.url}
      onOpen={onOpen}
      testId="record-row"
      id={record.id}
    />
  );
}

export function RepositoryRow({ repository, onOpen }: { repository: RepositorySummary; onOpen: () => void }) {
  const { t } = useTranslation();
  const detail = [
    [repository.city, repository.country].filter(Boolean).join(', '),
    t('sources.list.recordsCount', { count: repository.recordsCount }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <SourceRow
      icon={<IconBuildingBank aria-hidden size={16} />}
      title={repository.title}
      detail={detail}
      link={repository.www}
      onOpen={onOpen}
      testId="repository-row"
      id={repository.id}
    />
  );
}
