import { type Event, type EventType, eventSchema, eventTypes, fixedTypes, subtypesOf, textLimits } from '@anor/core';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useFormat } from '../../i18n/format.ts';
import { codeKey, errorKey, type TranslationKey } from '../../i18n/messages.ts';
import { emptyEventDateValue } from '../../lib/date-input/date-input-model.ts';
import { EventDateInput } from '../../lib/date-input/EventDateInput.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { ownSubmit } from '../../lib/own-submit.ts';
import { ConfirmModal } from '../location/ConfirmModal.tsx';
import { LocationPicker } from '../location/LocationPicker.tsx';
import { type LocalNote, NoteList } from '../note/index.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { SanityWarnings } from '../sanity/SanityWarnings.tsx';
import { sanityBodyOf, useSanityGate } from '../sanity/sanity-check.ts';
import { SourcePanel } from '../source/SourcePanel.tsx';
import { ConflictAlert } from './ConflictAlert.tsx';
import { ContemporaryResidences } from './ContemporaryResidences.tsx';
import { EditorLabel } from './EditorLabel.tsx';
import { EventParticipants } from './EventParticipants.tsx';
import {
  allowsDateRange,
  causeLabelOf,
  changeType,
  createInputOfDraft,
  draftErrors,
  draftOfEvent,
  type EventDraft,
  type EventErrors,
  inputOfDraft,
  isDraftChanged,
  type ParticipantDraft,
  serverErrors,
  suggestSourcesFor,
  withoutParticipant,
  withParticipant,
} from './editor-state.ts';
import { eventLimitCodeOf } from './limit-error.ts';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from './mutations.ts';
import { ParticipantDialog, type ParticipantDialogTarget } from './ParticipantDialog.tsx';
import { eventKeys } from './queries.ts';
import { Timestamps } from './Timestamps.tsx';
import { useEventTypeName } from './type-names.tsx';

export interface EventEditorProps {
  treeId: string;
  /** The saved event being edited, or null for a new one (also a copy). */
  event: Event | null;
  /** What the form starts with (the saved event, a new event's presets, or a copy). */
  initialDraft: EventDraft;
  /** SPEC §5: a copy's save needs a date and a place. */
  isCopy?: boolean;
  /** Types the type select cannot change to (a second birth or death of the person it was opened from). */
  restricted?: ReadonlySet<EventType>;
  /** Saved, or nothing to save: the event as stored. */
  onSaved: (event: Event, isNew: boolean) => void;
  onDeleted: (eventId: string) => void;
  /** SPEC §2 copy: open a new, unsaved event with the saved event's data. */
  onCopy: (event: Event) => void;
  onCancel: () => void;
  /** Open a participant's person page (the modal asks before discarding changes). */
  onShowPerson: (personId: string) => void;
  onDirtyChange: (isDirty: boolean) => void;
  /** Whether a modal of the editor's own is open (Escape is then that modal's). */
  onModalChange: (isOpen: boolean) => void;
  /**
   * Gives the title the focus when the editor shows: after the type picker, whose button had the
   * focus and is gone, so that the keyboard stays in the modal and a screen reader says where it is.
   */
  focusTitle?: boolean;
}

type OpenModal = 'delete' | null;

/** The stored event of a 409 `events.error.conflict` answer, when it is one. */
function conflictOf(error: unknown): Event | null {
  if (!isApiError(error) || error.code !== 'events.error.conflict') return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  const parsed = eventSchema.safeParse(details.current);
  return parsed.success ? parsed.data : null;
}

/**
 * The event editor of SPEC §2 in edit mode: header with the type (changeable except for other
 * and residence; other has its own name and verb) and a copy button for saved events, subtype,
 * date, cause, place, participants, description, save and delete. The rules of SPEC §5 are
 * checked before sending; the server's errors show under the fields they name. A save refused
 * because the event changed elsewhere keeps the form as typed and offers the stored version.
 */
