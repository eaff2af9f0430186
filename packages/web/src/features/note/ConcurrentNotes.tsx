import { Button, Collapse, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconNotes } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { NoteModal } from './LazyNoteModal.tsx';
import { mergeNotes } from './local-notes.ts';
import { NoteCard } from './NoteCard.tsx';
import { noteQueries } from './queries.ts';

export interface ConcurrentNotesProps {
  treeId: string;
  /** The events whose notes are listed together (the contemporary residences). */
  eventIds: readonly string[];
  'data-testid'?: string;
}

/**
 * SPEC §2 "list of concurrent residents' notes": the notes of other events (the residences
 * contemporary with one), fetched one event at a time (GET event/{id}/notes) and merged, each note
 * once. Read-only; folded behind a button that tells how many there are. Shows nothing when none.
 */
export function ConcurrentNotes({
  treeId,
  eventIds,
  'data-testid': testId = 'concurrent-notes',
}: ConcurrentNotesProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [viewing, setViewing] = useState<{ title: string | null; text: string; key: number } | null>(null);
  const results = useQueries({ queries: eventIds.map((eventId) => noteQueries.ofEvent(treeId, eventId)) });
  const failed = results.find((result) => result.isError);
  const notes = mergeNotes(results.map((result) => result.data?.notes ?? []));

  if (failed) return <FormError message={t(errorKey(failed.error))} testId={`${testId}-error`} />;
  if (notes.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId} data-count={notes.length}>
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconNotes aria-hidden size={14} />}
        rightSection={isOpen ? <IconChevronUp aria-hidden size={14} /> : <IconChevronDown aria-hidden size={14} />}
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        style={{ alignSelf: 'flex-start' }}
        data-testid={`${testId}-toggle`}
      >
        {t('notes.concurrent.toggle', { number: notes.length })}
      </Button>
      <Collapse expanded={isOpen}>
        <Stack
          gap={6}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('notes.concurrent.title')}
        >
          {notes.map((note) => (
            <NoteCard
              key={note.id}
              title={note.title}
              text={note.text}
              noteId={note.id}
              onView={() => setViewing({ title: note.title, text: note.text, key: Date.now() })}
            />
          ))}
        </Stack>
      </Collapse>
      {viewing ? <NoteModal key={viewing.key} mode="view" note={viewing} onClose={() => setViewing(null)} /> : null}
    </Stack>
  );
}
