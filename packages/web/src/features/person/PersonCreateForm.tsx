import { type Gender, type PersonValues, textLimits } from '@anor/core';
import { Button, Group, Input, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { ExistingPersonHint } from '../duplicates/ExistingPersonHint.tsx';
import { personFormSchema } from './form-schemas.ts';
import { GenderControl } from './GenderControl.tsx';
import { type OtherNameDraft, OtherNamesFields, otherNameErrors } from './OtherNamesFields.tsx';

interface PersonCreateFormProps {
  initialGender: Gender;
  /** The last name the suggest button fills in; no button without one. */
  suggestedSurname: string | null;
  submitLabel: string;
  /** Saves the person; a thrown error is shown under its field or above the buttons. */
  onSubmit: (values: PersonValues) => Promise<void>;
  onCancel?: () => void;
  /** Choices of the relation (other parent, children), shown before the buttons. */
  children?: ReactNode;
  pending: boolean;
  /** Offers the other names (issue 19 item 14), saved with the person in the same request. */
  withOtherNames?: boolean;
}

/** The "create new" form of the person dialog, validated with the shared person schema. */
export function PersonCreateForm({
  initialGender,
  suggestedSurname,
  submitLabel,
  onSubmit,
  onCancel,
  children,
  pending,
  withOtherNames = false,
}: PersonCreateFormProps) {
  const { t } = useTranslation();
  const [otherNames, setOtherNames] = useState<OtherNameDraft[]>([]);
  const [otherNameErrorsAt, setOtherNameErrorsAt] = useState<Record<number, string>>({});
  const form = useSchemaForm(personFormSchema, {
    fName: '',
    pName: '',
    lName: '',
    gender: initialGender,
    occupation: '',
  });

  const submit = form.handleSubmit((values) => {
    // The other names go with the person in one request: a refused one saves nothing.
    const errors = otherNameErrors(otherNames);
    setOtherNameErrorsAt(errors);
    if (Object.keys(errors).length > 0) return;
    onSubmit(otherNames.length > 0 ? { ...values, names: otherNames } : values).catch(form.setServerError);
  });

  return (
    <form onSubmit={submit} noValidate data-testid="person-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('person.fields.firstName')}
            required
            maxLength={textLimits.firstName}
            autoComplete="off"
            data-autofocus
            data-testid="person-form-first-name"
            {...form.getInputProps('fName')}
          />
          <TextInput
            label={t('person.fields.nickname')}
            maxLength={textLimits.nickname}
            autoComplete="off"
            data-testid="person-form-nickname"
            {...form.getInputProps('pName')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <TextInput
            label={t('person.fields.lastName')}
            required
            maxLength={textLimits.lastName}
            autoComplete="off"
            data-testid="person-form-last-name"
            {...form.getInputProps('lName')}
          />
          {suggestedSurname && form.values.lName !== suggestedSurname ? (
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconWand aria-hidden size={14} />}
                onClick={() => form.setValue('lName', suggestedSurname)}
                data-testid="person-form-suggest-surname"
              >
                {t('personDialog.suggestSurname', { name: suggestedSurname })}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <ExistingPersonHint values={form.values} />
        <Input.Wrapper label={t('person.fields.gender')} error={form.errorText('gender')}>
          <GenderControl
            value={form.values.gender}
            onChange={(gender) => form.setValue('gender', gender)}
            label={t('person.fields.gender')}
            testId="person-form-gender"
          />
        </Input.Wrapper>
        <TextInput
          label={t('person.fields.occupation')}
          maxLength={textLimits.occupation}
          autoComplete="off"
          data-testid="person-form-occupation"
          {...form.getInputProps('occupation')}
        />
        {withOtherNames ? (
          <Input.Wrapper label={t('person.otherNames.title')}>
            <OtherNamesFields
              drafts={otherNames}
              errors={otherNameErrorsAt}
              onChange={(next, changed) => {
                setOtherNames(next);
                setOtherNameErrorsAt(changed === null ? {} : ({ [changed]: _gone, ...rest }) => rest);
              }}
            />
          </Input.Wrapper>
        ) : null}
        {children}
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end" mt="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={pending} data-testid="person-form-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
