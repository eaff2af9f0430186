import { type Person, textLimits } from '@anor/core';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { occupationFormSchema } from './form-schemas.ts';
import { useUpdateOccupation } from './mutations.ts';

interface OccupationEditModalProps {
  treeId: string;
  person: Person;
  opened: boolean;
  onClose: () => void;
}

/** Adds or edits the occupation; an emptied field removes it. */
export function OccupationEditModal({ treeId, person, opened, onClose }: OccupationEditModalProps) {
  const { t } = useTranslation();
  const title = person.occupation ? t('person.occupation.edit') : t('person.occupation.add');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md">
      {opened ? <OccupationEditForm treeId={treeId} person={person} onClose={onClose} /> : null}
    </Modal>
  );
}

function OccupationEditForm({ treeId, person, onClose }: { treeId: string; person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const updateOccupation = useUpdateOccupation(treeId);
  const form = useSchemaForm(occupationFormSchema, { occupation: person.occupation ?? '' });

  const submit = form.handleSubmit(({ occupation }) => {
    if (occupation === person.occupation) {
      onClose();
      return;
    }
    updateOccupation.mutate({ personId: person.id, occupation }, { onSuccess: onClose, onError: form.setServerError });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="occupation-edit-form">
      <Stack gap="sm">
        <TextInput
          label={t('person.fields.occupation')}
          placeholder={t('person.occupation.placeholder')}
          maxLength={textLimits.occupation}
          autoComplete="off"
          data-autofocus
          data-testid="occupation-edit-input"
          {...form.getInputProps('occupation')}
        />
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={updateOccupation.isPending} data-testid="occupation-edit-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
