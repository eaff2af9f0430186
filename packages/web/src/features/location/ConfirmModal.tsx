import { Button, Group, type MantineColor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  color?: MantineColor;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

/** The confirmation modal of SPEC §2: a question, a way back, and the action. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  color,
  onConfirm,
  onCancel,
  testId,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={400} data-testid={testId}>
      <Stack gap="lg">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} data-autofocus data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
