import type { PersonSummary } from '@anor/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useDeletePerson } from './mutations.ts';
import { usePersonName } from './person-name.ts';

interface DeletePersonModalProps {
  treeId: string;
  person: PersonSummary;
  opened: boolean;
  onClose: () => void;
  onDeleted: (deletedIds: string[]) => void;
}

/** Confirms deleting a person entirely. The server's refusal (the root, 409) shows here. */
export function DeletePersonModal({ treeId, person, opened, onClose, onDeleted }: DeletePersonModalProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const deletePerson = useDeletePerson(treeId);
  const close = () => {
    deletePerson.reset();
    onClose();
  };
  const confirm = () =>
    deletePerson.mutate(person.id, {
      onSuccess: ({ deletedIds }) => {
        close();
        onDeleted(deletedIds);
      },
    });

  return (
    <Modal opened={opened} onClose={close} title={t('person.delete.title')} centered>
      <Stack gap="md" data-testid="delete-person-form">
        <Text>{t('person.delete.text', { name: personName(person) })}</Text>
        <FormError message={deletePerson.isError ? t(errorKey(deletePerson.error)) : undefined} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={deletePerson.isPending} onClick={confirm} data-testid="delete-person-confirm">
            {t('person.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
