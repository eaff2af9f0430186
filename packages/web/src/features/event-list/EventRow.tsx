import { formatEventDate, showsAllParticipants, type Event as TreeEvent } from '@anor/core';
import { Box, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../i18n/index.ts';
import { listRowActionClass } from '../../lib/list/List.tsx';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { eventHref, useEventTypeName } from '../event/index.ts';
import classes from './EventRow.module.css';

/** Two lines (type with people, date with place) with room around them; the list's page size follows from it. */
export const EVENT_ROW_HEIGHT = 56;

/**
 * One event in the tree's list: its type and the people of SPEC §3's groups (every participant for
 * occupation-like types, otherwise the main persons), then its date and place. Opens the event page.
 */
export function EventRow({ treeId, event }: { treeId: string; event: TreeEvent }) {
  const { t } = useTranslation();
  const typeName = useEventTypeName();
  const label = usePersonLabel();
  const showsAll = showsAllParticipants(event.type);
  // Each person with the life years (issue 19 item 12), so that namesakes are told apart; the
  // hover text names them in full with the birthplaces.
  const people = event.participants
    .filter((participant) => showsAll || participant.role === 'primary')
    .map((participant) => ({ id: participant.personId, ...label(participant) }));
  const date = formatEventDate(event, currentLanguage());
  const where = [date || t('personEvents.list.noDate'), event.location?.text].filter(Boolean).join(' · ');

  return (
    <UnstyledButton
      component={Link}
      to={eventHref(treeId, event.id)}
      className={listRowActionClass}
      data-testid="event-row"
      data-event-id={event.id}
      data-event-type={event.type}
    >
      <IconCalendarEvent aria-hidden size={20} className={classes.icon} />
      <Box className={classes.text}>
        <Text truncate="end" lh={1.35}>
          <Text span fw={600} data-testid="event-row-type">
            {typeName(event)}
          </Text>
          {people.length > 0 ? (
            <Text span c="dimmed" data-testid="event-row-people" title={people.map((p) => p.full).join('; ')}>
              {' · '}
              {people.map((person, index) => (
                <span key={person.id} data-testid="event-row-person">
                  {index > 0 ? ', ' : null}
                  {person.name}
                  {person.years ? (
                    <>
                      <Text span size="xs" aria-hidden data-testid="event-row-person-years">
                        {` ${person.years}`}
                      </Text>
                      <VisuallyHidden component="span">{`, ${person.yearsLong}`}</VisuallyHidden>
                    </>
                  ) : null}
                </span>
              ))}
            </Text>
          ) : null}
        </Text>
        <Text size="sm" c="dimmed" truncate="end" lh={1.35} data-testid="event-row-when-where">
          {where}
        </Text>
      </Box>
      <IconChevronRight aria-hidden size={18} className={classes.trailing} />
    </UnstyledButton>
  );
}
