import { deleteAccountBodySchema, type UserInfo } from '@anor/core';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { Modal } from '../../lib/Modal.tsx';
import { useDeleteAccount } from './mutations.ts';

export function DeleteAccountSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [isOpen, modal] = useDisclosure(false);
  const deleteAccount = useDeleteAccount(user.id);
  const form = useSchemaForm(
    deleteAccountBodySchema,
    { password: '' },
    { fieldOfCode: { 'auth.error.wrongPassword': 'password' } },
  );

  const close = () => {
    modal.close();
    form.reset();
    deleteAccount.reset();
  };

  const onSubmit = form.handleSubmit((body) => deleteAccount.mutate(body, { onError: form.setServerError }));

  return (
    <>
      <Stack gap="sm">
        <Text size="sm">{t('account.delete.text')}</Text>
        <Group justify="flex-end">
          <Button
            color="red"
            variant="outline"
            leftSection={<IconTrash aria-hidden size={18} />}
            onClick={modal.open}
            data-testid="delete-account-open"
          >
            {t('account.delete.open')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={isOpen} onClose={close} title={t('account.delete.confirmTitle')} centered>
        <form onSubmit={onSubmit} noValidate data-testid="delete-account-form">
          <Stack>
            <Text size="sm">{t('account.delete.confirmText')}</Text>
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              required
              data-autofocus
              data-testid="delete-account-password"
              {...form.getInputProps('password')}
            />
            <FormError message={form.errorText('form')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" loading={deleteAccount.isPending} data-testid="delete-account-submit">
                {t('account.delete.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
