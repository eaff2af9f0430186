import { changePasswordBodySchema, textLimits, type UserInfo } from '@anor/core';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { useChangePassword } from './mutations.ts';

export function ChangePasswordForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword(user.id);
  const form = useSchemaForm(
    changePasswordBodySchema,
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    // A wrong current password answers 401 too, but it belongs under its field: the user is still signed in.
    {
      fieldOfCode: { 'auth.error.incorrectPassword': 'oldPassword', 'auth.error.passwordMismatch': 'confirmPassword' },
    },
  );

  const onSubmit = form.handleSubmit((body) =>
    changePassword.mutate(body, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'forest', message: t('account.password.done') });
      },
      onError: form.setServerError,
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <Stack>
        <PasswordInput
          label={t('account.password.current')}
          autoComplete="current-password"
          required
          data-testid="change-password-current"
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t('account.password.new')}
          description={t('register.passwordHint', { min: textLimits.passwordMin })}
          autoComplete="new-password"
          required
          data-testid="change-password-new"
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('account.password.confirm')}
          autoComplete="new-password"
          required
          data-testid="change-password-confirm"
          {...form.getInputProps('confirmPassword')}
        />
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end">
          <Button type="submit" loading={changePassword.isPending} data-testid="change-password-submit">
            {t('account.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
