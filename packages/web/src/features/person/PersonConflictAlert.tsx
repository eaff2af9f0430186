import type { Person } from '@anor/core';
import { useTranslation } from 'react-i18next';
import { StoredConflictAlert } from '../../lib/StoredConflictAlert.tsx';

/** The fields a form edits, and so the stored values its conflict shows. */
export type ConflictField = 'fName' | 'pName' | 'lName' | 'gender' | 'occupation' | 'description';

interface PersonConflictAlertProps {
  /** The person as stored now, with the other session's change. */
  stored: Person;
  fields: readonly ConflictField[];
  onTakeStored: () => void;
  onSaveOver: () => void;
}

/** A save of the person's own fields refused because the person was saved elsewhere (lib/conflict.ts). */
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
    field === 'gender' ? t(`person.gender.${stored.gender}`) : stored[field];

  return (
    <StoredConflictAlert
      message={t('person.error.conflict')}
      stored={fields.map((field) => ({ label: labels[field], value: storedText(field) }))}
      onTakeStored={onTakeStored}
      onSaveOver={onSaveOver}
      testId="person-conflict"
    />
  );
}
