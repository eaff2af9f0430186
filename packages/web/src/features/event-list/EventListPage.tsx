import { eventTypes } from '@anor/core';
import { Group, SegmentedControl, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { List } from '../../lib/list/List.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { useEventTypeName } from '../event/index.ts';
import { personHref } from '../person/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import classes from './EventListPage.module.css';
import { EVENT_ROW_HEIGHT, EventRow } from './EventRow.tsx';
import { defaultEventListFilters, eventListRequest } from './list-request.ts';
import { useEventList } from './useEventList.ts';

/**
 * The events of a tree at /app/:treeId/events (SPEC §2 Lists): search by a participant's name or
 * the place, sorted by date or type, ascending or descending, as pages or a scrolling list. The
 * state is in the address, so the back button returns from an event to the same place.
 */
export function EventListPage() {
  const { t } = useTranslation();
  const { treeId = '' } = useParams();
  const typeName = useEventTypeName();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  usePageTitle(t('personEvents.eventList.title'));

  const list = useListState({ filters: defaultEventListFilters, inUrl: true });
  const request = eventListRequest(list.query, list.filters);
  const data = useEventList(treeId, request, list);

  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const typeOptions = eventTypes
    .map((type) => ({ value: type, label: typeName({ type }) }))
    .sort((a, b) => a.label.localeCompare(b.label, currentLanguage()));
  const order = (
    <Group gap="sm" className={classes.order} data-testid="event-list-order">
      <Select
        value={request.type ?? null}
        onChange={(value) => list.setFilter('type', value ?? '')}
        data={typeOptions}
        placeholder={t('personEvents.eventList.allTypes')}
        aria-label={t('personEvents.eventList.typeLabel')}
        clearable
        searchable
        size="sm"
        w={190}
        data-testid="event-list-type-filter"
      />
      <SegmentedControl
        value={request.sort}
        onChange={(value) => list.setFilter('sort', value)}
        data={[
          { value: 'date', label: t('personEvents.eventList.sortDate') },
          { value: 'type', label: t('personEvents.eventList.sortType') },
        ]}
        aria-label={t('personEvents.eventList.sortLabel')}
        size="sm"
        data-testid="event-list-sort"
      />
      <SegmentedControl
        value={request.direction}
        onChange={(value) => list.setFilter('direction', value)}
        data={[
          { value: 'asc', label: t('personEvents.eventList.ascending') },
          { value: 'desc', label: t('personEvents.eventList.descending') },
        ]}
        aria-label={t('personEvents.eventList.directionLabel')}
        size="sm"
        data-testid="event-list-direction"
      />
    </Group>
  );

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('personEvents.eventList.title')}
      subtitle={(name) => t('personEvents.eventList.subtitle', { tree: name })}
      testId="event-list-page"
    >
      <List
        {...list.listProps}
        {...data}
        label={t('personEvents.eventList.listLabel')}
        searchLabel={t('personEvents.eventList.searchLabel')}
        searchPlaceholder={t('personEvents.eventList.searchPlaceholder')}
        toolbar={order}
        emptyText={t('personEvents.eventList.empty')}
        getKey={(event) => event.id}
        rowHeight={EVENT_ROW_HEIGHT}
        renderItem={(event) => <EventRow treeId={treeId} event={event} />}
        testId="event-list"
      />
    </ListPage>
  );
}
