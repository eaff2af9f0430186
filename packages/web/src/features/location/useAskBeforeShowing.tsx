import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from './ConfirmModal.tsx';

/**
 * Opening another place from an editor with unsaved changes asks before discarding them
 * (SPEC §4: closing in edit mode asks when anything changed). Render `modal` somewhere.
 */
export function useAskBeforeShowing(
  isDirty: boolean,
  onShow: (locationId: string) => void,
): { show: (locationId: string) => void; isAsking: boolean; modal: ReactNode } {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const show = (locationId: string) => {
    if (isDirty) setPendingId(locationId);
    else onShow(locationId);
  };
  const modal = (
    <DiscardChangesModal
      opened={pendingId !== null}
      onDiscard={() => {
        const id = pendingId;
        setPendingId(null);
        if (id) onShow(id);
      }}
      onKeep={() => setPendingId(null)}
    />
  );
  return { show, isAsking: pendingId !== null, modal };
}

/** The unsaved-changes warning of SPEC §2. */
export function DiscardChangesModal({
  opened,
  onDiscard,
  onKeep,
}: {
  opened: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('places.unsaved.title')}
      confirmLabel={t('places.unsaved.discard')}
      cancelLabel={t('places.unsaved.keep')}
      color="red"
      onConfirm={onDiscard}
      onCancel={onKeep}
      testId="location-discard"
    >
      {t('places.unsaved.text')}
    </ConfirmModal>
  );
}
