import {
  type Event,
  type EventType,
  eventSchema,
  eventTypes,
  fixedTypes,
  formatEventDate,
  hasParticipantDates,
  openPrimarySlots,
  subtypesOf,
  textLimits,
} from '@anor/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconPencil, IconPlus, IconTrash, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useFormat } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { codeKey, errorKey, type TranslationKey } from '../../i18n/messages.ts';
import { EventDateInput } from '../../lib/date-input/EventDateInput.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { ConfirmModal } from '../location/ConfirmModal.tsx';
import { LocationPicker } from '../location/LocationPicker.tsx';
import { type LocalNote, NoteList } from '../note/index.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { SourcePanel } from '../source/SourcePanel.tsx';
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
  sortedParticipants,
  suggestSourcesFor,
  withoutParticipant,
  withParticipant,
} from './editor-state.ts';
import { eventLimitCodeOf } from './limit-error.ts';
import { useCreateEvent, useDeleteEvent, useUpdateEvent } from './mutations.ts';
import { ParticipantDialog, type ParticipantDialogTarget } from './ParticipantDialog.tsx';
import { ParticipantName } from './ParticipantName.tsx';
import { eventKeys } from './queries.ts';
import { useRoleLabel } from './roles.ts';
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

function Label({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}

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
  const roleLabel = useRoleLabel();
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
    send(base, draft);
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
  const primarySlotsOpen = openPrimarySlots(draft.type, draft.participants);
  const causeLabel = causeLabelOf(draft.type);
  const withParticipantDates = hasParticipantDates(draft.type);
  const language = currentLanguage();

  const typeOptions = eventTypes.map((type) => ({
    value: type,
    label: t(`events.types.${type}.name`),
    disabled: (restricted?.has(type) ?? false) && type !== base?.type,
  }));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(submitEvent) => {
        submitEvent.preventDefault();
        save();
      }}
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
              label={t('eventEditor.header.subtype')}
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
          <Label>{t('eventEditor.date')}</Label>
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

        <Stack gap="xs" data-testid="event-participants">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Label>{t('eventEditor.participants.title')}</Label>
            <Group gap="xs">
              {/* SPEC §5: this button shows only while the event has a free main-person place. */}
              {primarySlotsOpen > 0 ? (
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconUserPlus aria-hidden size={16} />}
                  onClick={() => setParticipantTarget({ kind: 'new', role: 'primary' })}
                  data-testid="event-add-primary"
                >
                  {t('eventEditor.participants.addPrimary')}
                </Button>
              ) : null}
              <Tooltip label={t('eventEditor.participants.addHint')}>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus aria-hidden size={16} />}
                  onClick={() => setParticipantTarget({ kind: 'new', role: '' })}
                  data-testid="event-add-participant"
                >
                  {t('eventEditor.participants.add')}
                </Button>
              </Tooltip>
            </Group>
          </Group>
          {draft.participants.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('eventEditor.participants.none')}
            </Text>
          ) : (
            <Stack gap={6}>
              {sortedParticipants(draft.participants).map((participant) => (
                <ParticipantRow
                  key={participant.personId}
                  treeId={treeId}
                  participant={participant}
                  roleLabel={roleLabel(participant.role)}
                  dates={withParticipantDates ? formatEventDate(participant.date, language) : ''}
                  error={errorText(`participant:${participant.personId}`)}
                  onShow={() => onShowPerson(participant.personId)}
                  onEdit={() => setParticipantTarget({ kind: 'existing', participant })}
                  onRemove={() => {
                    setDraft((previous) => withoutParticipant(previous, participant.personId));
                    clearErrors('participants', `participant:${participant.personId}`);
                  }}
                />
              ))}
            </Stack>
          )}
          {errorText('participants') ? (
            <Text size="sm" c="red" role="alert" data-testid="event-participants-error">
              {errorText('participants')}
            </Text>
          ) : null}
        </Stack>

        <Textarea
          label={t('eventEditor.description')}
          placeholder={t('eventEditor.descriptionPlaceholder')}
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
          suggestFor={suggestSourcesFor(draft, base?.id ?? null)}
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

        {conflict ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            role="alert"
            data-testid="event-conflict"
          >
            <Stack gap="xs">
              <Text size="sm">{t('events.error.conflict')}</Text>
              <Text size="sm">{t('eventEditor.conflict.kept')}</Text>
              <Group gap="xs">
                <Button size="compact-sm" variant="filled" onClick={reloadStored} data-testid="event-conflict-reload">
                  {t('eventEditor.conflict.reload')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={overwriteStored}
                  data-testid="event-conflict-overwrite"
                >
                  {t('eventEditor.conflict.overwrite')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <FormError message={errorText('form')} testId="event-form-error" />

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
            <Button type="submit" loading={isPending} disabled={conflict !== null} data-testid="event-save">
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

/** A participant in the editor: the name (to the person page), the role, own dates and description, and actions. */
function ParticipantRow({
  treeId,
  participant,
  roleLabel,
  dates,
  error,
  onShow,
  onEdit,
  onRemove,
}: {
  treeId: string;
  participant: ParticipantDraft;
  roleLabel: string;
  dates: string;
  error?: string;
  onShow: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="sm"
      px="sm"
      py={6}
      data-testid="event-participant"
      data-person-id={participant.personId}
      data-role={participant.role}
      style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Anchor
              component="button"
              type="button"
              fw={600}
              size="sm"
              onClick={onShow}
              style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
              data-testid="event-participant-name"
            >
              <ParticipantName treeId={treeId} personId={participant.personId} person={participant.person} />
            </Anchor>
            <Badge
              variant={participant.role === 'primary' ? 'filled' : 'light'}
              size="sm"
              tt="none"
              data-testid="event-participant-role"
            >
              {roleLabel}
            </Badge>
          </Group>
          {dates ? (
            <Text size="xs" c="dimmed">
              {t('eventEditor.participants.ownDates', { date: dates })}
            </Text>
          ) : null}
          {participant.description.trim() ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {participant.description}
            </Text>
          ) : null}
          {error ? (
            <Text size="xs" c="red" role="alert" data-testid="event-participant-error">
              {error}
            </Text>
          ) : null}
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('eventEditor.participants.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('eventEditor.participants.edit')}
              onClick={onEdit}
              data-testid="event-participant-edit"
            >
              <IconPencil aria-hidden size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('eventEditor.participants.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('eventEditor.participants.remove')}
              onClick={onRemove}
              data-testid="event-participant-remove"
            >
              <IconX aria-hidden size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

export function Timestamps({
  createdAt,
  updatedAt,
  format,
}: {
  createdAt: string;
  updatedAt: string;
  format: (value: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" data-testid="event-created">
        {t('eventEditor.created', { date: format(createdAt) })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="event-updated">
        {t('eventEditor.updated', { date: format(updatedAt) })}
      </Text>
    </Stack>
  );
}
