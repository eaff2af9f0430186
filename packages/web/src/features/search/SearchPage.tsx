import { Badge, Box, EmptyState, Loader, Tabs } from '@mantine/core';
import { IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useFormat } from '../../i18n/format.ts';
import { List } from '../../lib/list/List.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { SearchBar } from '../../lib/list/SearchBar.tsx';
import { type ListState, useListState } from '../../lib/list/useListState.ts';
import { EVENT_ROW_HEIGHT, EventRow } from '../event-list/EventRow.tsx';
import { useEventList } from '../event-list/useEventList.ts';
import { PLACE_ROW_HEIGHT, PlaceRow } from '../location/PlaceRow.tsx';
import { locationHref } from '../location/paths.ts';
import { usePlaceList } from '../location/usePlaceList.ts';
import { personHref } from '../person/paths.ts';
import { PERSON_ROW_HEIGHT, PersonRow } from '../person-search/PersonRow.tsx';
import { usePersonList } from '../person-search/usePersonList.ts';
import { SourceDialogProvider, useSourceDialog } from '../source/SourceDialogProvider.tsx';
import { RecordRow, RepositoryRow, ROW_HEIGHT as SOURCE_ROW_HEIGHT } from '../source/SourcesPage.tsx';
import { useRecordList, useRepositoryList } from '../source/useSourceLists.ts';
import { treeQueries } from '../trees/queries.ts';
import { type SearchCountState, useSearchCounts } from './queries.ts';
import classes from './SearchPage.module.css';
import { activeSearchType, hasNoHits, type SearchType, searchText, searchTypes } from './search-model.ts';
import { CitationResults, NoteResults } from './TextResults.tsx';

/** The address keeps the search (`q`), the tab chosen (`type`), and the shown list's page and list type. */
const defaultFilters = { type: '' };

type SearchListState = ListState<typeof defaultFilters>;

/**
 * The tree-wide search at /app/:treeId/search (SPEC §2 search): one search box over the tree's
 * persons, events, places, sources and archives at once, through their own list endpoints (the
 * terms are split on spaces and all must match). Each type is a tab with its count; the tab shown
 * is the shared list, whose rows open what the list pages open. The search is in the address, so
 * it can be linked and the back button returns to it.
 */
export function SearchPage() {
  const { treeId = '' } = useParams();
  return (
    <SourceDialogProvider treeId={treeId}>
      <SearchView treeId={treeId} />
    </SourceDialogProvider>
  );
}

