import {
  may,
  type OrphanEvent,
  type OrphanLocation,
  type OrphanPerson,
  type OrphanType,
  showsAllParticipants,
} from '@anor/core';
import { Box, Group, Loader, SegmentedControl, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarEvent, IconChevronRight, IconMapPin, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { List, listRowActionClass } from '../../lib/list/List.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { usePagedList } from '../../lib/list/usePagedList.ts';
import { nameWithYears, usePersonLabel } from '../../lib/person-label/person-label.ts';
import { EventModalProvider, formatEventDateLabel, useEventModal, useEventTypeName } from '../event/index.ts';
import { LocationDialogProvider, useLocationDialog } from '../location/LocationDialogProvider.tsx';
import { PersonDialogProvider, usePersonDialog } from '../person/PersonDialogProvider.tsx';
import { personHref } from '../person/paths.ts';
import { QualitySummary } from '../quality/QualitySummary.tsx';
import { treeQueries } from '../trees/queries.ts';
import classes from './OverviewPage.module.css';
import {
  type OverviewFilters,
  type OverviewRow,
  overviewQueries,
  useRefreshOverviewAfterMutations,
} from './queries.ts';

/** Two lines with room around them; the list's page size follows from it. */
export const OVERVIEW_ROW_HEIGHT = 56;

const types: readonly OrphanType[] = ['person', 'location', 'event'];
const defaultFilters = { type: 'person', show: 'orphans' };

function isOrphanType(value: string): value is OrphanType {
  return types.some((type) => type === value);
}

/**
 * The overview of SPEC §2 (the orphan dialog) at /app/:treeId/overview: the persons, places or
 * events that nothing connects, or all of the chosen type. Each row opens the item's own dialog
 * (person dialog, location dialog, event modal); the list refreshes after anything is saved there.
 */
export function OverviewPage() {
  const { treeId = '' } = useParams();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  return (
    <PersonDialogProvider treeId={treeId}>
      <LocationDialogProvider treeId={treeId}>
        <EventModalProvider treeId={treeId} canEdit={may(tree.data?.role, 'propose')}>
          <OverviewView treeId={treeId} />
        </EventModalProvider>
      </LocationDialogProvider>
    </PersonDialogProvider>
  );
}

function OverviewView({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  usePageTitle(t('overview.title'));
  useRefreshOverviewAfterMutations(treeId);

  const list = useListState({ filters: defaultFilters, inUrl: true });
  // Values from an edited address that mean nothing fall back to the defaults.
  const type: OrphanType = isOrphanType(list.filters.type) ? list.filters.type : 'person';
  const all = list.filters.show === 'all';
  const filters: OverviewFilters = { type, all, q: list.query.trim() || undefined };
  const data = usePagedList({
    pageQuery: overviewQueries.page(treeId, filters, list.page, list.pageSize),
    scrollQuery: overviewQueries.scroll(treeId, filters),
    list,
    isEnabled: treeId !== '',
  });
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;

  const toolbar = (
    <Group gap="sm" align="center" className={classes.toolbar} data-testid="overview-filters">
      <SegmentedControl
        value={type}
        onChange={(value) => list.setFilter('type', value)}
        data={types.map((value) => ({ value, label: t(`overview.type.${value}`) }))}
        aria-label={t('overview.type.label')}
        size="sm"
        data-testid="overview-type"
      />
      <SegmentedControl
        value={all ? 'all' : 'orphans'}
        onChange={(value) => list.setFilter('show', value)}
        data={[
          { value: 'orphans', label: t('overview.scope.orphans') },
          { value: 'all', label: t('overview.scope.all') },
        ]}
        aria-label={t('overview.scope.label')}
        size="sm"
        data-testid="overview-scope"
      />
      {all ? null : (
        <Text size="sm" c="dimmed" data-testid="overview-hint">
          {t(`overview.hint.${type}`)}
        </Text>
      )}
      {/* The data-quality report's counts (issue 24): the tree's editors' only. */}
      {may(tree.data?.role, 'edit') ? <QualitySummary treeId={treeId} /> : null}
      {/* A contributor's changes wait for review (issue 26): said where they arrive in the tree. */}
      {tree.data?.role === 'contributor' ? (
        <Text size="sm" c="dimmed" data-testid="overview-contributor-note">
          {t('proposals.contributorNote')}
        </Text>
      ) : null}
    </Group>
  );

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('overview.title')}
      subtitle={(name) => t('overview.subtitle', { tree: name })}
      testId="overview-page"
    >
      <List<OverviewRow>
        {...list.listProps}
        {...data}
        label={t(`overview.type.${type}`)}
        searchLabel={t(`overview.search.${type}`)}
        searchPlaceholder={
          type === 'event' ? t('overview.search.eventPlaceholder') : t('overview.search.namePlaceholder')
        }
        toolbar={toolbar}
        aside={
          data.isFetching ? (
            <Loader size="xs" aria-label={t('shell.loading')} data-testid="overview-loading" />
          ) : undefined
        }
        emptyText={list.query.trim() ? undefined : t(all ? `overview.emptyAll.${type}` : `overview.empty.${type}`)}
        getKey={(row) => `${row.kind}-${row.item.id}`}
        rowHeight={OVERVIEW_ROW_HEIGHT}
        renderItem={(row) => <OverviewRowView row={row} />}
        testId="overview-list"
      />
    </ListPage>
  );
}

