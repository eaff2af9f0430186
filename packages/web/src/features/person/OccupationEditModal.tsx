import { type Person, textLimits } from '@anor/core';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { Modal } from '../../lib/Modal.tsx';
import { type PersonVersion, usePersonEdit } from './conflict.ts';
import { occupationFormSchema } from './form-schemas.ts';
import { useUpdateOccupation } from './mutations.ts';
import { PersonConflictAlert } from './PersonConflictAlert.tsx';

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
  const edit = usePersonEdit(treeId, person);
  const form = useSchemaForm(occupationFormSchema, { occupation: person.occupation ?? '' });

  const send = (from: PersonVersion, occupation: string | null) =>
    updateOccupation.mutate(
      { personId: from.id, occupation, revision: from.revision },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!edit.catchConflict(error)) form.setServerError(error);
        },
      },
    );

  const submit = form.handleSubmit(({ occupation }) => {
    if (occupation === edit.base.occupation) {
      onClose();
      return;
    }
    send(edit.base, occupation);
  });

  const takeStored = () => {
    const stored = edit.takeStored();
    if (stored) form.reset({ occupation: stored.occupation ?? '' });
  };

  const saveOver = () => {
    const values = form.validate();
    const stored = values ? edit.saveOver() : null;
    if (values && stored) send(stored, values.occupation);
  };

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
        {edit.conflict ? (
          <PersonConflictAlert
            stored={edit.conflict}
            fields={['occupation']}
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
            loading={updateOccupation.isPending}
            disabled={edit.conflict !== null}
            data-testid="occupation-edit-submit"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
