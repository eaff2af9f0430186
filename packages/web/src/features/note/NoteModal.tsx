import { type CitationSummary, type Note, textLimits } from '@anor/core';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useFormat } from '../../i18n/format.ts';
import { codeKey, errorKey } from '../../i18n/messages.ts';
import { useRevisionEdit } from '../../lib/conflict.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { StoredConflictAlert } from '../../lib/StoredConflictAlert.tsx';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { ObjectHistory } from '../history/ObjectHistory.tsx';
import { ConfirmModal } from '../location/ConfirmModal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { SourcePanel } from '../source/SourcePanel.tsx';
import { RichTextEditor } from './lazy-editor.ts';
import { noteConflictOf, refreshNote } from './mutations.ts';
import {
  draftOfNote,
  hasNoteErrors,
  isNoteDraftChanged,
  type NoteDraft,
  type NoteDraftErrors,
  noteDraftErrors,
  noteInputOfDraft,
} from './note-form.ts';
import { RichTextEditorFallback } from './RichTextEditorFallback.tsx';
import { RichTextView } from './RichTextView.tsx';
import { plainTextOf } from './rich-text.ts';

export type NoteModalMode = 'add' | 'edit' | 'view';

/** What a save sends: `revision` is the stored note's the edit started from (absent: a new or local note). */
export interface NoteSaveInput {
  title: string | null;
  text: string;
  sourceIds?: string[];
  revision?: number;
}

export interface NoteModalProps {
  mode: NoteModalMode;
  /** The note as it is (edit, view), or null for a new one. */
  note: {
    /** A stored note's id (its history, issue 21). */
    id?: string;
    title: string | null;
    text: string;
    createdAt?: string;
    updatedAt?: string;
    citations?: readonly CitationSummary[];
    /** A stored note's revision: a save sends it, and one saved elsewhere since meets the conflict. */
    revision?: number;
  } | null;
  /**
   * The tree, where the note can carry sources (a note of a saved item, SPEC §3 "notes … sources"):
   * the modal shows its citations and lets an editor add or take them out. Without it, no sources.
   */
  treeId?: string;
  /**
   * Saves the note (add, edit). The modal closes when it resolves and shows the error when it
   * throws; without it the note can only be viewed. `sourceIds` only where `treeId` is given. A
   * rejection with `note.error.conflict` is shown as the conflict, the typed note kept.
   */
  onSave?: (input: NoteSaveInput) => Promise<unknown> | undefined;
  /** Called once the modal has faded out (closed, saved or discarded): unmount it then. */
  onClose: () => void;
}

function sameIds(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  return a.length === b.length && a.every((item, index) => item.id === b[index]?.id);
}

/** Where a server error shows: under the title, under the text, or above the buttons. */
function serverErrorsOf(error: unknown): NoteDraftErrors & { form?: string } {
  if (!isApiError(error)) return { form: errorKey(error) };
  const errors: NoteDraftErrors & { form?: string } = {};
  for (const issue of error.fieldIssues) {
    if (issue.path.includes('title')) errors.title ??= issue.code;
    else if (issue.path.includes('text')) errors.text ??= issue.code;
  }
  if (error.code === 'common.error.text' || error.code === 'note.validation.textTooLong') errors.text ??= error.code;
  if (!errors.title && !errors.text) errors.form = errorKey(error);
  return errors;
}

/**
 * The note modal of SPEC §2: add, edit or view a note (title and rich text). An empty text is
 * refused with `common.error.text` before anything is sent (SPEC §5); closing with changes asks
 * first (SPEC §4). Mount it for each opening (it opens itself) and unmount it in `onClose`.
 */
