import { deleteTreeBodySchema, type TreeInfo } from '@anor/core';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { Modal } from '../../lib/Modal.tsx';
import { useDeleteTree } from './mutations.ts';

interface DeleteTreeModalProps {
  userId: string;
  tree: TreeInfo | null;
  onClose: () => void;
}

/** Deleting a tree takes the user's password (SPEC §6). */
export function DeleteTreeModal({ userId, tree, onClose }: DeleteTreeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={tree !== null} onClose={onClose} title={t('trees.delete.title')} centered>
      {tree ? <DeleteTreeForm key={tree.id} userId={userId} tree={tree} onClose={onClose} /> : null}
    </Modal>
  );
}

function DeleteTreeForm({ userId, tree, onClose }: { userId: string; tree: TreeInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const deleteTree = useDeleteTree(userId);
  const form = useSchemaForm(
    deleteTreeBodySchema,
    { password: '' },
    // 401 here means a wrong password, not a lost session.
    { fieldOfCode: { 'auth.error.wrongPassword': 'password' } },
  );

  const onSubmit = form.handleSubmit((body) =>
    deleteTree.mutate(
      { treeId: tree.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'forest', message: t('trees.delete.done', { name: tree.name }) });
          onClose();
        },
        onError: form.setServerError,
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="delete-tree-form">
      <Stack>
        <Text size="sm">{t('trees.delete.text', { name: tree.name })}</Text>
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          data-autofocus
          data-testid="delete-tree-password"
          {...form.getInputProps('password')}
        />
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={deleteTree.isPending} data-testid="delete-tree-submit">
            {t('trees.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
