import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';

export interface DeleteNoteModalProps {
  opened: boolean;
  title: string;
  /** How many other items the note belongs to: then it can also be only removed from this one. */
  otherItems: number;
  isPending: boolean;
  onDelete: () => void;
  onUnlink: () => void;
  onCancel: () => void;
}

/** Deleting a note; a note that other items have too may instead only leave this one (disconnect). */
export function DeleteNoteModal({
  opened,
  title,
  otherItems,
  isPending,
  onDelete,
  onUnlink,
  onCancel,
}: DeleteNoteModalProps) {
  const { t } = useTranslation();
  const isShared = otherItems > 0;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('notes.deleteConfirm.title')}
      centered
      zIndex={400}
      transitionProps={{ transition: 'fade', duration: 200 }}
      data-testid="note-delete-confirm"
    >
      <Stack gap="lg">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {isShared
            ? t('notes.deleteConfirm.shared', { title, others: otherItems })
            : t('notes.deleteConfirm.text', { title })}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} data-testid="note-delete-confirm-cancel">
            {t('common.cancel')}
          </Button>
          {isShared ? (
            <Button variant="light" onClick={onUnlink} loading={isPending} data-testid="note-delete-confirm-unlink">
              {t('notes.deleteConfirm.unlink')}
            </Button>
          ) : null}
          <Button
            color="red"
            onClick={onDelete}
            loading={isPending}
            data-autofocus
            data-testid="note-delete-confirm-confirm"
          >
            {isShared ? t('notes.deleteConfirm.everywhere') : t('notes.deleteConfirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
