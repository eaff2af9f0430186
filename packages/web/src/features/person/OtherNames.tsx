import { type Person, personSchema } from '@anor/core';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError, segment } from '../../api/client.ts';
import { codeKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useListName } from '../../lib/name-order.ts';
import { refreshPerson } from './mutations.ts';
import {
  type OtherNameDraft,
  OtherNamesFields,
  otherNameErrors,
  toOtherNameDraft,
  useOtherNameTypeLabel,
} from './OtherNamesFields.tsx';

/**
 * A person's other names (issue 19, item 14): birth name, married name, also-known-as, spelling
 * variants, … each with a type and optional dates. Shown on the person page; the owner edits the
 * whole list in one dialog, checked with the same shared schema the server uses.
 */

export function OtherNames({ treeId, person, canEdit }: { treeId: string; person: Person; canEdit: boolean }) {
  const { t } = useTranslation();
  const listName = useListName();
  const typeLabel = useOtherNameTypeLabel();
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
  const [drafts, setDrafts] = useState<OtherNameDraft[]>(() => (person.names ?? []).map(toOtherNameDraft));
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (body: { names: unknown[]; revision: number }) =>
      api.put(`/api/${segment(treeId)}/person/${segment(person.id)}/names`, body, { schema: personSchema }),
    onSuccess: (saved) => refreshPerson(queryClient, treeId, saved),
    meta: { errorDisplay: 'inline' },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const errors = otherNameErrors(drafts);
    setRowErrors(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { names: drafts, revision: person.revision },
      {
        onSuccess: onClose,
        onError: (error) => setFormError(isApiError(error) ? error.code : 'common.error.generic'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="other-names-form">
      <Stack gap="sm">
        <OtherNamesFields
          drafts={drafts}
          errors={rowErrors}
          onChange={(next, changed) => {
            setDrafts(next);
            setRowErrors(changed === null ? {} : ({ [changed]: _gone, ...rest }) => rest);
            setFormError(undefined);
          }}
        />
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
