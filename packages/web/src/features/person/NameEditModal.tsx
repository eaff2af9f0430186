import { type Person, textLimits } from '@anor/core';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { type PersonVersion, usePersonEdit } from './conflict.ts';
import { nameFormSchema } from './form-schemas.ts';
import { useUpdateName } from './mutations.ts';
import { PersonConflictAlert } from './PersonConflictAlert.tsx';

interface NameEditModalProps {
  treeId: string;
  person: Person;
  opened: boolean;
  onClose: () => void;
}

const nameValues = (person: PersonVersion) => ({
  fName: person.fName ?? '',
  pName: person.pName ?? '',
  lName: person.lName ?? '',
});

/** The name edit dialog: first name, nickname and last name. */
export function NameEditModal({ treeId, person, opened, onClose }: NameEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('person.name.edit')} centered size="md">
      {opened ? <NameEditForm treeId={treeId} person={person} onClose={onClose} /> : null}
    </Modal>
  );
}

function NameEditForm({ treeId, person, onClose }: { treeId: string; person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const updateName = useUpdateName(treeId);
  const edit = usePersonEdit(treeId, person);
  const form = useSchemaForm(nameFormSchema, nameValues(person));

  const send = (from: PersonVersion, name: { fName: string; pName: string | null; lName: string }) =>
    updateName.mutate(
      { personId: from.id, body: { ...name, revision: from.revision } },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!edit.catchConflict(error)) form.setServerError(error);
        },
      },
    );

  const submit = form.handleSubmit((name) => {
    const { base } = edit;
    // Unchanged data closes without an update (SPEC §5).
    if (name.fName === base.fName && name.pName === base.pName && name.lName === base.lName) {
      onClose();
      return;
    }
    send(base, name);
  });

  const takeStored = () => {
    const stored = edit.takeStored();
    if (stored) form.reset(nameValues(stored));
  };

  const saveOver = () => {
    const name = form.validate();
    const stored = name ? edit.saveOver() : null;
    if (name && stored) send(stored, name);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="name-edit-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('person.fields.firstName')}
            required
            maxLength={textLimits.firstName}
            autoComplete="off"
            data-autofocus
            data-testid="name-edit-first-name"
            {...form.getInputProps('fName')}
          />
          <TextInput
            label={t('person.fields.nickname')}
            maxLength={textLimits.nickname}
            autoComplete="off"
            data-testid="name-edit-nickname"
            {...form.getInputProps('pName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('person.fields.lastName')}
          required
          maxLength={textLimits.lastName}
          autoComplete="off"
          data-testid="name-edit-last-name"
          {...form.getInputProps('lName')}
        />
        {edit.conflict ? (
          <PersonConflictAlert
            stored={edit.conflict}
            fields={['fName', 'pName', 'lName']}
            onTakeStored={takeStored}
            onSaveOver={saveOver}
          />
        ) : null}
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={updateName.isPending}
            disabled={edit.conflict !== null}
            data-testid="name-edit-submit"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
