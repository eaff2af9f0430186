import { textLimits } from '@anor/core';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeKey } from '../../i18n/messages.ts';
import { GenderControl } from '../person/GenderControl.tsx';
import type { NewPersonDraft } from './new-participant.ts';

/**
 * The participant dialog's fields for a person not yet in the tree (issue 19 item 1): first name,
 * last name and gender, filled from what was typed in the search; the person is created when the
 * event is saved.
 */
export function NewPersonFields({
  value,
  onChange,
  errors,
}: {
  value: NewPersonDraft;
  onChange: (next: NewPersonDraft) => void;
  errors: Partial<Record<'fName' | 'lName', string>>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="participant-new-person-fields">
      <Text size="sm" c="dimmed">
        {t('eventEditor.participant.newPersonHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('person.fields.firstName')}
          required
          maxLength={textLimits.firstName}
          value={value.fName}
          onChange={(event) => onChange({ ...value, fName: event.currentTarget.value })}
          error={errors.fName ? t(codeKey(errors.fName)) : undefined}
          autoComplete="off"
          data-testid="participant-new-fname"
        />
        <TextInput
          label={t('person.fields.lastName')}
          required
          maxLength={textLimits.lastName}
          value={value.lName}
          onChange={(event) => onChange({ ...value, lName: event.currentTarget.value })}
          error={errors.lName ? t(codeKey(errors.lName)) : undefined}
          autoComplete="off"
          data-testid="participant-new-lname"
        />
      </SimpleGrid>
      <GenderControl
        value={value.gender}
        onChange={(gender) => onChange({ ...value, gender })}
        label={t('person.fields.gender')}
        testId="participant-new-gender"
      />
    </Stack>
  );
}
