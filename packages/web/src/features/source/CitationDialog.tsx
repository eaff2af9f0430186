import type { Citation, CitationSummary } from '@anor/core';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { codeKey, errorKey, type TranslationKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { ownSubmit } from '../../lib/own-submit.ts';
import { type LocalNote, NoteList, newNotesOf, RichTextView } from '../note/index.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { CitationDetailsFields, CitationDetailsView } from './CitationDetails.tsx';
import { DeleteSourceModal } from './DeleteSourceModal.tsx';
import { DuplicateSourceModal } from './DuplicateSourceModal.tsx';
import { sourceLimitCodeOf } from './limit-error.ts';
import {
  citationConflictOf,
  refreshSource,
  useCreateCitation,
  useDeleteCitation,
  useUpdateCitation,
} from './mutations.ts';
import { sourceQueries } from './queries.ts';
import { SourceChooser } from './SourceChooser.tsx';
import { CitationConflictAlert } from './SourceConflictAlert.tsx';
import {
  type FrameControls,
  SOURCE_DIALOG_Z_INDEX,
  SourceField,
  SourceText,
  SourceTimestamps,
  StoredSourceDialog,
} from './SourceDialogFrame.tsx';
import { type OpenCitationOptions, useSourceDialog } from './SourceDialogProvider.tsx';
import { SourceMedia } from './SourceMedia.tsx';
import { SourceUrl } from './SourceUrl.tsx';
import { useSourceEdit } from './source-edit.ts';
import {
  type CitationDraft,
  citationDraftOf,
  citationErrors,
  citationInputOf,
  isCitationChanged,
  newCitationDraft,
  type SourceFormErrors,
  serverSourceErrors,
} from './source-form.ts';
import { deletePlanOf, findDuplicateCitation, type SourceDeleteChoice } from './source-rules.ts';
import { TranscriptionModal } from './TranscriptionModal.tsx';
import { UsedInList } from './UsedInList.tsx';

export interface CitationDialogProps {
  treeId: string;
  /** A stored citation, or null for a new one. */
  id: string | null;
  options: OpenCitationOptions;
  isTop: boolean;
  isStacked?: boolean;
  onClosed: () => void;
}

/** A citation as the panels and lists keep it. */
export function citationSummaryOf(citation: Citation): CitationSummary {
  return {
    id: citation.id,
    whereWithinSourceText: citation.whereWithinSourceText,
    whereWithinSourceURL: citation.whereWithinSourceURL,
    record: citation.record ? { id: citation.record.id, title: citation.record.title } : null,
  };
}

/**
 * The citation dialog of SPEC §2: the record it cites (chosen, or created on the spot), where in
 * it, a URL (a link when valid, struck through when not), the transcription in its own rich-text
 * modal, notes, the read-only "used in" list, timestamps, save and delete.
 */
export function CitationDialog({ treeId, id, options, isTop, isStacked, onClosed }: CitationDialogProps) {
  const { t } = useTranslation();
  return (
    <StoredSourceDialog
      historyPath="source/citation"
      treeId={treeId}
      id={id}
      query={(sourceId) => sourceQueries.citation(treeId, sourceId)}
      titles={{ stored: t('sources.citation.title'), new: t('sources.citation.newTitle') }}
      testId="citation-dialog"
      isTop={isTop}
      isStacked={isStacked}
      onClosed={onClosed}
    >
      {(citation, canEdit, controls) => (
        <CitationContent
          key={citation?.id ?? 'new'}
          treeId={treeId}
          citation={citation}
          options={options}
          canEdit={canEdit}
          controls={controls}
        />
      )}
    </StoredSourceDialog>
  );
}

interface CitationContentProps {
  treeId: string;
  citation: Citation | null;
  options: OpenCitationOptions;
  canEdit: boolean;
  controls: FrameControls;
}

type OpenModal = 'transcription' | 'delete' | 'duplicate' | null;

function CitationContent({ treeId, citation, options, canEdit, controls }: CitationContentProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sourceDialog = useSourceDialog();
  const [initial, setInitial] = useState<CitationDraft>(() =>
    citation ? citationDraftOf(citation) : newCitationDraft(options.record ?? null),
  );
  // The version the edit started from, whose revision a save sends; after a conflict, the stored one.
  const edit = useSourceEdit(treeId, 'citation', citation, citationConflictOf);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<SourceFormErrors>({});
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [duplicate, setDuplicate] = useState<CitationSummary | null>(null);
  const [limitCode, setLimitCode] = useState<TranslationKey | null>(null);
  // A new source's notes, sent with it (SPEC §4); a stored source's notes are saved at once.
  const [localNotes, setLocalNotes] = useState<LocalNote[]>([]);
  const [isNoteModalOpen, setNoteModalOpen] = useState(false);
  const [isUsedInModalOpen, setUsedInModalOpen] = useState(false);
  const [isMediaModalOpen, setMediaModalOpen] = useState(false);
  const [isChecking, setChecking] = useState(false);
  const createCitation = useCreateCitation(treeId);
  const updateCitation = useUpdateCitation(treeId);
  const deleteCitation = useDeleteCitation(treeId);
  const isDirty = canEdit && isCitationChanged(initial, draft);
  const { onDirtyChange, onModalChange, close } = controls;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const isModalOpen =
    openModal !== null || limitCode !== null || isNoteModalOpen || isUsedInModalOpen || isMediaModalOpen;
  useEffect(() => onModalChange(isModalOpen), [isModalOpen, onModalChange]);

  const change = (next: Partial<CitationDraft>, ...fields: string[]) => {
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
    setErrors(isApiError(error) ? serverSourceErrors('citation', error) : { form: errorKey(error) });
  };

  const saved = (summary: CitationSummary, isNew: boolean) => {
    options.onSaved?.(summary, isNew);
    close();
  };

  const create = () =>
    createCitation.mutate(
      { citation: citationInputOf(draft), newNotes: newNotesOf(localNotes) },
      { onSuccess: (answer) => saved(citationSummaryOf(answer), true), onError: showServerError },
    );

  const save = async () => {
    const found = citationErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (citation) {
      const base = edit.base ?? citation;
      // SPEC §4: saving unchanged just closes.
      if (!isCitationChanged(initial, draft)) {
        saved(citationSummaryOf(base), false);
        return;
      }
      send(base);
      return;
    }
    // SPEC §4: a new citation of a chosen record may be one the record has already.
    if (draft.record) {
      setChecking(true);
      try {
        const { citations } = await queryClient.fetchQuery(sourceQueries.recordCitations(treeId, draft.record.id));
        const found = findDuplicateCitation(citations, draft);
        if (found) {
          setDuplicate(found);
          setOpenModal('duplicate');
          return;
        }
      } catch {
        // Without the comparison the citation is simply created.
      } finally {
        setChecking(false);
      }
    }
    create();
  };

  const send = (from: Citation) =>
    updateCitation.mutate(
      { id: from.id, citation: citationInputOf(draft), revision: from.revision },
      {
        onSuccess: (answer) => saved(citationSummaryOf(answer), false),
        onError: (error) => {
          if (!edit.catchConflict(error)) showServerError(error);
        },
      },
    );

  /** The conflict's ways out: the stored citation replaces the form, or the typed one is saved over it. */
  const takeStored = () => {
    const stored = edit.takeStored();
    if (!stored) return;
    setInitial(citationDraftOf(stored));
    setDraft(citationDraftOf(stored));
    setErrors({});
  };

  const saveOver = () => {
    const found = citationErrors(draft);
    setErrors(found);
    const stored = Object.keys(found).length === 0 ? edit.saveOver() : null;
    if (stored) send(stored);
  };

  const plan = deletePlanOf({ kind: 'citation', inParent: options.parent !== undefined });
  const parentName = options.parent?.kind === 'node' ? options.parent.name : options.parent ? options.parent.title : '';
  const runDelete = (choice: SourceDeleteChoice) => {
    if (!citation) return;
    if (choice === 'disengage') {
      const parent = options.parent;
      if (parent?.kind === 'node') {
        parent.onDisengage();
        close();
        return;
      }
      // Out of its record: the citation stays, without record.
      updateCitation.mutate(
        {
          id: citation.id,
          citation: citationInputOf({ ...citationDraftOf(citation), record: null }),
          revision: citation.revision,
        },
        {
          onSuccess: () => {
            setOpenModal(null);
            close();
          },
          // Saved elsewhere since it was shown: the error says so, and the dialog shows the stored citation.
          onError: (error) => {
            const stored = citationConflictOf(error);
            if (stored) void refreshSource(queryClient, treeId, 'citation', stored);
          },
        },
      );
      return;
    }
    deleteCitation.mutate(citation.id, {
      onSuccess: ({ deletedIds }) => {
        setOpenModal(null);
        options.onDeleted?.(deletedIds);
        close();
      },
    });
  };
  const deleteError = deleteCitation.error ?? (openModal === 'delete' ? updateCitation.error : null);
  const name = citation?.whereWithinSourceText || citation?.record?.title || t('sources.placeholders.noPage');

  const chooseRecord = (record: { id: string; title: string } | null) => change({ record }, 'record');

  if (!canEdit) {
    return citation ? (
      <CitationView
        treeId={treeId}
        citation={citation}
        options={options}
        onModalChange={onModalChange}
        onMediaModalChange={setMediaModalOpen}
      />
    ) : null;
  }

  return (
    <form
      noValidate
      onSubmit={ownSubmit(() => void save())}
      data-testid="citation-form"
      data-citation-id={citation?.id}
    >
      <Stack gap="md">
        <SourceChooser
          treeId={treeId}
          kind="record"
          value={draft.record}
          onChange={chooseRecord}
          label={t('sources.citation.record')}
          placeholder={t('sources.citation.recordPlaceholder')}
          emptyText={t('sources.placeholders.noSourceSelected')}
          createLabel={t('sources.record.new')}
          onCreate={(title) =>
            sourceDialog.openRecord(null, {
              title,
              onSaved: (record) => chooseRecord(record),
            })
          }
          onOpen={(record) => sourceDialog.openRecord(record.id)}
          error={errorText('record')}
          testId="citation-record"
        />
        <TextInput
          label={t('sources.citation.whereWithin')}
          description={t('sources.citation.whereWithinHint')}
          maxLength={2000}
          autoComplete="off"
          value={draft.whereWithinSourceText}
          onChange={(event) => change({ whereWithinSourceText: event.currentTarget.value }, 'whereWithinSourceText')}
          error={errorText('whereWithinSourceText')}
          data-testid="citation-where"
        />
        <Stack gap={4}>
          <TextInput
            type="url"
            label={t('sources.fields.url')}
            placeholder="https://…"
            autoComplete="off"
            value={draft.whereWithinSourceURL}
            onChange={(event) => change({ whereWithinSourceURL: event.currentTarget.value }, 'whereWithinSourceURL')}
            error={errorText('whereWithinSourceURL')}
            data-testid="citation-url"
          />
          {draft.whereWithinSourceURL.trim() ? (
            <SourceUrl url={draft.whereWithinSourceURL} testId="citation-url-preview" />
          ) : null}
        </Stack>
        <CitationDetailsFields
          value={draft.details}
          onChange={(field, text) => change({ details: { ...draft.details, [field]: text } }, field)}
          errorText={errorText}
        />
        <SourceField label={t('sources.citation.transcription')} testId="citation-transcription">
          <Paper withBorder radius="sm" p="sm">
            <RichTextView
              html={draft.textFromSource}
              emptyText={t('sources.citation.noTranscription')}
              data-testid="citation-transcription-text"
            />
          </Paper>
          <Group>
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPencil aria-hidden size={16} />}
              onClick={() => setOpenModal('transcription')}
              data-testid="citation-transcription-edit"
            >
              {t('sources.citation.editTranscription')}
            </Button>
          </Group>
          {errorText('textFromSource') ? (
            <Text size="sm" c="red" role="alert">
              {errorText('textFromSource')}
            </Text>
          ) : null}
        </SourceField>

        <NoteList
          treeId={treeId}
          nodeId={citation?.id}
          canEdit
          localNotes={localNotes}
          onLocalChange={setLocalNotes}
          onModalChange={setNoteModalOpen}
          data-testid="citation-notes"
        />

        {citation ? (
          <SourceMedia
            treeId={treeId}
            node={{ id: citation.id, kind: 'citation' }}
            canEdit
            onModalChange={setMediaModalOpen}
          />
        ) : null}

        {citation ? (
          <SourceField label={t('sources.usedIn.title')}>
            <UsedInList
              treeId={treeId}
              connectedNodes={citation.connectedNodes}
              fromNodeId={options.fromNodeId}
              onModalChange={setUsedInModalOpen}
            />
          </SourceField>
        ) : null}

        {edit.conflict ? (
          <CitationConflictAlert stored={edit.conflict} onTakeStored={takeStored} onSaveOver={saveOver} />
        ) : null}
        <FormError message={errorText('form')} testId="citation-form-error" />
        {citation ? <SourceTimestamps createdAt={citation.createdAt} updatedAt={citation.updatedAt} /> : null}

        <Group justify="space-between" gap="xs">
          <div>
            {citation ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash aria-hidden size={18} />}
                onClick={() => setOpenModal('delete')}
                data-testid="citation-delete"
              >
                {t('sources.dialog.delete')}
              </Button>
            ) : null}
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={controls.requestClose} data-testid="citation-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={createCitation.isPending || updateCitation.isPending || isChecking}
              disabled={edit.conflict !== null}
              data-testid="citation-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>

      <TranscriptionModal
        opened={openModal === 'transcription'}
        value={draft.textFromSource}
        onDone={(html) => {
          change({ textFromSource: html }, 'textFromSource');
          setOpenModal(null);
        }}
        onCancel={() => setOpenModal(null)}
      />
      {citation ? (
        <DeleteSourceModal
          opened={openModal === 'delete'}
          kind="citation"
          plan={plan}
          name={name}
          childrenCount={0}
          parentName={parentName}
          isPending={deleteCitation.isPending || updateCitation.isPending}
          error={deleteError ? t(errorKey(deleteError)) : undefined}
          onChoose={runDelete}
          onCancel={() => {
            deleteCitation.reset();
            setOpenModal(null);
          }}
        />
      ) : null}
      <DuplicateSourceModal
        opened={openModal === 'duplicate'}
        title={t('sources.duplicate.citationTitle')}
        text={t('sources.duplicate.citationText', {
          page: duplicate?.whereWithinSourceText || t('sources.placeholders.noPage'),
          record: draft.record?.title ?? '',
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
        testId="citation-duplicate"
      />
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} zIndex={SOURCE_DIALOG_Z_INDEX + 100} />
    </form>
  );
}