export function NoteModal({ mode: initialMode, note, treeId, onSave, onClose }: NoteModalProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const modalProps = usePersonModalProps('lg');
  const [mode, setMode] = useState<NoteModalMode>(onSave ? initialMode : 'view');
  const [isOpened, setOpened] = useState(true);
  const returnFocus = useReturnFocus();
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState(() => draftOfNote(note));
  // The version the edit started from, whose revision a save sends; after a conflict, the stored one.
  const edit = useRevisionEdit<NoteModalProps['note'], Note>(note, {
    conflictOf: noteConflictOf,
    onTakeStored: (stored) => {
      if (treeId) void refreshNote(queryClient, treeId, stored);
    },
  });
  const [draft, setDraft] = useState<NoteDraft>(initial);
  const [errors, setErrors] = useState<NoteDraftErrors & { form?: string }>({});
  const [isSaving, setSaving] = useState(false);
  const [isAsking, setAsking] = useState(false);
  const [sources, setSources] = useState<CitationSummary[]>(() => [...(note?.citations ?? [])]);
  const [isSourceModalOpen, setSourceModalOpen] = useState(false);
  const sourcesChanged = treeId !== undefined && !sameIds(edit.base?.citations ?? [], sources);
  const isDirty = mode !== 'view' && (isNoteDraftChanged(initial, draft) || sourcesChanged);

  const close = () => setOpened(false);
  const requestClose = () => {
    if (isDirty) setAsking(true);
    else close();
  };

  const change = (next: Partial<NoteDraft>, field: 'title' | 'text') => {
    setDraft((previous) => ({ ...previous, ...next }));
    setErrors((previous) =>
      previous[field] || previous.form ? { ...previous, [field]: undefined, form: undefined } : previous,
    );
  };

  const save = async () => {
    const found = noteDraftErrors(draft);
    setErrors(found);
    if (hasNoteErrors(found) || !onSave) return;
    // SPEC §4: saving an unchanged note just closes.
    if (mode === 'edit' && !isNoteDraftChanged(initial, draft) && !sourcesChanged) {
      close();
      return;
    }
    await send(edit.base?.revision);
  };

  const send = async (revision: number | undefined) => {
    if (!onSave) return;
    setSaving(true);
    try {
      const input = { ...noteInputOfDraft(draft), ...(revision === undefined ? {} : { revision }) };
      await onSave(treeId ? { ...input, sourceIds: sources.map((source) => source.id) } : input);
      close();
    } catch (error) {
      if (!edit.catchConflict(error)) setErrors(serverErrorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  /** The conflict's ways out: the stored note replaces the form, or the typed one is saved over it. */
  const takeStored = () => {
    const stored = edit.takeStored();
    if (!stored) return;
    setInitial(draftOfNote(stored));
    setDraft(draftOfNote(stored));
    setSources([...stored.citations]);
    setErrors({});
  };

  const saveOver = () => {
    const found = noteDraftErrors(draft);
    setErrors(found);
    const stored = hasNoteErrors(found) ? null : edit.saveOver();
    if (stored) void send(stored.revision);
  };

  const errorText = (code: string | undefined) => (code ? t(codeKey(code)) : undefined);
  const title =
    mode === 'add'
      ? t('notes.modal.addTitle')
      : mode === 'edit'
        ? t('notes.modal.editTitle')
        : t('notes.modal.viewTitle');

  return (
    <Modal
      {...modalProps}
      opened={isOpened}
      onClose={requestClose}
      // A save sent for review closes as a save does, without asking: the proposal holds the changes.
      onProposed={close}
      onExitTransitionEnd={() => {
        returnFocus();
        onClose();
      }}
      // Above the event modal and the location dialog it may open from; below their questions.
      zIndex={300}
      closeOnEscape={!isAsking && !isSourceModalOpen}
      title={
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {title}
        </Text>
      }
      data-testid="note-modal"
      data-mode={mode}
    >
      {mode === 'view' ? (
        <Stack gap="md" data-testid="note-view">
          <Title
            order={2}
            fz="h3"
            style={{ overflowWrap: 'anywhere' }}
            c={note?.title ? undefined : 'dimmed'}
            data-testid="note-view-title"
          >
            {note?.title || t('notes.untitled')}
          </Title>
          <RichTextView html={note?.text ?? ''} data-testid="note-view-text" />
          {treeId && sources.length > 0 ? (
            <SourcePanel
              treeId={treeId}
              sources={sources}
              onChange={setSources}
              canEdit={false}
              nodeName={note?.title || t('notes.untitled')}
              onModalChange={setSourceModalOpen}
              testId="note-sources"
            />
          ) : null}
          {note?.createdAt && note.updatedAt ? (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('notes.created', { date: format.date(note.createdAt) })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('notes.updated', { date: format.date(note.updatedAt) })}
              </Text>
            </Stack>
          ) : null}
          {/* A stored note's history, for whoever may edit it (the tree's owner; issue 21). */}
          {treeId && onSave && note?.id && note.createdAt ? (
            <ObjectHistory treeId={treeId} path="note" id={note.id} />
          ) : null}
          <Group justify="flex-end" gap="xs">
            {onSave ? (
              <Button
                variant="default"
                leftSection={<IconPencil aria-hidden size={16} />}
                onClick={() => setMode('edit')}
                data-testid="note-modal-edit"
              >
                {t('notes.edit')}
              </Button>
            ) : null}
            <Button onClick={close} data-testid="note-modal-close">
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // The modal sits in the React tree of another form (the event editor): not its submit.
            event.stopPropagation();
            void save();
          }}
          data-testid="note-form"
        >
          <Stack gap="md">
            <TextInput
              label={t('notes.modal.titleLabel')}
              placeholder={t('notes.modal.titlePlaceholder')}
              maxLength={textLimits.noteTitle}
              value={draft.title}
              onChange={(event) => change({ title: event.currentTarget.value }, 'title')}
              error={errorText(errors.title)}
              autoComplete="off"
              data-autofocus
              data-testid="note-modal-title"
            />
            <Suspense fallback={<RichTextEditorFallback />}>
              <RichTextEditor
                value={draft.text}
                onChange={(text) => change({ text }, 'text')}
                label={t('notes.modal.textLabel')}
                placeholder={t('notes.modal.textPlaceholder')}
                error={errorText(errors.text)}
                data-testid="note-modal-text"
              />
            </Suspense>
            {treeId ? (
              <SourcePanel
                treeId={treeId}
                sources={sources}
                onChange={setSources}
                canEdit
                nodeName={draft.title.trim() || t('notes.untitled')}
                onModalChange={setSourceModalOpen}
                testId="note-sources"
              />
            ) : null}
            {edit.conflict ? (
              <StoredConflictAlert
                message={t('note.error.conflict')}
                stored={[
                  { label: t('notes.modal.titleLabel'), value: edit.conflict.title },
                  { label: t('notes.modal.textLabel'), value: plainTextOf(edit.conflict.text) },
                  ...(treeId
                    ? [
                        {
                          label: t('sources.navLink'),
                          value: t('conflict.sources', { count: edit.conflict.citations.length }),
                        },
                      ]
                    : []),
                ]}
                onTakeStored={takeStored}
                onSaveOver={saveOver}
                testId="note-conflict"
              />
            ) : null}
            <FormError message={errors.form ? t(codeKey(errors.form)) : undefined} testId="note-modal-error" />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={requestClose} data-testid="note-modal-cancel">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSaving} disabled={edit.conflict !== null} data-testid="note-modal-save">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ConfirmModal
        opened={isAsking}
        title={t('notes.unsaved.title')}
        confirmLabel={t('notes.unsaved.discard')}
        cancelLabel={t('notes.unsaved.keep')}
        color="red"
        onConfirm={() => {
          setAsking(false);
          close();
        }}
        onCancel={() => setAsking(false)}
        testId="note-discard"
      >
        {t('notes.unsaved.text')}
      </ConfirmModal>
    </Modal>
  );
}
