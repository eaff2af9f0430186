import { type Event, eventListAnswerSchema, type Language } from '@anor/core';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Switch,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsMaximize, IconCalendarPlus } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, segment } from '../../api/client.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import {
  EventModalProvider,
  eventKeys,
  formatEventDateLabel,
  useEventModal,
  useEventTypeName,
} from '../event/index.ts';
import { treePath } from '../person/queries.ts';
import { inDirectLineage } from './place-events.ts';

/** A place's events (and with `below` those of the places within it), under the tree's event keys. */
function placeEventsQuery(treeId: string, locationId: string, below: boolean) {
  return queryOptions({
    queryKey: [...eventKeys.tree(treeId), 'place', locationId, below] as const,
    queryFn: ({ signal }) =>
      api.get(treePath(treeId, `location/${segment(locationId)}/event/all${below ? '?includeDescendants=true' : ''}`), {
        schema: eventListAnswerSchema,
        signal,
      }),
    meta: { errorDisplay: 'inline' },
  });
}

export interface LocationEventsProps {
  treeId: string;
  locationId: string;
  canEdit: boolean;
  /** Whether the place has places within it (the "events of places within" toggle). */
  hasDescendants: boolean;
  /** Whether the event modal or the enlarged list is open (the location dialog then keeps Escape to itself). */
  onModalChange?: (isOpen: boolean) => void;
}

/**
 * The location dialog's events (SPEC §2): the events at the place, optionally those of the places
 * within it, optionally only those with someone of the root person's direct lineage; an enlarge
 * button showing the list in a large modal, and "add event" presetting the place.
 */
export function LocationEvents(props: LocationEventsProps) {
  const { onModalChange } = props;
  const [isEventOpen, setEventOpen] = useState(false);
  const [isEnlarged, setEnlarged] = useState(false);
  useEffect(() => onModalChange?.(isEventOpen || isEnlarged), [isEventOpen, isEnlarged, onModalChange]);
  return (
    <EventModalProvider treeId={props.treeId} canEdit={props.canEdit} onOpenChange={setEventOpen}>
      <LocationEventsSection {...props} onEnlargedChange={setEnlarged} />
    </EventModalProvider>
  );
}

function LocationEventsSection({
  treeId,
  locationId,
  canEdit,
  hasDescendants,
  onEnlargedChange,
}: LocationEventsProps & { onEnlargedChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation();
  const [below, setBelow] = useState(false);
  const [lineageOnly, setLineageOnly] = useState(false);
  const [enlarged, setEnlargedState] = useState(false);
  const setEnlarged = (open: boolean) => {
    setEnlargedState(open);
    onEnlargedChange(open);
  };
  const modal = useEventModal();
  const query = useQuery(placeEventsQuery(treeId, locationId, below && hasDescendants));
  const events = (query.data?.events ?? []).filter((event) => !lineageOnly || inDirectLineage(event));

  const list = query.isPending ? (
    <Skeleton height={60} />
  ) : query.isError ? (
    <ErrorView error={query.error} onRetry={() => query.refetch()} />
  ) : (
    <EventRows events={events} currentId={locationId} onOpen={(id) => modal.openExisting(id)} />
  );

  return (
    <Stack gap="xs" data-testid="location-events">
      <Group justify="space-between" wrap="nowrap">
        {/* Labelled like the dialog's other fields. */}
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
          {t('places.events.title', { count: query.data?.events.length ?? 0 })}
        </Text>
        <Tooltip label={t('places.events.enlarge')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('places.events.enlarge')}
            onClick={() => setEnlarged(true)}
            data-testid="location-events-enlarge"
          >
            <IconArrowsMaximize size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="md">
        {hasDescendants && (
          <Switch
            size="xs"
            label={t('places.events.includeBelow')}
            checked={below}
            onChange={(e) => setBelow(e.currentTarget.checked)}
            data-testid="location-events-below"
          />
        )}
        <Switch
          size="xs"
          label={t('places.events.directLineage')}
          checked={lineageOnly}
          onChange={(e) => setLineageOnly(e.currentTarget.checked)}
          data-testid="location-events-lineage"
        />
      </Group>
      {/* SPEC §9: the events panel is at most half the window high and at least 100 px. */}
      <ScrollArea.Autosize mah="50vh" mih={events.length > 0 ? 100 : undefined} type="auto">
        {list}
      </ScrollArea.Autosize>
      {canEdit && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          onClick={() => modal.openNew({ locationId })}
          style={{ alignSelf: 'flex-start' }}
          data-testid="location-events-add"
        >
          {t('places.events.add')}
        </Button>
      )}
      <Modal
        opened={enlarged}
        onClose={() => setEnlarged(false)}
        size="xl"
        title={t('places.events.title', { count: events.length })}
      >
        <EventRows
          events={events}
          currentId={locationId}
          onOpen={(id) => {
            setEnlarged(false);
            modal.openExisting(id);
          }}
        />
      </Modal>
    </Stack>
  );
}

function EventRows({
  events,
  currentId,
  onOpen,
}: {
  events: Event[];
  currentId: string;
  onOpen: (eventId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const typeName = useEventTypeName();
  const label = usePersonLabel();
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="location-events-empty">
        {t('places.events.none')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {events.map((event) => {
        const primaries = event.participants.filter((p) => p.role === 'primary');
        const shown = primaries.length > 0 ? primaries : event.participants;
        const date = formatEventDateLabel(event, i18n.language as Language);
        return (
          <Anchor
            key={event.id}
            component="button"
            type="button"
            onClick={() => onOpen(event.id)}
            c="inherit"
            ta="left"
            data-testid="location-event-row"
          >
            <Text size="sm" fw={600} span>
              {typeName(event)}
            </Text>
            {date && (
              <Text size="sm" span c="dimmed">
                {' '}
                {date}
              </Text>
            )}
            {/* Each person with the life years (issue 19 item 12), in full on hover and for screen readers. */}
            <Text size="sm" title={shown.map((p) => label(p).full).join('; ')} data-testid="location-event-people">
              {shown.map((participant, index) => {
                const parts = label(participant);
                return (
                  <span key={participant.personId} data-testid="location-event-person">
                    {index > 0 ? ', ' : null}
                    {parts.name}
                    {parts.years ? (
                      <>
                        <Text span size="xs" c="dimmed" aria-hidden data-testid="location-event-person-years">
                          {` ${parts.years}`}
                        </Text>
                        <VisuallyHidden component="span">{`, ${parts.yearsLong}`}</VisuallyHidden>
                      </>
                    ) : null}
                  </span>
                );
              })}
            </Text>
            {event.location && event.location.id !== currentId && (
              <Text size="xs" c="dimmed">
                {event.location.text}
              </Text>
            )}
          </Anchor>
        );
      })}
    </Stack>
  );
}