export function EventEditor({
  treeId,
  event,
  initialDraft,
  isCopy = false,
  restricted,
  onSaved,
  onDeleted,
  onCopy,
  onCancel,
  onShowPerson,
  onDirtyChange,
  onModalChange,
  focusTitle = false,
}: EventEditorProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const typeName = useEventTypeName();
  const queryClient = useQueryClient();
  // The version the edit started from: after a conflict the user may take the stored one.
  const [base, setBase] = useState(event);
  const [initial, setInitial] = useState(initialDraft);
  const [draft, setDraft] = useState(initialDraft);
  const [errors, setErrors] = useState<EventErrors>({});
  const [conflict, setConflict] = useState<Event | null>(null);
  const [participantTarget, setParticipantTarget] = useState<ParticipantDialogTarget | null>(null);
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [limitCode, setLimitCode] = useState<TranslationKey | null>(null);
  // A new event's notes, written before it is saved and sent with it (SPEC §4); a saved event's notes are saved at once.
  const [localNotes, setLocalNotes] = useState<LocalNote[]>([]);
  const [isNoteModalOpen, setNoteModalOpen] = useState(false);
  const [isSourceModalOpen, setSourceModalOpen] = useState(false);
  const createEvent = useCreateEvent(treeId);
  const updateEvent = useUpdateEvent(treeId);
  const deleteEvent = useDeleteEvent(treeId);
  // Issue 19 item 7: the save step asks for sanity warnings first; "save anyway" goes on.
  const sanity = useSanityGate(treeId);
  const isDirty = isDraftChanged(initial, draft) || localNotes.length > 0;
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Raised whenever new errors (or the conflict notice) appear: the first of them is scrolled into view.
  const [errorsShown, setErrorsShown] = useState(0);
  const isPending = createEvent.isPending || updateEvent.isPending;

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  useEffect(() => {
    if (errorsShown === 0) return;
    const first = formRef.current?.querySelector('[role="alert"], [aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [errorsShown]);
  const isModalOpen =
    participantTarget !== null || openModal !== null || limitCode !== null || isNoteModalOpen || isSourceModalOpen;
  useEffect(() => onModalChange(isModalOpen), [isModalOpen, onModalChange]);

  const clearErrors = (...fields: string[]) =>
    setErrors((previous) => {
      if (!fields.some((field) => field in previous) && !('form' in previous)) return previous;
      const next = { ...previous };
      for (const field of [...fields, 'form']) delete next[field];
      return next;
    });

  const change = (next: Partial<EventDraft>, ...fields: string[]) => {
    setDraft((previous) => ({ ...previous, ...next }));
    clearErrors(...fields);
  };

  const showServerError = (error: unknown) => {
    const stored = conflictOf(error);
    if (stored) {
      setConflict(stored);
      setErrorsShown((count) => count + 1);
      return;
    }
    const code = eventLimitCodeOf(error);
    if (code) {
      setLimitCode(code);
      return;
    }
    setErrors(isApiError(error) ? serverErrors(error, draft) : { form: errorKey(error) });
    setErrorsShown((count) => count + 1);
  };

  const send = (from: Event | null, values: EventDraft) => {
    if (from === null) {
      createEvent.mutate(createInputOfDraft(values, localNotes), {
        onSuccess: (answer) => onSaved(answer.event, true),
        onError: showServerError,
      });
      return;
    }
    updateEvent.mutate(
      { oldEvent: from, newEvent: inputOfDraft(values) },
      { onSuccess: (answer) => onSaved(answer.event, false), onError: showServerError },
    );
  };

  const save = () => {
    const found = draftErrors(draft, { isCopy });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setErrorsShown((count) => count + 1);
      return;
    }
    // SPEC §4: saving an unchanged event just closes.
    if (base && !isDraftChanged(initial, draft)) {
      onSaved(base, false);
      return;
    }
    sanity.check(sanityBodyOf(inputOfDraft(draft), base?.id ?? null), () => send(base, draft));
  };

  /** The conflict's way out: the stored version replaces the form. */
  const reloadStored = () => {
    if (!conflict) return;
    queryClient.setQueryData(eventKeys.detail(treeId, conflict.id), conflict);
    const stored = draftOfEvent(conflict);
    setBase(conflict);
    setInitial(stored);
    setDraft(stored);
    setErrors({});
    setConflict(null);
  };

  /** The other way out: the user's version is saved over the stored one, knowingly. */
  const overwriteStored = () => {
    if (!conflict) return;
    setBase(conflict);
    setInitial(draftOfEvent(conflict));
    setConflict(null);
    send(conflict, draft);
  };

  const doneParticipant = (participant: ParticipantDraft) => {
    setDraft((previous) => withParticipant(previous, participant));
    clearErrors('participants', `participant:${participant.personId}`);
    setParticipantTarget(null);
  };

  const errorText = (field: string) => (errors[field] ? t(codeKey(errors[field] ?? '')) : undefined);
  // SPEC §4: other and residence keep their type (as saved, or as chosen in the type picker).
  const isFixedType = (fixedTypes as readonly string[]).includes(initial.type);
  const subtypes = subtypesOf(draft.type);
  const isFact = draft.type === 'fact';
  const causeLabel = causeLabelOf(draft.type);

  const typeOptions = eventTypes.map((type) => ({
    value: type,
    label: t(`events.types.${type}.name`),
    disabled: (restricted?.has(type) ?? false) && type !== base?.type,
  }));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={ownSubmit(save)}
      data-testid="event-editor"
      data-event-id={base?.id}
      data-mode="edit"
      data-dirty={isDirty || undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Title
            ref={titleRef}
            order={2}
            fz="h3"
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="event-editor-title"
          >
            {typeName(draft)}
          </Title>
          {base ? (
            <Tooltip label={t('eventEditor.copyHint')}>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconCopy aria-hidden size={16} />}
                onClick={() => onCopy(base)}
                data-testid="event-copy"
              >
                {t('eventEditor.copy')}
              </Button>
            </Tooltip>
          ) : null}
        </Group>

        {isCopy ? (
          <Alert color="blue" variant="light" data-testid="event-copy-notice">
            {t('eventEditor.copyNotice')}
          </Alert>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {isFixedType ? null : (
            <Select
              label={t('eventEditor.header.type')}
              data={typeOptions}
              value={draft.type}
              allowDeselect={false}
              onChange={(value) => {
                const type = eventTypes.find((known) => known === value);
                if (type) {
                  setDraft((previous) => changeType(previous, type));
                  clearErrors('type', 'subtype', 'causeOfEvent', 'participants');
                }
              }}
              comboboxProps={{ zIndex: 350 }}
              error={errorText('type')}
              data-testid="event-type-select"
            />
          )}
          {subtypes.length > 0 ? (
            <Select
              label={t(isFact ? 'eventEditor.factKindName' : 'eventEditor.header.subtype')}
              placeholder={t('eventEditor.header.noSubtype')}
              data={subtypes.map((subtype) => ({ value: subtype, label: t(`events.subtypes.${subtype}`) }))}
              value={draft.subtype || null}
              clearable
              onChange={(value) => change({ subtype: value ?? '' }, 'subtype')}
              comboboxProps={{ zIndex: 350 }}
              error={errorText('subtype')}
              data-testid="event-subtype-select"
            />
          ) : null}
          {isFact && draft.subtype === '' ? (
            // A fact of the user's own kind (GEDCOM FACT with its TYPE): its name as written.
            <TextInput
              label={t('eventEditor.factOwnKind')}
              maxLength={textLimits.eventTypeName}
              value={draft.typeName}
              onChange={(input) => change({ typeName: input.currentTarget.value }, 'typeName')}
              error={errorText('typeName')}
              autoComplete="off"
              data-testid="event-type-name"
            />
          ) : null}
          {draft.type === 'other' ? (
            <>
              <TextInput
                label={t('eventEditor.header.typeName')}
                placeholder={t('eventEditor.header.typeNamePlaceholder')}
                maxLength={textLimits.eventTypeName}
                value={draft.typeName}
                onChange={(input) => change({ typeName: input.currentTarget.value }, 'typeName')}
                error={errorText('typeName')}
                autoComplete="off"
                data-testid="event-type-name"
              />
              <TextInput
                label={t('eventEditor.header.typeNameVerb')}
                placeholder={t('eventEditor.header.typeNameVerbPlaceholder')}
                maxLength={textLimits.eventTypeName}
                value={draft.typeNameVerb}
                onChange={(input) => change({ typeNameVerb: input.currentTarget.value }, 'typeNameVerb')}
                error={errorText('typeNameVerb')}
                autoComplete="off"
                data-testid="event-type-verb"
              />
            </>
          ) : null}
        </SimpleGrid>

        <Stack gap={4}>
          <EditorLabel>{t('eventEditor.date')}</EditorLabel>
          <EventDateInput
            value={draft.date}
            onChange={(date) => change({ date }, 'startDate', 'endDate', 'location')}
            allowRange={allowsDateRange(draft.type)}
            errors={{ startDate: errors.startDate, endDate: errors.endDate }}
            testId="event-date"
          />
        </Stack>

        <TextInput
          label={t(`eventEditor.cause.${causeLabel}`)}
          required={draft.type === 'occupation'}
          maxLength={textLimits.causeOfEvent}
          value={draft.causeOfEvent}
          onChange={(input) => change({ causeOfEvent: input.currentTarget.value }, 'causeOfEvent')}
          error={errorText('causeOfEvent')}
          autoComplete="off"
          data-testid="event-cause"
        />

        <LocationPicker
          treeId={treeId}
          label={t('eventEditor.place')}
          description={t('eventEditor.placeHint')}
          value={draft.location}
          onChange={(location) => change({ location }, 'location', 'startDate')}
          error={errorText('location')}
          testId="event-location"
        />

        <EventParticipants
          treeId={treeId}
          type={draft.type}
          participants={draft.participants}
          errorText={errorText}
          onAdd={(role) => setParticipantTarget({ kind: 'new', role })}
          onShow={onShowPerson}
          onEdit={(participant) => setParticipantTarget({ kind: 'existing', participant })}
          onRemove={(participant) => {
            setDraft((previous) => withoutParticipant(previous, participant.personId));
            clearErrors('participants', `participant:${participant.personId}`);
          }}
          onAddPartner={(partner) =>
            doneParticipant({
              personId: partner.id,
              person: partner,
              role: 'primary',
              description: '',
              date: emptyEventDateValue,
            })
          }
        />

        {base && initial.type === 'residence' ? (
          <ContemporaryResidences
            treeId={treeId}
            eventId={base.id}
            participantIds={draft.participants.map((participant) => participant.personId)}
            onShowPerson={onShowPerson}
          />
        ) : null}

        <Textarea
          // A fact's value is its description: "Title" – "Queen of England".
          label={t(isFact ? 'eventEditor.factValue' : 'eventEditor.description')}
          placeholder={t(isFact ? 'eventEditor.factValuePlaceholder' : 'eventEditor.descriptionPlaceholder')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={textLimits.description}
          value={draft.description}
          onChange={(input) => change({ description: input.currentTarget.value }, 'description')}
          error={errorText('description')}
          data-testid="event-description"
        />

        <SourcePanel
          treeId={treeId}
          sources={draft.sources}
          onChange={(sources) => change({ sources })}
          canEdit
          nodeId={base?.id}
          nodeName={t('sources.panel.thisEvent')}
          // New participants have no person id yet: their sources cannot be suggested.
          suggestFor={suggestSourcesFor(
            { ...draft, participants: draft.participants.filter((participant) => !participant.newPerson) },
            base?.id ?? null,
          )}
          contemporaryOf={base ? { eventId: base.id } : null}
          onModalChange={setSourceModalOpen}
          testId="event-sources"
        />
        <NoteList
          treeId={treeId}
          nodeId={base?.id}
          canEdit
          localNotes={localNotes}
          onLocalChange={setLocalNotes}
          onModalChange={setNoteModalOpen}
          data-testid="event-notes"
        />

        {conflict ? <ConflictAlert onReload={reloadStored} onOverwrite={overwriteStored} /> : null}
        <FormError message={errorText('form')} testId="event-form-error" />
        <SanityWarnings
          gate={sanity}
          current={sanityBodyOf(inputOfDraft(draft), base?.id ?? null)}
          onSaveAnyway={() => send(base, draft)}
          isSaving={isPending}
        />

        {base ? <Timestamps createdAt={base.createdAt} updatedAt={base.updatedAt} format={format.date} /> : null}

        <Group justify="space-between" gap="xs">
          <div>
            {base ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash aria-hidden size={18} />}
                onClick={() => setOpenModal('delete')}
                data-testid="event-delete"
              >
                {t('eventEditor.delete')}
              </Button>
            ) : null}
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} data-testid="event-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={isPending || sanity.isChecking}
              disabled={conflict !== null}
              data-testid="event-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>

      <ParticipantDialog
        treeId={treeId}
        type={draft.type}
        participants={draft.participants}
        target={participantTarget}
        onClose={() => setParticipantTarget(null)}
        onDone={doneParticipant}
      />
      {base ? (
        <ConfirmModal
          opened={openModal === 'delete'}
          title={t('eventEditor.deleteConfirm.title')}
          confirmLabel={t('eventEditor.deleteConfirm.confirm')}
          color="red"
          onConfirm={() =>
            deleteEvent.mutate(base.id, {
              onSuccess: () => {
                setOpenModal(null);
                onDeleted(base.id);
              },
              onError: (error) => {
                setOpenModal(null);
                setErrors({ form: errorKey(error) });
              },
            })
          }
          onCancel={() => setOpenModal(null)}
          testId="event-delete-confirm"
        >
          {t('eventEditor.deleteConfirm.text', { name: typeName(base) })}
        </ConfirmModal>
      ) : null}
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} treeId={treeId} />
    </form>
  );
}
