import type { Note } from '@anor/core';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconNotes, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { DeleteNoteModal } from './DeleteNoteModal.tsx';
import { NoteModal } from './LazyNoteModal.tsx';
import { type LocalNote, localNoteOf, withNote, withoutNote } from './local-notes.ts';
import { useCreateNote, useDeleteNote, useUnlinkNote, useUpdateNote } from './mutations.ts';
import { NoteCard } from './NoteCard.tsx';
import type { NoteModalMode, NoteSaveInput } from './NoteModal.tsx';
import { noteQueries } from './queries.ts';

export interface NoteListProps {
  treeId: string;
  /**
   * A saved item (person, event, place, citation, record, repository): its notes are fetched and
   * every change goes to the API at once. Without it the item is not saved yet and the list is
   * local (`localNotes`), sent by the caller as `newNotes` when it saves the item (SPEC §4).
   */
  nodeId?: string | null;
  canEdit: boolean;
  localNotes?: readonly LocalNote[];
  onLocalChange?: (notes: LocalNote[]) => void;
  /** Reports whether one of the list's modals is open (Escape then belongs to that modal). */
  onModalChange?: (isOpen: boolean) => void;
  /** The heading above the list; null leaves it out (a card that has its own). */
  label?: string | null;
  'data-testid'?: string;
}

/** A note as the list handles it: saved (with `note`) or local (with `tempId`). */
interface Item {
  key: string;
  title: string | null;
  text: string;
  note?: Note;
  local?: LocalNote;
}

type ModalTarget = { mode: NoteModalMode; item: Item | null; key: number };

function itemOfNote(note: Note): Item {
  return { key: note.id, title: note.title, text: note.text, note };
}

function itemOfLocal(local: LocalNote): Item {
  return { key: local.tempId, title: local.title, text: local.text, local };
}

/**
 * The notes of an item (SPEC §2 person page, event editor, location dialog, citation dialog):
 * each note's title and text, and for editors add, edit and delete (or disconnect, when other
 * items have the note too) through the note modal.
 */
export function NoteList({
  treeId,
  nodeId,
  canEdit,
  localNotes = [],
  onLocalChange,
  onModalChange,
  label,
  'data-testid': testId = 'note-list',
}: NoteListProps) {
  const { t } = useTranslation();
  const isLocal = !nodeId;
  const query = useQuery({ ...noteQueries.ofNode(treeId, nodeId ?? ''), enabled: !isLocal });
  const createNote = useCreateNote(treeId);
  const updateNote = useUpdateNote(treeId);
  const deleteNote = useDeleteNote(treeId);
  const unlinkNote = useUnlinkNote(treeId);
  const [modal, setModal] = useState<ModalTarget | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const isModalOpen = modal !== null || deleting !== null;
  useEffect(() => onModalChange?.(isModalOpen), [isModalOpen, onModalChange]);

  const items: Item[] = isLocal ? localNotes.map(itemOfLocal) : (query.data?.notes ?? []).map(itemOfNote);
  const open = (mode: NoteModalMode, item: Item | null) => setModal({ mode, item, key: Date.now() });

  const save = (item: Item | null) => async (input: NoteSaveInput) => {
    if (isLocal) {
      const next = item?.local
        ? { ...item.local, title: input.title, text: input.text }
        : localNoteOf({ title: input.title, text: input.text });
      onLocalChange?.(withNote(localNotes, next));
      return;
    }
    const { revision, ...note } = input;
    const sourceIds = note.sourceIds ?? item?.note?.sourceIds ?? [];
    if (item?.note) {
      await updateNote.mutateAsync({ noteId: item.note.id, note: { ...note, sourceIds }, revision });
      return;
    }
    await createNote.mutateAsync({ note: { ...note, sourceIds }, connectedNodeIds: [nodeId] });
  };

  const remove = (item: Item) => {
    if (item.local) {
      onLocalChange?.(withoutNote(localNotes, item.local));
      setDeleting(null);
      return;
    }
    if (item.note) deleteNote.mutate(item.note, { onSettled: () => setDeleting(null) });
  };

  const unlink = (item: Item) => {
    if (item.note && nodeId) unlinkNote.mutate({ note: item.note, nodeId }, { onSettled: () => setDeleting(null) });
  };

  const renderItems = () => {
    if (!isLocal && query.isPending) {
      return (
        <Stack gap="xs" aria-busy="true" aria-label={t('shell.loading')}>
          <Skeleton height={56} />
        </Stack>
      );
    }
    if (!isLocal && query.isError) {
      return (
        <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t(errorKey(query.error))}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void query.refetch()}>
              {t('shell.retry')}
            </Button>
          </Group>
        </Alert>
      );
    }
    if (items.length === 0) {
      return (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {t('notes.empty')}
        </Text>
      );
    }
    return (
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('notes.title')}>
        {items.map((item) => (
          <NoteCard
            key={item.key}
            title={item.title}
            text={item.text}
            noteId={item.note?.id}
            tempId={item.local?.tempId}
            onView={() => open('view', item)}
            onEdit={canEdit ? () => open('edit', item) : undefined}
            onDelete={canEdit ? () => setDeleting(item) : undefined}
          />
        ))}
      </Stack>
    );
  };

  const otherItems = deleting?.note ? deleting.note.connectedNodes.filter((node) => node.id !== nodeId).length : 0;

  const addButton = canEdit ? (
    <Button
      variant="light"
      size={label === null ? 'sm' : 'compact-sm'}
      leftSection={<IconPlus aria-hidden size={16} />}
      onClick={() => open('add', null)}
      style={label === null ? { alignSelf: 'flex-start' } : undefined}
      data-testid={`${testId}-add`}
    >
      {t('notes.add')}
    </Button>
  ) : null;

  return (
    <Stack gap="xs" data-testid={testId} data-local={isLocal || undefined} data-count={items.length}>
      {/* With a heading of its own the add button sits beside it; in a card that has one, below the notes. */}
      {label !== null ? (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconNotes aria-hidden size={16} color="var(--mantine-color-dimmed)" />
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
              {label ?? t('notes.title')}
            </Text>
          </Group>
          {addButton}
        </Group>
      ) : null}
      {renderItems()}
      {isLocal && items.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid={`${testId}-local-hint`}>
          {t('notes.localHint')}
        </Text>
      ) : null}
      {label === null ? addButton : null}

      {modal ? (
        <NoteModal
          key={modal.key}
          mode={modal.mode}
          note={modal.item ? { ...modal.item, ...modal.item.note } : null}
          // A saved item's notes are saved at once and can carry sources; a local note gets them once saved.
          treeId={isLocal ? undefined : treeId}
          onSave={canEdit ? save(modal.item) : undefined}
          onClose={() => setModal(null)}
        />
      ) : null}
      <DeleteNoteModal
        opened={deleting !== null}
        title={deleting?.title || t('notes.untitled')}
        otherItems={otherItems}
        isPending={deleteNote.isPending || unlinkNote.isPending}
        onDelete={() => deleting && remove(deleting)}
        onUnlink={() => deleting && unlink(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
