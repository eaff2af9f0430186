import type { Citation, EventSummary } from '@anor/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../i18n/index.ts';
import { eventHref, formatEventDateLabel, useEventTypeName } from '../event/index.ts';
import { locationHref } from '../location/paths.ts';
import { NoteModal, noteQueries } from '../note/index.ts';
import { useEventPersons } from './event-persons.ts';
import { SourceItemList, type SourceListItem } from './SourceItemList.tsx';

/** SPEC §9: the "used in" list is 500 px wide. */
const USED_IN_WIDTH = 500;

interface UsedInListProps {
  treeId: string;
  connectedNodes: Citation['connectedNodes'];
  /** The item the dialog was opened from: listed, but it does not open (it is open already). */
  fromNodeId?: string;
  /** Whether the note it opened is showing (Escape is then the note's). */
  onModalChange?: (isOpen: boolean) => void;
}

/** "Dop · Anna Rud 1850–1920" and "1850 · Sunne": an event as the list shows it, its persons with their years. */
function useEventRow() {
  const typeName = useEventTypeName();
  const eventPersons = useEventPersons();
  return (event: EventSummary) => {
    const persons = eventPersons(event);
    const date = formatEventDateLabel(event, currentLanguage());
    return {
      title: persons ? `${typeName(event)} · ${persons}` : typeName(event),
      detail: [date, event.place].filter(Boolean).join(' · '),
    };
  };
}

/**
 * The citation dialog's read-only "used in" list (SPEC §2): the events, places and notes citing
 * it. A row opens its item (an event's or place's page), except the item the dialog came from.
 */
export function UsedInList({ treeId, connectedNodes, fromNodeId, onModalChange }: UsedInListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const eventRow = useEventRow();
  // Notes have no page: one opens in the note modal, to read.
  const [shownNoteId, setShownNoteId] = useState<string | null>(null);
  useEffect(() => onModalChange?.(shownNoteId !== null), [shownNoteId, onModalChange]);

  const items: SourceListItem[] = [
    ...connectedNodes.events.map((event) => ({
      id: event.id,
      ...eventRow(event),
      onOpen: event.id === fromNodeId ? undefined : () => void navigate(eventHref(treeId, event.id)),
      data: { 'data-kind': 'event' },
    })),
    ...connectedNodes.locations.map((location) => ({
      id: location.id,
      title: location.name,
      detail: location.text !== location.name ? location.text : t('sources.usedIn.place'),
      onOpen: location.id === fromNodeId ? undefined : () => void navigate(locationHref(treeId, location.id)),
      data: { 'data-kind': 'location' },
    })),
    ...connectedNodes.notes.map((note) => ({
      id: note.id,
      title: note.title?.trim() || t('sources.usedIn.untitledNote'),
      detail: t('sources.usedIn.note'),
      onOpen: note.id === fromNodeId ? undefined : () => setShownNoteId(note.id),
      data: { 'data-kind': 'note' },
    })),
  ];

  return (
    <>
      <SourceItemList
        items={items}
        label={t('sources.usedIn.title')}
        emptyText={t('sources.placeholders.notUsed')}
        width={USED_IN_WIDTH}
        maxHeight={240}
        testId="citation-used-in"
        rowTestId="citation-used-in-row"
      />
      {shownNoteId ? <ShownNote treeId={treeId} noteId={shownNoteId} onClose={() => setShownNoteId(null)} /> : null}
    </>
  );
}

/** A note of "used in", read in the note modal once it is fetched. */
function ShownNote({ treeId, noteId, onClose }: { treeId: string; noteId: string; onClose: () => void }) {
  const query = useQuery(noteQueries.detail(treeId, noteId));
  useEffect(() => {
    if (query.isError) onClose();
  }, [query.isError, onClose]);
  return query.data ? <NoteModal mode="view" note={query.data} onClose={onClose} /> : null;
}
