import type { TreeInfo } from '@anor/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useRemoveMember } from './mutations.ts';

interface LeaveTreeModalProps {
  userId: string;
  /** The tree the signed-in member leaves; null keeps the dialog closed. */
  tree: TreeInfo | null;
  onClose: () => void;
}

/** A member leaves a tree shared with them (issue 26): only its owner or a co-owner can invite them again. */
export function LeaveTreeModal({ userId, tree, onClose }: LeaveTreeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={tree !== null}
      onClose={onClose}
      title={tree ? t('members.leaveTitle', { tree: tree.name }) : ''}
      centered
      data-testid="leave-tree-dialog"
    >
      {tree ? <LeaveTree key={tree.id} userId={userId} tree={tree} onClose={onClose} /> : null}
    </Modal>
  );
}

function LeaveTree({ userId, tree, onClose }: { userId: string; tree: TreeInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const leave = useRemoveMember(tree.id);
  return (
    <Stack>
      <Text size="sm">{t('members.leaveText')}</Text>
      <FormError message={leave.error ? t(errorKey(leave.error)) : undefined} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          loading={leave.isPending}
          onClick={() =>
            leave.mutate(userId, {
              onSuccess: () => {
                notifications.show({ color: 'forest', message: t('members.left', { tree: tree.name }) });
                onClose();
              },
            })
          }
          data-testid="leave-tree-submit"
        >
          {t('members.leave')}
        </Button>
      </Group>
    </Stack>
  );
}
