import {
  type Person,
  type PersonName,
  type PersonNameType,
  personNameInputSchema,
  personNameTypes,
  personSchema,
  textLimits,
} from '@anor/core';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError, segment } from '../../api/client.ts';
import { codeKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { useListName } from '../../lib/name-order.ts';
import { refreshPerson } from './mutations.ts';

/**
 * A person's other names (issue 19, item 14): birth name, married name, also-known-as, spelling
 * variants, … each with a type and optional dates. Shown on the person page; the owner edits the
 * whole list in one dialog, checked with the same shared schema the server uses.
 */

interface Draft {
  type: PersonNameType;
  typeText: string | null;
  fName: string;
  lName: string;
  pName: string | null;
  fromDate: string;
  toDate: string;
}

const toDraft = (name: PersonName): Draft => ({
  type: name.type,
  typeText: name.typeText,
  fName: name.fName ?? '',
  lName: name.lName ?? '',
  pName: name.pName,
  fromDate: name.fromDate ?? '',
  toDate: name.toDate ?? '',
});

const emptyDraft = (): Draft => ({
  type: 'birth',
  typeText: null,
  fName: '',
  lName: '',
  pName: null,
  fromDate: '',
  toDate: '',
});

/** "birth name" or the file's own word for a type Anor does not know. */
function useTypeLabel() {
  const { t } = useTranslation();
  return (name: { type: PersonNameType; typeText: string | null }) =>
    name.type === 'other' && name.typeText ? name.typeText : t(`person.otherNames.types.${name.type}`);
}

export function OtherNames({ treeId, person, canEdit }: { treeId: string; person: Person; canEdit: boolean }) {
  const { t } = useTranslation();
  const listName = useListName();
  const typeLabel = useTypeLabel();
  const [editing, setEditing] = useState(false);
  const names = person.names ?? [];
  if (names.length === 0 && !canEdit) return null;
  return (
    <Stack gap={4} mt="md" data-testid="person-other-names">
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="dimmed" fw={500}>
          {t('person.otherNames.title')}
        </Text>
        {canEdit ? (
          <Tooltip label={t('person.otherNames.edit')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label={t('person.otherNames.edit')}
              data-testid="person-other-names-edit"
            >
              {names.length > 0 ? <IconPencil aria-hidden size={16} /> : <IconPlus aria-hidden size={16} />}
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
      {names.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('person.otherNames.none')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {names.map((name) => (
            <Text component="li" size="sm" key={name.id} data-testid="person-other-name">
              <Text span c="dimmed" size="sm">
                {typeLabel(name)}:{' '}
              </Text>
              {listName(name)}
              {name.fromDate || name.toDate ? (
                <Text span c="dimmed" size="sm">
                  {' '}
                  ({[name.fromDate, name.toDate].map((date) => date ?? '').join('–')})
                </Text>
              ) : null}
            </Text>
          ))}
        </Stack>
      )}
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('person.otherNames.edit')} centered size="lg">
        {editing ? <OtherNamesForm treeId={treeId} person={person} onClose={() => setEditing(false)} /> : null}
      </Modal>
    </Stack>
  );
}

function OtherNamesForm({ treeId, person, onClose }: { treeId: string; person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const typeLabel = useTypeLabel();
  const [drafts, setDrafts] = useState<Draft[]>(() => (person.names ?? []).map(toDraft));
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (body: { names: unknown[]; revision: number }) =>
      api.put(`/api/${segment(treeId)}/person/${segment(person.id)}/names`, body, { schema: personSchema }),
    onSuccess: (saved) => refreshPerson(queryClient, treeId, saved),
    meta: { errorDisplay: 'inline' },
  });

  const change = (index: number, patch: Partial<Draft>) => {
    setDrafts((list) => list.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
    setRowErrors(({ [index]: _gone, ...rest }) => rest);
    setFormError(undefined);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const errors: Record<number, string> = {};
    const names = drafts.map((draft, index) => {
      const parsed = personNameInputSchema.safeParse(draft);
      if (!parsed.success) errors[index] = parsed.error.issues[0]?.message ?? 'common.error.validation';
      return draft;
    });
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { names, revision: person.revision },
      {
        onSuccess: onClose,
        onError: (error) => setFormError(isApiError(error) ? error.code : 'common.error.generic'),
      },
    );
  };

  const typeOptions = personNameTypes.map((type) => ({ value: type, label: t(`person.otherNames.types.${type}`) }));

  return (
    <form onSubmit={submit} noValidate data-testid="other-names-form">
      <Stack gap="sm">
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
                  data-testid="other-name-type"
                />
                <Tooltip label={t('person.otherNames.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setDrafts((list) => list.filter((_, at) => at !== index));
                      setRowErrors({});
                    }}
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
              {rowErrors[index] ? <FormError message={t(codeKey(rowErrors[index]))} testId="other-name-error" /> : null}
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus aria-hidden size={16} />}
            onClick={() => setDrafts((list) => [...list, emptyDraft()])}
            data-testid="other-name-add"
          >
            {t('person.otherNames.add')}
          </Button>
        </Group>
        <FormError message={formError ? t(codeKey(formError)) : undefined} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="other-names-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
