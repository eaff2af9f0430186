import type { Repository } from '@anor/core';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconArrowMerge, IconPlus, IconTrash } from '@tabler/icons-react';
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
import { sourceLimitCodeOf } from './limit-error.ts';
import { repositoryConflictOf, useCreateRepository, useDeleteRepository, useUpdateRepository } from './mutations.ts';
import { sourceQueries } from './queries.ts';
import { repositoryFieldLabels as fieldLabels, RepositoryConflictAlert } from './SourceConflictAlert.tsx';
import {
  type FrameControls,
  SOURCE_DIALOG_Z_INDEX,
  SourceField,
  SourceText,
  SourceTimestamps,
  StoredSourceDialog,
} from './SourceDialogFrame.tsx';
import { type OpenRepositoryOptions, useSourceDialog } from './SourceDialogProvider.tsx';
import { SourceItemList } from './SourceItemList.tsx';
import { SourceUrl } from './SourceUrl.tsx';
import { useSourceEdit } from './source-edit.ts';
import {
  isRepositoryChanged,
  newRepositoryDraft,
  type RepositoryDraft,
  type RepositoryField,
  repositoryDraftOf,
  repositoryErrors,
  repositoryFields,
  repositoryInputOf,
  type SourceFormErrors,
  serverSourceErrors,
} from './source-form.ts';
import { deletePlanOf, type SourceDeleteChoice } from './source-rules.ts';

export interface RepositoryDialogProps {
  treeId: string;
  id: string | null;
  options: OpenRepositoryOptions;
  isTop: boolean;
  isStacked?: boolean;
  onClosed: () => void;
}

const fieldTypes: Partial<Record<RepositoryField, string>> = { email: 'email', www: 'url', phone: 'tel', fax: 'tel' };

/** The name and the street address take a whole row; the rest go two by two. */
const wideFields = new Set<RepositoryField>(['title', 'address']);

/**
 * The repository dialog of SPEC §2: name, address, city, state, postal code, country, phone,
 * e-mail, fax, website, notes, its records (each opening its dialog, and "add record"), save and
 * delete.
 */
export function RepositoryDialog({ treeId, id, options, isTop, isStacked, onClosed }: RepositoryDialogProps) {
  const { t } = useTranslation();
  return (
    <StoredSourceDialog
      historyPath="source/repository"
      treeId={treeId}
      id={id}
      query={(sourceId) => sourceQueries.repository(treeId, sourceId)}
      titles={{ stored: t('sources.repository.title'), new: t('sources.repository.newTitle') }}
      testId="repository-dialog"
      isTop={isTop}
      isStacked={isStacked}
      onClosed={onClosed}
    >
      {(repository, canEdit, controls) => (
        <RepositoryContent
          key={repository?.id ?? 'new'}
          treeId={treeId}
          repository={repository}
          options={options}
          canEdit={canEdit}
          controls={controls}
        />
      )}
    </StoredSourceDialog>
  );
}

interface RepositoryContentProps {
  treeId: string;
  repository: Repository | null;
  options: OpenRepositoryOptions;
  canEdit: boolean;
  controls: FrameControls;
}

