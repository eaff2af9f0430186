import { type Person, textLimits } from '@anor/core';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { useUpdateDescription } from './mutations.ts';

interface DescriptionEditorProps {
  treeId: string;
  person: Pick<Person, 'id' | 'description'>;
  canEdit: boolean;
}

/**
 * The description of SPEC §2. Editors type straight into it; save and cancel show only while the
 * text differs from the saved one (SPEC §4). Readers see the text, or that there is none.
 */
export function DescriptionEditor({ treeId, person, canEdit }: DescriptionEditorProps) {
  const { t } = useTranslation();
  const saved = person.description ?? '';
  const [draft, setDraft] = useState(saved);
  const [savedSeen, setSavedSeen] = useState(saved);
  const updateDescription = useUpdateDescription(treeId);

  // When the saved text changes (another person, or a save), the draft starts from it again.
  if (saved !== savedSeen) {
    setSavedSeen(saved);
    setDraft(saved);
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

  const isChanged = draft.trim() !== saved.trim();
  const save = () => updateDescription.mutate({ personId: person.id, description: draft.trim() ? draft : null });

  return (
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
      <FormError message={updateDescription.isError ? t(errorKey(updateDescription.error)) : undefined} />
      {isChanged ? (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={() => setDraft(saved)} data-testid="person-description-cancel">
            {t('common.cancel')}
          </Button>
          <Button size="xs" loading={updateDescription.isPending} onClick={save} data-testid="person-description-save">
            {t('common.save')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