/** The citation without edit rights (SPEC §6): the same fields as text. */
function CitationView({
  treeId,
  citation,
  options,
  onModalChange,
  onMediaModalChange,
}: {
  treeId: string;
  citation: Citation;
  options: OpenCitationOptions;
  onModalChange: (isOpen: boolean) => void;
  onMediaModalChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation();
  const sourceDialog = useSourceDialog();
  return (
    <Stack gap="md" data-testid="citation-view" data-citation-id={citation.id}>
      <SourceField label={t('sources.citation.record')}>
        {citation.record ? (
          <Button
            variant="subtle"
            size="compact-sm"
            px={0}
            onClick={() => citation.record && sourceDialog.openRecord(citation.record.id)}
            style={{ alignSelf: 'flex-start' }}
          >
            {citation.record.title}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('sources.placeholders.noSourceSelected')}
          </Text>
        )}
      </SourceField>
      <SourceField label={t('sources.citation.whereWithin')}>
        {citation.whereWithinSourceText ? (
          <SourceText value={citation.whereWithinSourceText} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('sources.placeholders.noPage')}
          </Text>
        )}
      </SourceField>
      <SourceField label={t('sources.fields.url')}>
        <SourceUrl url={citation.whereWithinSourceURL} testId="citation-url-link" />
      </SourceField>
      <CitationDetailsView value={citationDraftOf(citation).details} />
      <SourceField label={t('sources.citation.transcription')}>
        <RichTextView html={citation.textFromSource} emptyText={t('sources.citation.noTranscription')} />
      </SourceField>
      <NoteList treeId={treeId} nodeId={citation.id} canEdit={false} data-testid="citation-notes" />
      <SourceMedia
        treeId={treeId}
        node={{ id: citation.id, kind: 'citation' }}
        canEdit={false}
        onModalChange={onMediaModalChange}
      />
      <SourceField label={t('sources.usedIn.title')}>
        <UsedInList
          treeId={treeId}
          connectedNodes={citation.connectedNodes}
          fromNodeId={options.fromNodeId}
          onModalChange={onModalChange}
        />
      </SourceField>
      <SourceTimestamps createdAt={citation.createdAt} updatedAt={citation.updatedAt} />
    </Stack>
  );
}
