import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';

interface DuplicateSourceModalProps {
  opened: boolean;
  title: string;
  text: string;
  onUseExisting: () => void;
  onCreateNew: () => void;
  /** Back to the form, nothing saved. */
  onCancel: () => void;
  testId: string;
}

/**
 * SPEC §4: saving a new citation or record that an existing one duplicates offers the existing
 * one. Closing the question goes back to the form without saving anything.
 */
export function DuplicateSourceModal({
  opened,
  title,
  text,
  onUseExisting,
  onCreateNew,
  onCancel,
  testId,
}: DuplicateSourceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={400} data-testid={testId}>
      <Stack gap="lg">
        <Text style={{ overflowWrap: 'anywhere' }}>{text}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCreateNew} data-testid={`${testId}-create`}>
            {t('sources.duplicate.createNew')}
          </Button>
          <Button onClick={onUseExisting} data-autofocus data-testid={`${testId}-use`}>
            {t('sources.duplicate.useExisting')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
