import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One field of the form as it is stored now (null or empty: shown as empty). */
export interface StoredValue {
  label: string;
  value: string | null;
}

interface StoredConflictAlertProps {
  /** Why the save was refused: the conflict code's text (`location.error.conflict`, …). */
  message: string;
  /** The stored values of the form's fields, with the other session's change. */
  stored: readonly StoredValue[];
  onTakeStored: () => void;
  onSaveOver: () => void;
  /** `person-conflict`: its parts are `…-stored`, `…-reload` and `…-overwrite`. */
  testId: string;
}

/**
 * A save refused because the object was saved elsewhere since the form loaded it (lib/conflict.ts):
 * says so, shows the stored values of the form's fields next to what the user typed (which stays in
 * the form), and offers the two ways out.
 */
export function StoredConflictAlert({ message, stored, onTakeStored, onSaveOver, testId }: StoredConflictAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Stack gap={2} data-testid={`${testId}-stored`}>
          <Text size="sm" fw={700}>
            {t('conflict.saved')}
          </Text>
          {stored.map(({ label, value }) => (
            <Text key={label} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {label}: {value || t('conflict.empty')}
            </Text>
          ))}
        </Stack>
        <Text size="sm">{t('conflict.kept')}</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="filled" onClick={onTakeStored} data-testid={`${testId}-reload`}>
            {t('conflict.reload')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onSaveOver} data-testid={`${testId}-overwrite`}>
            {t('conflict.overwrite')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
