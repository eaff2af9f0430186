import { Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { LocationDetails } from './LocationDetails.tsx';
import type { PreparedLocation } from './location-form.ts';
import { DiscardChangesModal } from './useAskBeforeShowing.tsx';

/** What the dialog shows: an existing place, or a new one with what it starts with. */
export type LocationDialogTarget =
  | { kind: 'existing'; locationId: string }
  | { kind: 'new'; prepared: PreparedLocation; key: number }
  | null;

interface LocationDialogProps {
  treeId: string;
  /** The dialog is closed while it is null. */
  target: LocationDialogTarget;
  onClose: () => void;
  /** Open the dialog on a new place instead (a place inserted above the one shown). */
  onNew: (prepared: PreparedLocation) => void;
}

/**
 * The location dialog of SPEC §2 as a modal (full screen below 800 px, like the person dialogs).
 * Ancestors, places of the tree and map markers open in the same dialog. Closing with unsaved
 * changes asks first.
 */
export function LocationDialog({ treeId, target, onClose, onNew }: LocationDialogProps) {
  const { t } = useTranslation();
  const modalProps = usePersonModalProps('lg');
  const [openedWith, setOpenedWith] = useState(target);
  const [shownId, setShownId] = useState(target?.kind === 'existing' ? target.locationId : null);
  const [isDirty, setDirty] = useState(false);
  const [isChildModalOpen, setChildModalOpen] = useState(false);
  const [isAskingToDiscard, setAskingToDiscard] = useState(false);
  if (target !== openedWith) {
    setOpenedWith(target);
    if (target) {
      setShownId(target.kind === 'existing' ? target.locationId : null);
      setDirty(false);
      setChildModalOpen(false);
    }
  }

  const requestClose = () => {
    if (isDirty) setAskingToDiscard(true);
    else onClose();
  };
  const onDirtyChange = useCallback((dirty: boolean) => setDirty(dirty), []);
  const onModalChange = useCallback((open: boolean) => setChildModalOpen(open), []);
  const isNew = openedWith?.kind === 'new';

  return (
    <Modal
      {...modalProps}
      opened={target !== null}
      onClose={requestClose}
      // A save sent for review closes as a save does, without asking: the proposal holds the changes.
      onProposed={onClose}
      // Escape belongs to a modal opened on top of the dialog while there is one.
      closeOnEscape={!isChildModalOpen && !isAskingToDiscard}
      title={
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {isNew ? t('places.dialog.newTitle') : t('places.dialog.title')}
        </Text>
      }
      data-testid="location-dialog"
    >
      {openedWith?.kind === 'new' ? (
        <LocationDetails
          key={openedWith.key}
          treeId={treeId}
          locationId={null}
          prepared={openedWith.prepared}
          variant="modal"
          onShow={(id) => {
            setOpenedWith({ kind: 'existing', locationId: id });
            setShownId(id);
          }}
          onDone={onClose}
          onDirtyChange={onDirtyChange}
          onModalChange={onModalChange}
        />
      ) : shownId ? (
        <LocationDetails
          treeId={treeId}
          locationId={shownId}
          variant="modal"
          onShow={setShownId}
          onNewAbove={onNew}
          onDone={onClose}
          // The deleted place must not be asked for again while the dialog fades out.
          onDeleted={() => setShownId(null)}
          onDirtyChange={onDirtyChange}
          onModalChange={onModalChange}
        />
      ) : null}
      <DiscardChangesModal
        opened={isAskingToDiscard}
        onDiscard={() => {
          setAskingToDiscard(false);
          onClose();
        }}
        onKeep={() => setAskingToDiscard(false)}
      />
    </Modal>
  );
}
