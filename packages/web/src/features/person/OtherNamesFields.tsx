import { type PersonName, type PersonNameType, personNameInputSchema, personNameTypes, textLimits } from '@anor/core';
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { codeKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';

/**
 * The fields of a person's other names (issue 19 item 14): birth name, married name,
 * also-known-as, spelling variants, … each with a type and optional dates. Used by the person
 * page's other-names dialog and by the person dialog (create and edit), checked with the shared
 * schema the server uses.
 */

export interface OtherNameDraft {
  type: PersonNameType;
  typeText: string | null;
  fName: string;
  lName: string;
  pName: string | null;
  fromDate: string;
  toDate: string;
}

export const toOtherNameDraft = (name: PersonName): OtherNameDraft => ({
  type: name.type,
  typeText: name.typeText,
  fName: name.fName ?? '',
  lName: name.lName ?? '',
  pName: name.pName,
  fromDate: name.fromDate ?? '',
  toDate: name.toDate ?? '',
});

export const emptyOtherNameDraft = (): OtherNameDraft => ({
  type: 'birth',
  typeText: null,
  fName: '',
  lName: '',
  pName: null,
  fromDate: '',
  toDate: '',
});

/** The first error code of each draft the shared schema refuses, by position; empty when all are valid. */
export function otherNameErrors(drafts: readonly OtherNameDraft[]): Record<number, string> {
  const errors: Record<number, string> = {};
  drafts.forEach((draft, index) => {
    const parsed = personNameInputSchema.safeParse(draft);
    if (!parsed.success) errors[index] = parsed.error.issues[0]?.message ?? 'common.error.validation';
  });
  return errors;
}

/** Whether two lists of drafts say the same (an unchanged list is not sent). */
export function sameOtherNames(a: readonly OtherNameDraft[], b: readonly OtherNameDraft[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** "birth name" or the file's own word for a type Anor does not know. */
export function useOtherNameTypeLabel() {
  const { t } = useTranslation();
  return (name: { type: PersonNameType; typeText: string | null }) =>
    name.type === 'other' && name.typeText ? name.typeText : t(`person.otherNames.types.${name.type}`);
}

export function OtherNamesFields({
  drafts,
  errors,
  onChange,
}: {
  drafts: readonly OtherNameDraft[];
  /** Error codes by the draft's position. */
  errors: Record<number, string>;
  /** The new list; `changedIndex` is the row edited (its error is cleared), null when rows were added or removed. */
  onChange: (drafts: OtherNameDraft[], changedIndex: number | null) => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useOtherNameTypeLabel();
  const typeOptions = personNameTypes.map((type) => ({ value: type, label: t(`person.otherNames.types.${type}`) }));
  const change = (index: number, patch: Partial<OtherNameDraft>) =>
    onChange(
      drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)),
      index,
    );

  return (
    <Stack gap="sm" data-testid="other-names-fields">
      {drafts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('person.otherNames.none')}
        </Text>
      ) : null}
      {drafts.map((draft, index) => (
        <Paper
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; their order is the key.
          key={index}
          withBorder
          p="sm"
          data-testid="other-name-row"
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-end">
              <Select
                label={t('person.otherNames.type')}
                data={
                  draft.type === 'other' && draft.typeText
                    ? typeOptions.map((option) =>
                        option.value === 'other' ? { ...option, label: typeLabel(draft) } : option,
                      )
                    : typeOptions
                }
                value={draft.type}
                allowDeselect={false}
                onChange={(value) => value && change(index, { type: value as PersonNameType, typeText: null })}
                comboboxProps={{ zIndex: 400 }}
                data-testid="other-name-type"
              />
              <Tooltip label={t('person.otherNames.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    onChange(
                      drafts.filter((_, at) => at !== index),
                      null,
                    )
                  }
                  aria-label={t('person.otherNames.remove')}
                  data-testid="other-name-remove"
                >
                  <IconTrash aria-hidden size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <TextInput
                label={t('person.fields.firstName')}
                maxLength={textLimits.firstName}
                value={draft.fName}
                onChange={(event) => change(index, { fName: event.currentTarget.value })}
                data-testid="other-name-first"
              />
              <TextInput
                label={t('person.fields.lastName')}
                maxLength={textLimits.lastName}
                value={draft.lName}
                onChange={(event) => change(index, { lName: event.currentTarget.value })}
                data-testid="other-name-last"
              />
              <TextInput
                label={t('person.otherNames.from')}
                placeholder={t('person.otherNames.datePlaceholder')}
                maxLength={10}
                value={draft.fromDate}
                onChange={(event) => change(index, { fromDate: event.currentTarget.value })}
                data-testid="other-name-from"
              />
              <TextInput
                label={t('person.otherNames.to')}
                placeholder={t('person.otherNames.datePlaceholder')}
                maxLength={10}
                value={draft.toDate}
                onChange={(event) => change(index, { toDate: event.currentTarget.value })}
                data-testid="other-name-to"
              />
            </SimpleGrid>
            {errors[index] ? <FormError message={t(codeKey(errors[index]))} testId="other-name-error" /> : null}
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus aria-hidden size={16} />}
          onClick={() => onChange([...drafts, emptyOtherNameDraft()], null)}
          data-testid="other-name-add"
        >
          {t('person.otherNames.add')}
        </Button>
      </Group>
    </Stack>
  );
}
