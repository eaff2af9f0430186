import type { Event, EventType } from '@anor/core';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { ConfirmModal } from '../location/ConfirmModal.tsx';
import { locationQueries } from '../location/queries.ts';
import { usePersonModalProps } from '../person/layout.ts';
import { personHref } from '../person/paths.ts';
import { personQueries } from '../person/queries.ts';
import { EventEditor } from './EventEditor.tsx';
import type { OpenNewEventOptions } from './EventModalProvider.tsx';
import { EventView } from './EventView.tsx';
import {
  copyOfEvent,
  draftOfEvent,
  newEventDraft,
  type PresetParticipant,
  placeChoiceOf,
  restrictedTypes,
} from './editor-state.ts';
import { eventQueries } from './queries.ts';
import { TypePicker } from './TypePicker.tsx';

/** What the modal shows: a new event (type picker first unless the type is given), a saved one, or a copy. */
export type EventModalTarget =
  | { kind: 'new'; options: OpenNewEventOptions; key: number }
  | { kind: 'existing'; eventId: string; key: number }
  | { kind: 'copy'; source: Event; key: number };

export interface EventModalProps {
  treeId: string;
  canEdit: boolean;
  target: EventModalTarget;
  onClose: () => void;
  /** Switches the modal to another target (a copy of the event). */
  onOpen: (target: EventModalTarget) => void;
  onSaved?: (event: Event, isNew: boolean) => void;
  onDeleted?: (eventId: string) => void;
}

/**
 * The event modal of SPEC §2 and §4: for a new event first the type picker (a second birth or
 * death of the person greyed out), then the editor; a saved event opens in the editor, or as
 * text without edit rights. Closing with unsaved changes asks first; so does leaving for a
 * person's page or a copy.
 */
export function EventModal({ treeId, canEdit, target, onClose, onOpen, onSaved, onDeleted }: EventModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modalProps = usePersonModalProps('lg');
  // SPEC §4: closing resets the type (the provider mounts a fresh modal for every opening).
  const [chosenType, setChosenType] = useState<EventType | null>(
    target.kind === 'new' ? (target.options.type ?? null) : null,
  );
  const [isDirty, setDirty] = useState(false);
  const [isChildModalOpen, setChildModalOpen] = useState(false);
  const [pendingAction, setPendingAction] = useState<(() => void) | null>(null);
  const [isOpened, setOpened] = useState(true);
  const returnFocus = useReturnFocus();

  const options = target.kind === 'new' ? target.options : {};
  const personQuery = useQuery({
    ...personQueries.detail(treeId, options.personId ?? ''),
    enabled: options.personId !== undefined,
  });
  const placeQuery = useQuery({
    ...locationQueries.detail(treeId, options.locationId ?? ''),
    enabled: options.locationId !== undefined,
  });
  const eventQuery = useQuery({
    ...eventQueries.detail(treeId, target.kind === 'existing' ? target.eventId : ''),
    enabled: target.kind === 'existing',
  });
  const restricted = restrictedTypes(personQuery.data);

  const askFirst = (action: () => void) => {
    if (isDirty) setPendingAction(() => action);
    else action();
  };
  const close = () => setOpened(false);
  const requestClose = () => askFirst(close);
  const showPerson = (personId: string) =>
    askFirst(() => {
      close();
      void navigate(personHref(treeId, personId));
    });
  const copy = (source: Event) => askFirst(() => onOpen({ kind: 'copy', source, key: Date.now() }));
  const onDirtyChange = useCallback((dirty: boolean) => setDirty(dirty), []);
  const onModalChange = useCallback((open: boolean) => setChildModalOpen(open), []);
  const saved = (event: Event, isNew: boolean) => {
    close();
    onSaved?.(event, isNew);
  };
  const deleted = (eventId: string) => {
    close();
    onDeleted?.(eventId);
  };

  const editorProps = {
    treeId,
    onSaved: saved,
    onDeleted: deleted,
    onCopy: copy,
    onCancel: requestClose,
    onShowPerson: showPerson,
    onDirtyChange,
    onModalChange,
  };

  const loading = (
    <Stack gap="sm" aria-busy="true" aria-label={t('eventEditor.loading')}>
      <Skeleton height={28} width="50%" />
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={120} />
    </Stack>
  );

  let title = t('eventEditor.newTitle');
  let body: React.ReactNode = null;
  if (target.kind === 'new') {
    const presets: PresetParticipant[] = [
      ...(options.personId ? [{ personId: options.personId, role: 'primary', person: personQuery.data ?? null }] : []),
      ...(options.participants ?? []),
    ];
    if (!chosenType) {
      title = t('eventEditor.picker.title');
      body =
        options.personId && personQuery.isPending ? (
          loading
        ) : (
          <TypePicker restricted={restricted} onChoose={setChosenType} />
        );
    } else if (options.locationId && placeQuery.isPending) {
      body = loading;
    } else {
      body = (
        <EventEditor
          {...editorProps}
          key={chosenType}
          event={null}
          restricted={restricted}
          focusTitle={options.type === undefined}
          initialDraft={newEventDraft(chosenType, {
            participants: presets,
            location: placeQuery.data ? placeChoiceOf(placeQuery.data) : undefined,
          })}
        />
      );
    }
  } else if (target.kind === 'copy') {
    body = <EventEditor {...editorProps} event={null} initialDraft={copyOfEvent(target.source)} isCopy />;
  } else if (eventQuery.isPending) {
    title = t('eventEditor.loading');
    body = loading;
  } else if (eventQuery.isError) {
    body = <ErrorView error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />;
  } else {
    const event = eventQuery.data;
    title = t('eventEditor.edit');
    body = canEdit ? (
      // Keyed by the event: a refetch in the background does not replace what is being edited.
      <EventEditor {...editorProps} key={event.id} event={event} initialDraft={draftOfEvent(event)} />
    ) : (
      <EventView treeId={treeId} event={event} onShowPerson={showPerson} />
    );
    if (!canEdit) title = '';
  }

  return (
    <Modal
      {...modalProps}
      opened={isOpened}
      onClose={requestClose}
      // A save sent for review closes as a save does, without asking: the proposal holds the changes.
      onProposed={close}
      // The fade-out ends before the provider forgets the target.
      onExitTransitionEnd={() => {
        returnFocus();
        onClose();
      }}
      closeOnEscape={!isChildModalOpen && pendingAction === null}
      title={
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {title}
        </Text>
      }
      data-testid="event-modal"
      data-kind={target.kind}
    >
      {body}
      <ConfirmModal
        opened={pendingAction !== null}
        title={t('eventEditor.unsaved.title')}
        confirmLabel={t('eventEditor.unsaved.discard')}
        cancelLabel={t('eventEditor.unsaved.keep')}
        color="red"
        onConfirm={() => {
          const action = pendingAction;
          setPendingAction(null);
          setDirty(false);
          action?.();
        }}
        onCancel={() => setPendingAction(null)}
        testId="event-discard"
      >
        {t('eventEditor.unsaved.text')}
      </ConfirmModal>
    </Modal>
  );
}
