import { type Event, type EventSubtype, formatEventDate, type Language, subtypesOf } from '@anor/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** What naming a type needs of an event: its type, and the subtype or own name when it has one. */
export interface NamedEventType {
  type: Event['type'];
  subtype?: string | null;
  typeName?: string | null;
  typeNameVerb?: string | null;
}

/** The event's subtype when it is one of its type's subtypes. */
function subtypeOf(event: NamedEventType): EventSubtype | null {
  return subtypesOf(event.type).find((subtype) => subtype === event.subtype) ?? null;
}

/**
 * The name of an event's type as a list shows it: the user's own name for "other" when given,
 * the subtype's name when set ("Cremation" rather than "Burial"; a fact's kind, "Title"), a
 * fact's own kind as written ("Hobby", GEDCOM FACT's TYPE), else the type's name.
 */
export function useEventTypeName(): (event: NamedEventType) => string {
  const { t } = useTranslation();
  return useCallback(
    (event: NamedEventType) => {
      if (event.type === 'other' && event.typeName?.trim()) return event.typeName.trim();
      const subtype = subtypeOf(event);
      if (subtype) return t(`events.subtypes.${subtype}`);
      if (event.type === 'fact' && event.typeName?.trim()) return event.typeName.trim();
      return t(`events.types.${event.type}.name`);
    },
    [t],
  );
}

/** The past-tense verb of an event's type ("born", "married"), or the user's own verb for "other". */
export function useEventTypeVerb(): (event: NamedEventType) => string {
  const { t } = useTranslation();
  return useCallback(
    (event: NamedEventType) => {
      if (event.type === 'other' && event.typeNameVerb?.trim()) return event.typeNameVerb.trim();
      return t(`events.types.${event.type}.verb`);
    },
    [t],
  );
}

/** An event's type name as text (see `useEventTypeName`). */
export function EventTypeLabel({ event }: { event: NamedEventType }) {
  const typeName = useEventTypeName();
  return <>{typeName(event)}</>;
}

/** An event's date as it is read in the language ("about 1850", "1850 – 1855"); empty without a date. */
export function formatEventDateLabel(
  event: Pick<Event, 'startDate' | 'startDateType' | 'endDate' | 'endDateType'>,
  language: Language,
): string {
  return formatEventDate(event, language);
}
