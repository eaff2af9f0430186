import { renameTreeBodySchema, type TreeInfo, textLimits } from '@anor/core';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { Modal } from '../../lib/Modal.tsx';
import { useRenameTree } from './mutations.ts';

interface RenameTreeModalProps {
  userId: string;
  tree: TreeInfo | null;
  onClose: () => void;
}

export function RenameTreeModal({ userId, tree, onClose }: RenameTreeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={tree !== null} onClose={onClose} title={t('trees.rename.title')} centered>
      {/* A fresh form for each tree, starting from its current name. */}
      {tree ? <RenameTreeForm key={tree.id} userId={userId} tree={tree} onClose={onClose} /> : null}
    </Modal>
  );
}

function RenameTreeForm({ userId, tree, onClose }: { userId: string; tree: TreeInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const renameTree = useRenameTree(userId);
  const form = useSchemaForm(
    renameTreeBodySchema,
    { name: tree.name },
    { fieldOfCode: { 'tree.validation.treeNameAlreadyTaken': 'name' } },
  );

  const onSubmit = form.handleSubmit((body) => {
    // Unchanged data closes without an update (SPEC §5).
    if (body.name === tree.name) {
      onClose();
      return;
    }
    renameTree.mutate({ treeId: tree.id, body }, { onSuccess: onClose, onError: form.setServerError });
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="rename-tree-form">
      <Stack>
        <TextInput
          label={t('trees.rename.label')}
          maxLength={textLimits.treeName}
          required
          data-autofocus
          data-testid="rename-tree-name"
          {...form.getInputProps('name')}
        />
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={renameTree.isPending} data-testid="rename-tree-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
