import type { SourceRecord } from '@anor/core';
import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowMerge, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { codeKey, errorKey, type TranslationKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { ownSubmit } from '../../lib/own-submit.ts';
import { MergeModal } from '../merge/MergeModal.tsx';
import { type LocalNote, NoteList, newNotesOf } from '../note/index.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { DeleteSourceModal } from './DeleteSourceModal.tsx';
import { DuplicateSourceModal } from './DuplicateSourceModal.tsx';
import { sourceLimitCodeOf } from './limit-error.ts';
import {
  recordConflictOf,
  useCreateRecord,
  useDeleteRecord,
  useDisengageRecord,
  useUpdateRecord,
} from './mutations.ts';
import { sourceQueries } from './queries.ts';
import { SourceChooser } from './SourceChooser.tsx';
import { RecordConflictAlert } from './SourceConflictAlert.tsx';
import {
  type FrameControls,
  SOURCE_DIALOG_Z_INDEX,
  SourceField,
  SourceText,
  SourceTimestamps,
  StoredSourceDialog,
} from './SourceDialogFrame.tsx';
import { type OpenRecordOptions, useSourceDialog } from './SourceDialogProvider.tsx';
import { SourceItemList } from './SourceItemList.tsx';
import { SourceMedia } from './SourceMedia.tsx';
import { SourceUrl } from './SourceUrl.tsx';
import { useSourceEdit } from './source-edit.ts';
import {
  isRecordChanged,
  newRecordDraft,
  type RecordDraft,
  recordDraftOf,
  recordErrors,
  recordInputOf,
  type SourceChoice,
  type SourceFormErrors,
  serverSourceErrors,
} from './source-form.ts';
import { deletePlanOf, findDuplicateRecord, type SourceDeleteChoice } from './source-rules.ts';

export interface RecordDialogProps {
  treeId: string;
  id: string | null;
  options: OpenRecordOptions;
  isTop: boolean;
  isStacked?: boolean;
  onClosed: () => void;
}

/**
 * The record dialog of SPEC §2: the repository (chosen, or created on the spot), title, author,
 * reference, publication facts, URL, notes, its citations (each opening its dialog, and "add
 * citation"), timestamps, save and delete.
 */
export function RecordDialog({ treeId, id, options, isTop, isStacked, onClosed }: RecordDialogProps) {
  const { t } = useTranslation();
  return (
    <StoredSourceDialog
      historyPath="source/record"
      treeId={treeId}
      id={id}
      query={(sourceId) => sourceQueries.record(treeId, sourceId)}
      titles={{ stored: t('sources.record.title'), new: t('sources.record.newTitle') }}
      testId="record-dialog"
      isTop={isTop}
      isStacked={isStacked}
      onClosed={onClosed}
    >
      {(record, canEdit, controls) => (
        <RecordContent
          key={record?.id ?? 'new'}
          treeId={treeId}
          record={record}
          options={options}
          canEdit={canEdit}
          controls={controls}
        />
      )}
    </StoredSourceDialog>
  );
}

interface RecordContentProps {
  treeId: string;
  record: SourceRecord | null;
  options: OpenRecordOptions;
  canEdit: boolean;
  controls: FrameControls;
}

type OpenModal = 'delete' | 'duplicate' | 'merge' | null;

function RecordContent({ treeId, record, options, canEdit, controls }: RecordContentProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sourceDialog = useSourceDialog();
  const [initial, setInitial] = useState<RecordDraft>(() =>
    record ? recordDraftOf(record) : newRecordDraft(options.repository ?? null, options.title ?? ''),
  );
  // The version the edit started from, whose revision a save sends; after a conflict, the stored one.
  const edit = useSourceEdit(treeId, 'record', record, recordConflictOf);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SourceFormErrors>({});
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [duplicate, setDuplicate] = useState<SourceChoice | null>(null);
  const [limitCode, setLimitCode] = useState<TranslationKey | null>(null);
  // A new source's notes, sent with it (SPEC §4); a stored source's notes are saved at once.
  const [localNotes, setLocalNotes] = useState<LocalNote[]>([]);
  const [isNoteModalOpen, setNoteModalOpen] = useState(false);
  const [isMediaModalOpen, setMediaModalOpen] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const createRecord = useCreateRecord(treeId);
  const updateRecord = useUpdateRecord(treeId);
  const deleteRecord = useDeleteRecord(treeId);
  const disengageRecord = useDisengageRecord(treeId);
  const isDirty = canEdit && isRecordChanged(initial, draft);
  const { onDirtyChange, onModalChange, close } = controls;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const isModalOpen = openModal !== null || limitCode !== null || isNoteModalOpen || isMediaModalOpen;
  useEffect(() => onModalChange(isModalOpen), [isModalOpen, onModalChange]);

  const change = (next: Partial<RecordDraft>, ...fields: string[]) => {
    setDraft((previous) => ({ ...previous, ...next }));
    setErrors((previous) => {
      const rest = { ...previous };
      for (const field of [...fields, 'form']) delete rest[field];
      return rest;
    });
  };
  const errorText = (field: string) => (errors[field] ? t(codeKey(errors[field] ?? '')) : undefined);

  const showServerError = (error: unknown) => {
    const code = sourceLimitCodeOf(error);
    if (code) {
      setLimitCode(code);
      return;
    }
    setErrors(isApiError(error) ? serverSourceErrors('record', error) : { form: errorKey(error) });
  };

  const saved = (choice: SourceChoice, isNew: boolean) => {
    options.onSaved?.(choice, isNew);
    close();
  };

  const create = () =>
    createRecord.mutate(
      { record: recordInputOf(draft), newNotes: newNotesOf(localNotes) },
      { onSuccess: (answer) => saved({ id: answer.id, title: answer.title }, true), onError: showServerError },
    );

  const save = async () => {
    const found = recordErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (record) {
      const base = edit.base ?? record;
      if (!isRecordChanged(initial, draft)) {
        saved({ id: base.id, title: base.title }, false);
        return;
      }
      send(base);
      return;
    }
    // SPEC §4: a new record in a chosen repository may be one it holds already (the same title).
    if (draft.repository) {
      setChecking(true);
      try {
        const repository = await queryClient.fetchQuery(sourceQueries.repository(treeId, draft.repository.id));
        const found = findDuplicateRecord(repository.records, draft.title);
        if (found) {
          setDuplicate({ id: found.id, title: found.title });
          setOpenModal('duplicate');
          return;
        }
      } catch {
        // Without the comparison the record is simply created.
      } finally {
        setChecking(false);
      }
    }
    create();
  };

  const send = (from: SourceRecord) =>
    updateRecord.mutate(
      { id: from.id, record: recordInputOf(draft), revision: from.revision },
      {
        onSuccess: (answer) => saved({ id: answer.id, title: answer.title }, false),
        onError: (error) => {
          if (!edit.catchConflict(error)) showServerError(error);
        },
      },
    );

  /** The conflict's ways out: the stored record replaces the form, or the typed one is saved over it. */
  const takeStored = () => {
    const stored = edit.takeStored();
    if (!stored) return;
    setInitial(recordDraftOf(stored));
    setDraft(recordDraftOf(stored));
    setErrors({});
  };

  const saveOver = () => {
    const found = recordErrors(draft);
    setErrors(found);
    const stored = Object.keys(found).length === 0 ? edit.saveOver() : null;
    if (stored) send(stored);
  };

  const childrenCount = record?.citations.length ?? 0;
  const plan = deletePlanOf({ kind: 'record', childrenCount, inParent: options.parent?.kind === 'repository' });
  const parentName = options.parent && options.parent.kind !== 'node' ? options.parent.title : '';
  const runDelete = (choice: SourceDeleteChoice) => {
    if (!record) return;
    const done = () => {
      setOpenModal(null);
      close();
    };
    if (choice === 'disengage') {
      disengageRecord.mutate(record.id, { onSuccess: done });
      return;
    }
    deleteRecord.mutate(
      { id: record.id, withChildren: choice === 'withChildren' },
      {
        onSuccess: ({ deletedIds }) => {
          options.onDeleted?.(deletedIds);
          done();
        },
      },
    );
  };
  const deleteError = deleteRecord.error ?? disengageRecord.error;

  const chooseRepository = (repository: SourceChoice | null) => change({ repository }, 'repository');

  const citations = record ? (
    <SourceField label={t('sources.record.citations')}>
      <SourceItemList
        items={record.citations.map((citation) => ({
          id: citation.id,
          title: citation.whereWithinSourceText || t('sources.placeholders.noPage'),
          detail: citation.whereWithinSourceURL ?? undefined,
          onOpen: () =>
            sourceDialog.openCitation(citation.id, {
              parent: { kind: 'record', id: record.id, title: record.title },
            }),
        }))}
        label={t('sources.record.citations')}
        emptyText={t('sources.placeholders.noCitations')}
        maxHeight={240}
        testId="record-citations"
        rowTestId="record-citation"
      />
      {canEdit ? (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus aria-hidden size={16} />}
            onClick={() => sourceDialog.openCitation(null, { record: { id: record.id, title: record.title } })}
            data-testid="record-add-citation"
          >
            {t('sources.citation.add')}
          </Button>
        </Group>
      ) : null}
    </SourceField>
  ) : null;

  if (!canEdit) {
    return record ? (
      <Stack gap="md" data-testid="record-view" data-record-id={record.id}>
        <SourceField label={t('sources.record.repository')}>
          {record.repository ? (
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => record.repository && sourceDialog.openRepository(record.repository.id)}
            >
              {record.repository.title}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('sources.placeholders.noRepositorySelected')}
            </Text>
          )}
        </SourceField>
        <SourceField label={t('sources.record.titleLabel')}>
          <SourceText value={record.title} />
        </SourceField>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <SourceField label={t('sources.record.originator')}>
            <SourceText value={record.originator} />
          </SourceField>
          <SourceField label={t('sources.record.filedByEntry')}>
            <SourceText value={record.filedByEntry} />
          </SourceField>
        </SimpleGrid>
        <SourceField label={t('sources.record.publicationFacts')}>
          <SourceText value={record.publicationFacts} />
        </SourceField>
        <SourceField label={t('sources.fields.url')}>
          <SourceUrl url={record.url} />
        </SourceField>
        <NoteList treeId={treeId} nodeId={record.id} canEdit={false} data-testid="record-notes" />
        <SourceMedia
          treeId={treeId}
          node={{ id: record.id, kind: 'record' }}
          canEdit={false}
          onModalChange={setMediaModalOpen}
        />
        {citations}
        <SourceTimestamps createdAt={record.createdAt} updatedAt={record.updatedAt} />
      </Stack>
    ) : null;
  }

  return (
    <form noValidate onSubmit={ownSubmit(() => void save())} data-testid="record-form" data-record-id={record?.id}>
      <Stack gap="md">
        <SourceChooser
          treeId={treeId}
          kind="repository"
          value={draft.repository}
          onChange={chooseRepository}
          label={t('sources.record.repository')}
          placeholder={t('sources.record.repositoryPlaceholder')}
          emptyText={t('sources.placeholders.noRepositorySelected')}
          createLabel={t('sources.repository.new')}
          onCreate={(title) => sourceDialog.openRepository(null, { title, onSaved: chooseRepository })}
          onOpen={(repository) => sourceDialog.openRepository(repository.id)}
          error={errorText('repository')}
          testId="record-repository"
        />
        <TextInput
          label={t('sources.record.titleLabel')}
          required
          maxLength={1000}
          autoComplete="off"
          data-autofocus
          value={draft.title}
          onChange={(event) => change({ title: event.currentTarget.value }, 'title')}
          error={errorText('title')}
          data-testid="record-title"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('sources.record.originator')}
            maxLength={500}
            autoComplete="off"
            value={draft.originator}
            onChange={(event) => change({ originator: event.currentTarget.value }, 'originator')}
            error={errorText('originator')}
            data-testid="record-originator"
          />
          <TextInput
            label={t('sources.record.filedByEntry')}
            description={t('sources.record.filedByEntryHint')}
            maxLength={500}
            autoComplete="off"
            value={draft.filedByEntry}
            onChange={(event) => change({ filedByEntry: event.currentTarget.value }, 'filedByEntry')}
            error={errorText('filedByEntry')}
            data-testid="record-filed-by"
          />
        </SimpleGrid>
        <Textarea
          label={t('sources.record.publicationFacts')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={draft.publicationFacts}
          onChange={(event) => change({ publicationFacts: event.currentTarget.value }, 'publicationFacts')}
          error={errorText('publicationFacts')}
          data-testid="record-publication"
        />
        <Stack gap={4}>
          <TextInput
            type="url"
            label={t('sources.fields.url')}
            placeholder="https://…"
            autoComplete="off"
            value={draft.url}
            onChange={(event) => change({ url: event.currentTarget.value }, 'url')}
            error={errorText('url')}
            data-testid="record-url"
          />
          {draft.url.trim() ? <SourceUrl url={draft.url} testId="record-url-preview" /> : null}
        </Stack>

        <NoteList
          treeId={treeId}
          nodeId={record?.id}
          canEdit
          localNotes={localNotes}
          onLocalChange={setLocalNotes}
          onModalChange={setNoteModalOpen}
          data-testid="record-notes"
        />

        {record ? (
          <SourceMedia
            treeId={treeId}
            node={{ id: record.id, kind: 'record' }}
            canEdit
            onModalChange={setMediaModalOpen}
          />
        ) : null}

        {citations}

        {edit.conflict ? (
          <RecordConflictAlert stored={edit.conflict} onTakeStored={takeStored} onSaveOver={saveOver} />
        ) : null}
        <FormError message={errorText('form')} testId="record-form-error" />
        {record ? <SourceTimestamps createdAt={record.createdAt} updatedAt={record.updatedAt} /> : null}

        <Group justify="space-between" gap="xs">
          <div>
            {record ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash aria-hidden size={18} />}
                onClick={() => setOpenModal('delete')}
                data-testid="record-delete"
              >
                {t('sources.dialog.delete')}
              </Button>
            ) : null}
            {record ? (
              <Button
                variant="subtle"
                leftSection={<IconArrowMerge aria-hidden size={18} />}
                onClick={() => setOpenModal('merge')}
                data-testid="record-merge"
              >
                {t('nodeMerge.action')}
              </Button>
            ) : null}
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={controls.requestClose} data-testid="record-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={createRecord.isPending || updateRecord.isPending || isChecking}
              disabled={edit.conflict !== null}
              data-testid="record-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>

      {record ? (
        <DeleteSourceModal
          opened={openModal === 'delete'}
          kind="record"
          plan={plan}
          name={record.title}
          childrenCount={childrenCount}
          parentName={parentName}
          isPending={deleteRecord.isPending || disengageRecord.isPending}
          error={deleteError ? t(errorKey(deleteError)) : undefined}
          onChoose={runDelete}
          onCancel={() => {
            deleteRecord.reset();
            disengageRecord.reset();
            setOpenModal(null);
          }}
        />
      ) : null}
      <DuplicateSourceModal
        opened={openModal === 'duplicate'}
        title={t('sources.duplicate.recordTitle')}
        text={t('sources.duplicate.recordText', {
          title: duplicate?.title ?? '',
          repository: draft.repository?.title ?? '',
        })}
        onUseExisting={() => {
          setOpenModal(null);
          if (duplicate) saved(duplicate, false);
        }}
        onCreateNew={() => {
          setOpenModal(null);
          setDuplicate(null);
          create();
        }}
        onCancel={() => {
          setOpenModal(null);
          setDuplicate(null);
        }}
        testId="record-duplicate"
      />
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} zIndex={SOURCE_DIALOG_Z_INDEX + 100} />
      {record ? (
        <MergeModal
          treeId={treeId}
          kind="record"
          id={record.id}
          opened={openModal === 'merge'}
          onClose={() => setOpenModal(null)}
          onMerged={close}
          zIndex={SOURCE_DIALOG_Z_INDEX + 100}
        />
      ) : null}
    </form>
  );
}
