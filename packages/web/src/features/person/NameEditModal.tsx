import { type Person, textLimits } from '@anor/core';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { nameFormSchema } from './form-schemas.ts';
import { useUpdateName } from './mutations.ts';

interface NameEditModalProps {
  treeId: string;
  person: Person;
  opened: boolean;
  onClose: () => void;
}

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
  const form = useSchemaForm(nameFormSchema, {
    fName: person.fName ?? '',
    pName: person.pName ?? '',
    lName: person.lName ?? '',
  });

  const submit = form.handleSubmit((name) => {
    // Unchanged data closes without an update (SPEC §5).
    if (name.fName === person.fName && name.pName === person.pName && name.lName === person.lName) {
      onClose();
      return;
    }
    updateName.mutate({ personId: person.id, body: name }, { onSuccess: onClose, onError: form.setServerError });
  });

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
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={updateName.isPending} data-testid="name-edit-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
