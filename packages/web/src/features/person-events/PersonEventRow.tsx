import { formatEventDate, isKnownRole, type Event as TreeEvent } from '@anor/core';
import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { useEventTypeName, useEventTypeVerb } from '../event/index.ts';
import { PersonChip } from '../person/PersonChip.tsx';
import { personHref } from '../person/paths.ts';
import { roleInEvent, shownParticipants } from './event-order.ts';
import classes from './PersonEvents.module.css';

/** "born" → "Born": verbs open the row's line. */
function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** A role as its name in the language, or the user's own text. */
export function useRoleName(): (role: string) => string {
  const { t } = useTranslation();
  return (role) => (isKnownRole(role) ? t(`events.roles.${role}`) : role);
}

interface PersonEventRowProps {
  treeId: string;
  event: TreeEvent;
  /** The person whose page the list is on. */
  personId: string;
  /** Opens the event (the event modal). Without it the row only shows the event (the person dialog). */
  onOpen?: (eventId: string) => void;
  /** More about the event under it (the residences modal: who lived there at the same time). */
  children?: ReactNode;
}

/**
 * One event in a person's list: what happened (the verb when the person is its main person,
 * "Born", "Married"; otherwise the type and their role), the date and the place, and the other
 * people of SPEC §3's groups. The event opens with `onOpen`; a person opens their page.
 */
export function PersonEventRow({ treeId, event, personId, onOpen, children }: PersonEventRowProps) {
  const { t } = useTranslation();
  const typeName = useEventTypeName();
  const typeVerb = useEventTypeVerb();
  const roleName = useRoleName();
  const role = roleInEvent(event, personId);
  const isMain = role === 'primary';
  const date = formatEventDate(event, currentLanguage());
  const others = shownParticipants(event, personId);
  // The verb reads naturally for the main person without a subtype ("Cremation" says more than "buried"),
  // and for "other" when it has one of its own ("Military service", not "took part", for a file's EVEN).
  const byVerb = isMain && !event.subtype && event.type !== 'fact' && (event.type !== 'other' || event.typeNameVerb);
  const name = byVerb ? capitalise(typeVerb(event)) : typeName(event);
  // A fact is its kind and its value: "Title: Queen of England".
  const isFact = event.type === 'fact';
  const heading =
    isFact && event.description ? t('personEvents.list.fact', { kind: name, value: event.description }) : name;
  const detail = event.type === 'occupation' ? event.causeOfEvent : null;
  // Where an imported event's value is (EDUC's school, an EVEN's text), the description says what it was.
  const said = event.type === 'education' || event.type === 'other' ? event.description : null;

  const summary = (
    <>
      <Group gap={6} wrap="wrap" align="baseline">
        <Text fw={600} data-testid="person-event-heading">
          {detail ? `${heading} ${detail}` : heading}
        </Text>
        {role && !isMain ? (
          <Badge variant="light" color="gray" size="sm" radius="sm" data-testid="person-event-role">
            {roleName(role)}
          </Badge>
        ) : null}
      </Group>
      {/* A fact without a date is simply true of the person: no "No date" under it. */}
      {date || !isFact ? (
        <Text size="sm" c={date ? undefined : 'dimmed'} data-testid="person-event-date">
          {date || t('personEvents.list.noDate')}
        </Text>
      ) : null}
      {event.location ? (
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconMapPin aria-hidden size={14} style={{ flex: 'none' }} />
          <Text size="sm" truncate="end" data-testid="person-event-place">
            {event.location.text}
          </Text>
        </Group>
      ) : null}
      {event.causeOfEvent && !detail ? (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {event.causeOfEvent}
        </Text>
      ) : null}
      {said ? (
        <Text size="sm" c="dimmed" lineClamp={2} data-testid="person-event-description">
          {said}
        </Text>
      ) : null}
    </>
  );

  return (
    <li className={classes.row} data-testid="person-event" data-event-id={event.id} data-event-type={event.type}>
      {onOpen ? (
        <UnstyledButton
          className={classes.open}
          onClick={() => onOpen(event.id)}
          // Named by what it shows (what, when, where): a label of its own would hide the visible words.
          data-testid="person-event-open"
        >
          {summary}
        </UnstyledButton>
      ) : (
        <div className={classes.shown}>{summary}</div>
      )}
      {others.length > 0 ? (
        <Group gap={6} mt={6} className={classes.people} data-testid="person-event-people">
          {others.map((other) => (
            <PersonChip
              key={other.personId}
              person={{ ...other, id: other.personId }}
              to={personHref(treeId, other.personId)}
              note={other.role === 'primary' ? undefined : roleName(other.role)}
              testId="person-event-person"
            />
          ))}
        </Group>
      ) : null}
      {children}
    </li>
  );
}
