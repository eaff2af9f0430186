import { textLimits } from '@anor/core';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { CloseOnProposal } from '../../lib/Modal.tsx';
import { type PersonVersion, usePersonEdit } from './conflict.ts';
import { personConflictOf, useUpdateDescription } from './mutations.ts';
import { PersonConflictAlert } from './PersonConflictAlert.tsx';

interface DescriptionEditorProps {
  treeId: string;
  person: PersonVersion;
  canEdit: boolean;
}

/**
 * The description of SPEC §2. Editors type straight into it; save and cancel show only while the
 * text differs from the saved one (SPEC §4). Readers see the text, or that there is none. A save
 * refused because the person was saved elsewhere keeps the text and offers the stored one.
 */
export function DescriptionEditor({ treeId, person, canEdit }: DescriptionEditorProps) {
  const { t } = useTranslation();
  const saved = person.description ?? '';
  const edit = usePersonEdit(treeId, person);
  const [draft, setDraft] = useState(saved);
  const updateDescription = useUpdateDescription(treeId);
  const baseText = edit.base.description ?? '';

  // A newer version of the person (a save of another field, a refetch) or another person: an
  // untouched draft starts from it; a typed one keeps its base unless the description is as it
  // was (this editor writes nothing else), so a description changed elsewhere meets the conflict
  // on save instead of being overwritten.
  const isOtherPerson = person.id !== edit.base.id;
  const isNewer = person.revision > edit.base.revision;
  const isUntouched = draft === baseText;
  if (isOtherPerson) {
    edit.restart(person);
    setDraft(saved);
  } else if (isNewer && (isUntouched || person.description === edit.base.description)) {
    edit.setBase(person);
    if (isUntouched) setDraft(saved);
  }

  if (!canEdit) {
    return saved ? (
      <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="person-description-text">
        {saved}
      </Text>
    ) : (
      <Text c="dimmed" size="sm" data-testid="person-description-text">
        {t('person.description.empty')}
      </Text>
    );
  }

  const isChanged = draft.trim() !== baseText.trim();
  const send = (from: PersonVersion) =>
    updateDescription.mutate(
      { personId: from.id, description: draft.trim() ? draft : null, revision: from.revision },
      { onSuccess: edit.setBase, onError: edit.catchConflict },
    );

  const takeStored = () => {
    const stored = edit.takeStored();
    if (stored) setDraft(stored.description ?? '');
  };

  const saveOver = () => {
    const stored = edit.saveOver();
    if (stored) send(stored);
  };

  const hasError = updateDescription.isError && personConflictOf(updateDescription.error) === null;

  // A contributor's save sent for review (issue 26): the field shows the saved text again, the
  // notice below says where the typed one went (the proposal), and no second send is offered.
  return (
    <CloseOnProposal onProposed={() => setDraft(baseText)}>
      <Stack gap="xs">
        <Textarea
          aria-label={t('person.description.title')}
          placeholder={t('person.description.placeholder')}
          autosize
          minRows={3}
          maxRows={14}
          maxLength={textLimits.description}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          data-testid="person-description-input"
        />
        {edit.conflict ? (
          <PersonConflictAlert
            stored={edit.conflict}
            fields={['description']}
            onTakeStored={takeStored}
            onSaveOver={saveOver}
          />
        ) : null}
        <FormError message={hasError ? t(errorKey(updateDescription.error)) : undefined} />
        {isChanged ? (
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={() => setDraft(baseText)}
              data-testid="person-description-cancel"
            >
              {t('common.cancel')}
            </Button>
            <Button
              size="xs"
              loading={updateDescription.isPending}
              disabled={edit.conflict !== null}
              onClick={() => send(edit.base)}
              data-testid="person-description-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </CloseOnProposal>
  );
}