function OverviewRowView({ row }: { row: OverviewRow }) {
  switch (row.kind) {
    case 'person':
      return <PersonOrphanRow person={row.item} />;
    case 'location':
      return <LocationOrphanRow place={row.item} />;
    case 'event':
      return <EventOrphanRow event={row.item} />;
  }
}

/** A row's button: an icon, two lines, a chevron; it opens the item's dialog. */
function RowButton({
  icon,
  title,
  detail,
  onClick,
  testId,
  itemId,
  titleDimmed = false,
  hoverText,
}: {
  icon: ReactNode;
  title: string;
  /** The whole text on hover, where the title may be cut (a person's full label). */
  hoverText?: string;
  detail: string | null;
  onClick: () => void;
  testId: string;
  itemId: string;
  titleDimmed?: boolean;
}) {
  return (
    <UnstyledButton
      className={listRowActionClass}
      onClick={onClick}
      title={hoverText}
      data-testid={testId}
      data-item-id={itemId}
    >
      <Box className={classes.icon}>{icon}</Box>
      <Box className={classes.text}>
        <Text
          fw={600}
          truncate="end"
          lh={1.35}
          c={titleDimmed ? 'dimmed' : undefined}
          fs={titleDimmed ? 'italic' : undefined}
          data-testid={`${testId}-title`}
        >
          {title}
        </Text>
        {detail ? (
          <Text size="sm" c="dimmed" truncate="end" lh={1.35} data-testid={`${testId}-detail`}>
            {detail}
          </Text>
        ) : null}
      </Box>
      <IconChevronRight aria-hidden size={18} className={classes.trailing} />
    </UnstyledButton>
  );
}

/**
 * A person: name ("unknown name" when none) with the life years, then the occupation and the
 * birthplace (issue 19 item 12: namesakes told apart, the full label on hover); opens the person dialog.
 */
function PersonOrphanRow({ person }: { person: OrphanPerson }) {
  const label = usePersonLabel();
  const { openPersonDialog } = usePersonDialog();
  const parts = label(person);
  return (
    <RowButton
      icon={<IconUser aria-hidden size={20} />}
      title={nameWithYears(parts)}
      hoverText={parts.full}
      titleDimmed={!parts.hasName}
      detail={[person.occupation, parts.place].filter(Boolean).join(' · ') || null}
      onClick={() => openPersonDialog(person.id)}
      testId="overview-person"
      itemId={person.id}
    />
  );
}

/** A place: name and type; opens the location dialog. */
function LocationOrphanRow({ place }: { place: OrphanLocation }) {
  const { openLocationDialog } = useLocationDialog();
  return (
    <RowButton
      icon={<IconMapPin aria-hidden size={20} />}
      title={place.name}
      detail={place.type}
      onClick={() => openLocationDialog(place.id)}
      testId="overview-location"
      itemId={place.id}
    />
  );
}

/**
 * An event: its type, then its date or else its participants (SPEC §3's groups: every participant
 * for occupation-like types, otherwise the main persons), and its place; opens the event modal.
 */
function EventOrphanRow({ event }: { event: OrphanEvent }) {
  const { t } = useTranslation();
  const typeName = useEventTypeName();
  const personLabel = usePersonLabel();
  const { openExisting } = useEventModal();
  const date = formatEventDateLabel(event, currentLanguage());
  const showsAll = showsAllParticipants(event.type);
  const shown = event.participants.filter((participant) => showsAll || participant.role === 'primary');
  // Each with the life years that tell namesakes apart (issue 19 item 12).
  const people = (shown.length > 0 ? shown : event.participants).map((participant) =>
    nameWithYears(personLabel(participant)),
  );
  const when = date || people.join(', ') || t('overview.noDateNoParticipants');
  return (
    <RowButton
      icon={<IconCalendarEvent aria-hidden size={20} />}
      title={typeName(event)}
      detail={[when, event.location?.name].filter(Boolean).join(' · ')}
      onClick={() => openExisting(event.id)}
      testId="overview-event"
      itemId={event.id}
    />
  );
}
