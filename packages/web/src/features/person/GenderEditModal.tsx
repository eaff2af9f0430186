import type { Gender } from '@anor/core';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { type PersonVersion, usePersonEdit } from './conflict.ts';
import { GenderControl } from './GenderControl.tsx';
import { personConflictOf, useUpdateGender } from './mutations.ts';
import { PersonConflictAlert } from './PersonConflictAlert.tsx';

interface GenderEditModalProps {
  treeId: string;
  person: PersonVersion;
  opened: boolean;
  onClose: () => void;
}

/** SPEC §4 gender edit: choose one of the four, save; the person, the tree and the parents refresh. */
export function GenderEditModal({ treeId, person, opened, onClose }: GenderEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('person.gender.edit')} centered size="md">
      {opened ? <GenderEditForm treeId={treeId} person={person} onClose={onClose} /> : null}
    </Modal>
  );
}

function GenderEditForm({ treeId, person, onClose }: Omit<GenderEditModalProps, 'opened'>) {
  const { t } = useTranslation();
  const updateGender = useUpdateGender(treeId);
  const edit = usePersonEdit(treeId, person);
  const [gender, setGender] = useState<Gender>(person.gender);

  const send = (from: PersonVersion) =>
    updateGender.mutate(
      { personId: from.id, gender, revision: from.revision },
      { onSuccess: onClose, onError: edit.catchConflict },
    );

  const save = () => {
    if (gender === edit.base.gender) {
      onClose();
      return;
    }
    send(edit.base);
  };

  const takeStored = () => {
    const stored = edit.takeStored();
    if (stored) setGender(stored.gender);
  };

  const saveOver = () => {
    const stored = edit.saveOver();
    if (stored) send(stored);
  };

  // A conflict shows on its own, any other failure as the form's error.
  const hasError = updateGender.isError && personConflictOf(updateGender.error) === null;

  return (
    <Stack gap="md" data-testid="gender-edit-form">
      <GenderControl
        value={gender}
        onChange={setGender}
        label={t('person.fields.gender')}
        testId="gender-edit-control"
      />
      {edit.conflict ? (
        <PersonConflictAlert
          stored={edit.conflict}
          fields={['gender']}
          onTakeStored={takeStored}
          onSaveOver={saveOver}
        />
      ) : null}
      <FormError message={hasError ? t(errorKey(updateGender.error)) : undefined} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={save}
          loading={updateGender.isPending}
          disabled={edit.conflict !== null}
          data-testid="gender-edit-submit"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