function SearchView({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  usePageTitle(t('search.title'));

  const list = useListState({ filters: defaultFilters, inUrl: true });
  const q = searchText(list.query);
  const { states, counts } = useSearchCounts(treeId, q);
  const shownBefore = useRef<SearchType>('persons');
  const active = activeSearchType(list.filters.type, counts, shownBefore.current);
  useEffect(() => {
    shownBefore.current = active;
  }, [active]);
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;

  // Arriving without a search, the box has the focus: the page is for typing into it.
  const searchBoxRef = useRef<HTMLDivElement>(null);
  const startsEmpty = useRef(list.query === '');
  useEffect(() => {
    if (startsEmpty.current) searchBoxRef.current?.querySelector('input')?.focus();
  }, []);

  const renderBody = () => {
    if (q === undefined) {
      return (
        <div className={classes.message}>
          <EmptyState
            icon={<IconSearch aria-hidden size={28} />}
            withIndicatorBackground
            title={t('search.hintTitle')}
            description={t('search.hint')}
            data-testid="search-hint"
          />
        </div>
      );
    }
    if (hasNoHits(counts)) {
      return (
        <div className={classes.message}>
          <EmptyState
            icon={<IconSearchOff aria-hidden size={28} />}
            withIndicatorBackground
            title={t('search.noResults')}
            description={t('search.noResultsHint', { query: q })}
            data-testid="search-no-results"
          />
        </div>
      );
    }
    return (
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) list.setFilter('type', value);
        }}
        keepMounted={false}
        className={classes.tabs}
        data-testid="search-tabs"
      >
        <Tabs.List aria-label={t('search.tabsLabel')} className={classes.tabList}>
          {searchTypes.map((type) => (
            <Tabs.Tab
              key={type}
              value={type}
              rightSection={<CountBadge state={states[type]} />}
              data-testid={`search-tab-${type}`}
            >
              {t(`search.tabs.${type}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active} className={classes.panel}>
          <ResultList key={active} type={active} treeId={treeId} q={q} list={list} />
        </Tabs.Panel>
      </Tabs>
    );
  };

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('search.title')}
      subtitle={(name) => t('search.subtitle', { tree: name })}
      beforeList={
        <Box ref={searchBoxRef} role="search" style={{ display: 'flex' }}>
          <SearchBar
            value={list.query}
            onSearch={list.listProps.onQueryChange}
            label={t('search.searchLabel')}
            placeholder={t('search.searchPlaceholder')}
            testId="search-input"
          />
        </Box>
      }
      minHeight="40rem"
      testId="search-page"
    >
      {renderBody()}
    </ListPage>
  );
}

/** A tab's count: a spinner until the first one is in, dimmed while a newer one is on its way. */
function CountBadge({ state }: { state: SearchCountState }) {
  const format = useFormat();
  if (state.shown === undefined) {
    return state.isFetching ? <Loader size={12} /> : <Badge variant="default">–</Badge>;
  }
  return (
    <Badge
      variant={state.shown > 0 ? 'light' : 'default'}
      className={classes.count}
      data-stale={!state.isCurrent || undefined}
      data-testid="search-tab-count"
    >
      {format.number(state.shown)}
    </Badge>
  );
}

export interface ResultListProps {
  type: SearchType;
  treeId: string;
  q: string;
  list: SearchListState;
}

/** The shown tab's list; each type reads its own endpoint and draws its own rows. */
function ResultList(props: ResultListProps) {
  switch (props.type) {
    case 'persons':
      return <PersonResults {...props} />;
    case 'events':
      return <EventResults {...props} />;
    case 'places':
      return <PlaceResults {...props} />;
    case 'records':
      return <RecordResults {...props} />;
    case 'repositories':
      return <RepositoryResults {...props} />;
    case 'notes':
      return <NoteResultsTab {...props} />;
    case 'citations':
      return <CitationResultsTab {...props} />;
  }
}

/** The props every result list shares: the page's state, no search bar of its own (the page's box drives it). */
function useCommonProps({ type, list }: ResultListProps) {
  const { t } = useTranslation();
  return {
    ...list.listProps,
    withSearch: false,
    label: t(`search.tabs.${type}`),
    searchLabel: t('search.searchLabel'),
    testId: `search-${type}`,
  };
}

function PersonResults(props: ResultListProps) {
  const { treeId, q, list } = props;
  const common = useCommonProps(props);
  const data = usePersonList(treeId, { q, sort: 'name' }, list);
  return (
    <List
      {...common}
      {...data}
      getKey={(person) => person.id}
      rowHeight={PERSON_ROW_HEIGHT}
      renderItem={(person) => <PersonRow person={person} to={personHref(treeId, person.id)} />}
    />
  );
}

function EventResults(props: ResultListProps) {
  const { treeId, q, list } = props;
  const common = useCommonProps(props);
  const data = useEventList(treeId, { q, sort: 'date', direction: 'asc' }, list);
  return (
    <List
      {...common}
      {...data}
      getKey={(event) => event.id}
      rowHeight={EVENT_ROW_HEIGHT}
      renderItem={(event) => <EventRow treeId={treeId} event={event} />}
    />
  );
}

function PlaceResults(props: ResultListProps) {
  const { treeId, q, list } = props;
  const common = useCommonProps(props);
  const data = usePlaceList(treeId, { q }, list);
  return (
    <List
      {...common}
      {...data}
      getKey={(place) => place.id}
      rowHeight={PLACE_ROW_HEIGHT}
      renderItem={(place) => <PlaceRow place={place} to={locationHref(treeId, place.id)} />}
    />
  );
}

function RecordResults(props: ResultListProps) {
  const { treeId, q, list } = props;
  const common = useCommonProps(props);
  const sourceDialog = useSourceDialog();
  const data = useRecordList(treeId, { q, sort: 'title', direction: 'asc' }, list, true);
  return (
    <List
      {...common}
      {...data}
      getKey={(record) => record.id}
      rowHeight={SOURCE_ROW_HEIGHT}
      renderItem={(record) => <RecordRow record={record} onOpen={() => sourceDialog.openRecord(record.id)} />}
    />
  );
}

function RepositoryResults(props: ResultListProps) {
  const { treeId, q, list } = props;
  const common = useCommonProps(props);
  const sourceDialog = useSourceDialog();
  const data = useRepositoryList(treeId, { q, sort: 'title', direction: 'asc' }, list, true);
  return (
    <List
      {...common}
      {...data}
      getKey={(repository) => repository.id}
      rowHeight={SOURCE_ROW_HEIGHT}
      renderItem={(repository) => (
        <RepositoryRow repository={repository} onOpen={() => sourceDialog.openRepository(repository.id)} />
      )}
    />
  );
}

function NoteResultsTab(props: ResultListProps) {
  return <NoteResults treeId={props.treeId} q={props.q} list={props.list} common={useCommonProps(props)} />;
}

function CitationResultsTab(props: ResultListProps) {
  return <CitationResults treeId={props.treeId} q={props.q} list={props.list} common={useCommonProps(props)} />;
}
