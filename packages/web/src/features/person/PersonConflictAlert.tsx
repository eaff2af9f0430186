import type { Person } from '@anor/core';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The fields a form edits, and so the stored values its conflict shows. */
export type ConflictField = 'fName' | 'pName' | 'lName' | 'gender' | 'occupation' | 'description';

interface PersonConflictAlertProps {
  /** The person as stored now, with the other session's change. */
  stored: Person;
  fields: readonly ConflictField[];
  onTakeStored: () => void;
  onSaveOver: () => void;
}

/**
 * A save refused because the person was saved elsewhere since the form loaded it: says so, shows
 * the stored values of the form's fields next to what the user typed (which stays in the form),
 * and offers the two ways out, as the event editor does.
 */
export function PersonConflictAlert({ stored, fields, onTakeStored, onSaveOver }: PersonConflictAlertProps) {
  const { t } = useTranslation();
  const labels: Record<ConflictField, string> = {
    fName: t('person.fields.firstName'),
    pName: t('person.fields.nickname'),
    lName: t('person.fields.lastName'),
    gender: t('person.fields.gender'),
    occupation: t('person.fields.occupation'),
    description: t('person.description.title'),
  };
  const storedText = (field: ConflictField) =>
    field === 'gender' ? t(`person.gender.${stored.gender}`) : stored[field] || t('person.conflict.empty');

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      data-testid="person-conflict"
    >
      <Stack gap="xs">
        <Text size="sm">{t('person.error.conflict')}</Text>
        <Stack gap={2} data-testid="person-conflict-stored">
          <Text size="sm" fw={700}>
            {t('person.conflict.saved')}
          </Text>
          {fields.map((field) => (
            <Text key={field} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {labels[field]}: {storedText(field)}
            </Text>
          ))}
        </Stack>
        <Text size="sm">{t('person.conflict.kept')}</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="filled" onClick={onTakeStored} data-testid="person-conflict-reload">
            {t('person.conflict.reload')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onSaveOver} data-testid="person-conflict-overwrite">
            {t('person.conflict.overwrite')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
