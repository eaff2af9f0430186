import {
  Anchor,
  Box,
  Breadcrumbs,
  Container,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { List } from '../../lib/list/List.tsx';
import { useListState } from '../../lib/list/useListState.ts';
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
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  usePageTitle(t('personEvents.eventList.title'));

  const list = useListState({ filters: defaultEventListFilters, inUrl: true });
  const request = eventListRequest(list.query, list.filters);
  const data = useEventList({
    treeId,
    filters: request,
    mode: list.mode,
    page: list.page,
    pageSize: list.pageSize,
    isReady: list.isMeasured,
  });

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

  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const order = (
    <Group gap="sm" className={classes.order} data-testid="event-list-order">
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
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} className={classes.page} data-testid="event-list-page">
      <Breadcrumbs mb="xs" separator="›" className={classes.breadcrumbs}>
        <Anchor component={Link} to="/trees" size="sm">
          {t('nav.familyTree')}
        </Anchor>
        {tree.data && rootHref ? (
          <Anchor component={Link} to={rootHref} size="sm" className={classes.crumb}>
            {tree.data.name}
          </Anchor>
        ) : (
          <Skeleton height={14} width={120} />
        )}
        <Text size="sm" c="dimmed" aria-current="page">
          {t('personEvents.eventList.title')}
        </Text>
      </Breadcrumbs>
      <Box mb="md" miw={0}>
        <Title order={1}>{t('personEvents.eventList.title')}</Title>
        <Skeleton visible={tree.isPending} className={classes.subtitle}>
          <Text c="dimmed" truncate="end">
            {tree.data ? t('personEvents.eventList.subtitle', { tree: tree.data.name }) : '\u00a0'}
          </Text>
        </Skeleton>
      </Box>
      <Stack gap={0} className={classes.listArea}>
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
      </Stack>
    </Container>
  );
}
