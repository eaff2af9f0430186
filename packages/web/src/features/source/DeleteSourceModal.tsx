import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLinkOff, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import type { SourceKind } from './queries.ts';
import type { SourceDeleteChoice, SourceDeletePlan } from './source-rules.ts';

interface DeleteSourceModalProps {
  opened: boolean;
  kind: SourceKind;
  plan: SourceDeletePlan;
  /** The source's name as the question shows it. */
  name: string;
  /** Its records (a repository) or citations (a record). */
  childrenCount: number;
  /** What disengaging takes it out of ("the event", an archive's name). */
  parentName: string;
  isPending: boolean;
  error?: string;
  onChoose: (choice: SourceDeleteChoice) => void;
  onCancel: () => void;
}

const icons = {
  delete: <IconTrash aria-hidden size={18} />,
  withChildren: <IconTrashX aria-hidden size={18} />,
  disengage: <IconLinkOff aria-hidden size={18} />,
};

/** Each kind's choices: the button's label and the line explaining it. */
const choiceTexts: Record<SourceKind, Partial<Record<SourceDeleteChoice, [TranslationKey, TranslationKey]>>> = {
  citation: {
    delete: ['sources.delete.citation.delete', 'sources.delete.citation.deleteHint'],
    disengage: ['sources.delete.citation.disengage', 'sources.delete.citation.disengageHint'],
  },
  record: {
    delete: ['sources.delete.record.delete', 'sources.delete.record.deleteHint'],
    withChildren: ['sources.delete.record.withChildren', 'sources.delete.record.withChildrenHint'],
    disengage: ['sources.delete.record.disengage', 'sources.delete.record.disengageHint'],
  },
  repository: {
    delete: ['sources.delete.repository.delete', 'sources.delete.repository.deleteHint'],
    withChildren: ['sources.delete.repository.withChildren', 'sources.delete.repository.withChildrenHint'],
  },
};

/**
 * Deleting a source (SPEC §4, §8 headers): one confirmation when nothing hangs on it; otherwise
 * only it or it with all its children; opened inside a parent, deleting it or disengaging it.
 */
export function DeleteSourceModal({
  opened,
  kind,
  plan,
  name,
  childrenCount,
  parentName,
  isPending,
  error,
  onChoose,
  onCancel,
}: DeleteSourceModalProps) {
  const { t } = useTranslation();
  const values = { name, count: childrenCount, parent: parentName };
  const isSingle = plan.choices.length === 1 && plan.choices[0] === 'delete';

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t(`sources.delete.headers.${plan.header}`)}
      centered
      zIndex={400}
      data-testid="source-delete-modal"
      data-header={plan.header}
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{t(`sources.delete.text.${plan.header}`, values)}</Text>
        {isSingle ? null : (
          <Stack gap="xs">
            {plan.choices.map((choice) => {
              const [label, hint] = choiceTexts[kind][choice] ?? ['sources.delete.confirm', 'sources.delete.confirm'];
              return (
                <Paper key={choice} withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Text size="sm" style={{ flex: '1 1 14rem' }}>
                      {t(hint, values)}
                    </Text>
                    <Button
                      variant={choice === 'disengage' ? 'default' : 'light'}
                      color={choice === 'disengage' ? undefined : 'red'}
                      leftSection={icons[choice]}
                      loading={isPending}
                      onClick={() => onChoose(choice)}
                      data-testid={`source-delete-${choice}`}
                    >
                      {t(label, values)}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        <FormError message={error} testId="source-delete-error" />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} data-testid="source-delete-cancel">
            {t('common.cancel')}
          </Button>
          {isSingle ? (
            <Button
              color="red"
              loading={isPending}
              onClick={() => onChoose('delete')}
              data-autofocus
              data-testid="source-delete-confirm"
            >
              {t('sources.delete.confirm')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
