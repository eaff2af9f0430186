import type { Gender, Person } from '@anor/core';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { GenderControl } from './GenderControl.tsx';
import { useUpdateGender } from './mutations.ts';

interface GenderEditModalProps {
  treeId: string;
  person: Pick<Person, 'id' | 'gender'>;
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
  const [gender, setGender] = useState<Gender>(person.gender);

  const save = () => {
    if (gender === person.gender) {
      onClose();
      return;
    }
    updateGender.mutate({ personId: person.id, gender }, { onSuccess: onClose });
  };

  return (
    <Stack gap="md" data-testid="gender-edit-form">
      <GenderControl
        value={gender}
        onChange={setGender}
        label={t('person.fields.gender')}
        testId="gender-edit-control"
      />
      <FormError message={updateGender.isError ? t(errorKey(updateGender.error)) : undefined} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={save} loading={updateGender.isPending} data-testid="gender-edit-submit">
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