function RepositoryContent({ treeId, repository, options, canEdit, controls }: RepositoryContentProps) {
  const { t } = useTranslation();
  const sourceDialog = useSourceDialog();
  const [initial, setInitial] = useState<RepositoryDraft>(() =>
    repository ? repositoryDraftOf(repository) : newRepositoryDraft(options.title ?? ''),
  );
  // The version the edit started from, whose revision a save sends; after a conflict, the stored one.
  const edit = useSourceEdit(treeId, 'repository', repository, repositoryConflictOf);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SourceFormErrors>({});
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isMergeOpen, setMergeOpen] = useState(false);
  const [limitCode, setLimitCode] = useState<TranslationKey | null>(null);
  // A new source's notes, sent with it (SPEC §4); a stored source's notes are saved at once.
  const [localNotes, setLocalNotes] = useState<LocalNote[]>([]);
  const [isNoteModalOpen, setNoteModalOpen] = useState(false);
  const createRepository = useCreateRepository(treeId);
  const updateRepository = useUpdateRepository(treeId);
  const deleteRepository = useDeleteRepository(treeId);
  const isDirty = canEdit && isRepositoryChanged(initial, draft);
  const { onDirtyChange, onModalChange, close } = controls;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const isModalOpen = isDeleteOpen || isMergeOpen || limitCode !== null || isNoteModalOpen;
  useEffect(() => onModalChange(isModalOpen), [isModalOpen, onModalChange]);

  const change = (field: RepositoryField, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      const rest = { ...previous };
      delete rest[field];
      delete rest.form;
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
    setErrors(isApiError(error) ? serverSourceErrors('repository', error) : { form: errorKey(error) });
  };

  const saved = (answer: { id: string; title: string }, isNew: boolean) => {
    options.onSaved?.({ id: answer.id, title: answer.title }, isNew);
    close();
  };

  const save = () => {
    const found = repositoryErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!repository) {
      createRepository.mutate(
        { repository: repositoryInputOf(draft), newNotes: newNotesOf(localNotes) },
        { onSuccess: (answer) => saved(answer, true), onError: showServerError },
      );
      return;
    }
    if (!isRepositoryChanged(initial, draft)) {
      saved(edit.base ?? repository, false);
      return;
    }
    send(edit.base ?? repository);
  };

  const send = (from: Repository) =>
    updateRepository.mutate(
      { id: from.id, repository: repositoryInputOf(draft), revision: from.revision },
      {
        onSuccess: (answer) => saved(answer, false),
        onError: (error) => {
          if (!edit.catchConflict(error)) showServerError(error);
        },
      },
    );

  /** The conflict's ways out: the stored repository replaces the form, or the typed one is saved over it. */
  const takeStored = () => {
    const stored = edit.takeStored();
    if (!stored) return;
    setInitial(repositoryDraftOf(stored));
    setDraft(repositoryDraftOf(stored));
    setErrors({});
  };

  const saveOver = () => {
    const found = repositoryErrors(draft);
    setErrors(found);
    const stored = Object.keys(found).length === 0 ? edit.saveOver() : null;
    if (stored) send(stored);
  };

  const childrenCount = repository?.records.length ?? 0;
  const plan = deletePlanOf({ kind: 'repository', childrenCount });
  const runDelete = (choice: SourceDeleteChoice) => {
    if (!repository) return;
    deleteRepository.mutate(
      { id: repository.id, withChildren: choice === 'withChildren' },
      {
        onSuccess: ({ deletedIds }) => {
          setDeleteOpen(false);
          options.onDeleted?.(deletedIds);
          close();
        },
      },
    );
  };

  const records = repository ? (
    <SourceField label={t('sources.repository.records')}>
      <SourceItemList
        items={repository.records.map((record) => ({
          id: record.id,
          title: record.title,
          detail: [record.originator, t('sources.list.citationsCount', { count: record.citationsCount })]
            .filter(Boolean)
            .join(' · '),
          onOpen: () =>
            sourceDialog.openRecord(record.id, {
              parent: { kind: 'repository', id: repository.id, title: repository.title },
            }),
        }))}
        label={t('sources.repository.records')}
        emptyText={t('sources.placeholders.noRecords')}
        maxHeight={240}
        testId="repository-records"
        rowTestId="repository-record"
      />
      {canEdit ? (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus aria-hidden size={16} />}
            onClick={() =>
              sourceDialog.openRecord(null, { repository: { id: repository.id, title: repository.title } })
            }
            data-testid="repository-add-record"
          >
            {t('sources.record.add')}
          </Button>
        </Group>
      ) : null}
    </SourceField>
  ) : null;

  if (!canEdit) {
    return repository ? (
      <Stack gap="md" data-testid="repository-view" data-repository-id={repository.id}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {repositoryFields.map((field) => (
            <SourceField key={field} label={t(fieldLabels[field])}>
              {field === 'www' ? <SourceUrl url={repository.www} /> : <SourceText value={repository[field]} />}
            </SourceField>
          ))}
        </SimpleGrid>
        <NoteList treeId={treeId} nodeId={repository.id} canEdit={false} data-testid="repository-notes" />
        {records}
        <SourceTimestamps createdAt={repository.createdAt} updatedAt={repository.updatedAt} />
      </Stack>
    ) : null;
  }

  return (
    <form noValidate onSubmit={ownSubmit(save)} data-testid="repository-form" data-repository-id={repository?.id}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {repositoryFields.map((field) => (
            <TextInput
              key={field}
              type={fieldTypes[field] ?? 'text'}
              label={t(fieldLabels[field])}
              required={field === 'title'}
              placeholder={field === 'www' ? 'https://…' : undefined}
              autoComplete="off"
              data-autofocus={field === 'title' || undefined}
              value={draft[field]}
              onChange={(event) => change(field, event.currentTarget.value)}
              error={errorText(field)}
              style={wideFields.has(field) ? { gridColumn: '1 / -1' } : undefined}
              data-testid={`repository-${field}`}
            />
          ))}
        </SimpleGrid>
        {draft.www.trim() ? <SourceUrl url={draft.www} testId="repository-www-preview" /> : null}

        <NoteList
          treeId={treeId}
          nodeId={repository?.id}
          canEdit
          localNotes={localNotes}
          onLocalChange={setLocalNotes}
          onModalChange={setNoteModalOpen}
          data-testid="repository-notes"
        />

        {records}

        {edit.conflict ? (
          <RepositoryConflictAlert stored={edit.conflict} onTakeStored={takeStored} onSaveOver={saveOver} />
        ) : null}
        <FormError message={errorText('form')} testId="repository-form-error" />
        {repository ? <SourceTimestamps createdAt={repository.createdAt} updatedAt={repository.updatedAt} /> : null}

        <Group justify="space-between" gap="xs">
          <div>
            {repository ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash aria-hidden size={18} />}
                onClick={() => setDeleteOpen(true)}
                data-testid="repository-delete"
              >
                {t('sources.dialog.delete')}
              </Button>
            ) : null}
            {repository ? (
              <Button
                variant="subtle"
                leftSection={<IconArrowMerge aria-hidden size={18} />}
                onClick={() => setMergeOpen(true)}
                data-testid="repository-merge"
              >
                {t('nodeMerge.action')}
              </Button>
            ) : null}
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={controls.requestClose} data-testid="repository-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={createRepository.isPending || updateRepository.isPending}
              disabled={edit.conflict !== null}
              data-testid="repository-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>

      {repository ? (
        <DeleteSourceModal
          opened={isDeleteOpen}
          kind="repository"
          plan={plan}
          name={repository.title}
          childrenCount={childrenCount}
          parentName=""
          isPending={deleteRepository.isPending}
          error={deleteRepository.error ? t(errorKey(deleteRepository.error)) : undefined}
          onChoose={runDelete}
          onCancel={() => {
            deleteRepository.reset();
            setDeleteOpen(false);
          }}
        />
      ) : null}
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} zIndex={SOURCE_DIALOG_Z_INDEX + 100} />
      {repository ? (
        <MergeModal
          treeId={treeId}
          kind="repository"
          id={repository.id}
          opened={isMergeOpen}
          onClose={() => setMergeOpen(false)}
          onMerged={close}
          zIndex={SOURCE_DIALOG_Z_INDEX + 100}
        />
      ) : null}
    </form>
  );
}
