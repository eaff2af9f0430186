import { type Person, textLimits } from '@anor/core';
import { Button, Group, Input, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { Modal } from '../../lib/Modal.tsx';
import { type PersonVersion, usePersonEdit } from './conflict.ts';
import { nameFormSchema } from './form-schemas.ts';
import { useUpdateName } from './mutations.ts';
import {
  type OtherNameDraft,
  OtherNamesFields,
  otherNameErrors,
  sameOtherNames,
  toOtherNameDraft,
} from './OtherNamesFields.tsx';
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

/**
 * The name edit dialog: first name, nickname and last name, and the other names (birth name,
 * married name, …; issue 19 item 14), saved together in one request.
 */
export function NameEditModal({ treeId, person, opened, onClose }: NameEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('person.name.edit')} centered size="lg">
      {opened ? <NameEditForm treeId={treeId} person={person} onClose={onClose} /> : null}
    </Modal>
  );
}

function NameEditForm({ treeId, person, onClose }: { treeId: string; person: Person; onClose: () => void }) {
  const { t } = useTranslation();
  const updateName = useUpdateName(treeId);
  const edit = usePersonEdit(treeId, person);
  const form = useSchemaForm(nameFormSchema, nameValues(person));
  const storedNames = (from: PersonVersion & { names?: Person['names'] }) => (from.names ?? []).map(toOtherNameDraft);
  const [otherNames, setOtherNames] = useState<OtherNameDraft[]>(() => storedNames(person));
  const [otherNameErrorsAt, setOtherNameErrorsAt] = useState<Record<number, string>>({});
  const namesChanged = (from: PersonVersion & { names?: Person['names'] }) =>
    !sameOtherNames(otherNames, storedNames(from));

  const send = (from: PersonVersion, name: { fName: string; pName: string | null; lName: string }) =>
    updateName.mutate(
      {
        personId: from.id,
        // The other names only when changed: absent, the stored ones stay.
        body: { ...name, ...(namesChanged(from) ? { names: otherNames } : {}), revision: from.revision },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!edit.catchConflict(error)) form.setServerError(error);
        },
      },
    );

  const namesValid = () => {
    const errors = otherNameErrors(otherNames);
    setOtherNameErrorsAt(errors);
    return Object.keys(errors).length === 0;
  };

  const submit = form.handleSubmit((name) => {
    const { base } = edit;
    if (!namesValid()) return;
    // Unchanged data closes without an update (SPEC §5).
    if (name.fName === base.fName && name.pName === base.pName && name.lName === base.lName && !namesChanged(base)) {
      onClose();
      return;
    }
    send(base, name);
  });

  const takeStored = () => {
    const stored = edit.takeStored();
    if (stored) {
      form.reset(nameValues(stored));
      setOtherNames(storedNames(stored));
      setOtherNameErrorsAt({});
    }
  };

  const saveOver = () => {
    const name = form.validate();
    if (!namesValid()) return;
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
        <Input.Wrapper label={t('person.otherNames.title')}>
          <OtherNamesFields
            drafts={otherNames}
            errors={otherNameErrorsAt}
            onChange={(next, changed) => {
              setOtherNames(next);
              setOtherNameErrorsAt(changed === null ? {} : ({ [changed]: _gone, ...rest }) => rest);
            }}
          />
        </Input.Wrapper>
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
