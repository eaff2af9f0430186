import { changeEmailBodySchema, type UserInfo } from '@anor/core';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { useChangeEmail } from './mutations.ts';

export function ChangeEmailForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const changeEmail = useChangeEmail(user.id);
  const form = useSchemaForm(
    changeEmailBodySchema,
    { email: '', password: '' },
    { fieldOfCode: { 'auth.error.emailExists': 'email', 'auth.error.wrongPassword': 'password' } },
  );

  const onSubmit = form.handleSubmit((body) =>
    changeEmail.mutate(body, {
      onSuccess: () => {
        form.reset();
        notifications.show({ color: 'forest', message: t('account.email.done') });
      },
      onError: form.setServerError,
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-email-form">
      <Stack>
        <Text size="sm">
          {t('account.email.current')}{' '}
          <Text span fw={600} data-testid="account-current-email">
            {user.email}
          </Text>
        </Text>
        <TextInput
          label={t('account.email.new')}
          type="email"
          autoComplete="email"
          required
          data-testid="change-email-input"
          {...form.getInputProps('email')}
        />
        {/* The current password proves it is the account's holder (a session alone cannot move the account). */}
        <PasswordInput
          label={t('account.password.current')}
          autoComplete="current-password"
          required
          data-testid="change-email-password"
          {...form.getInputProps('password')}
        />
        <FormError message={form.errorText('form')} />
        <Group justify="flex-end">
          <Button type="submit" loading={changeEmail.isPending} data-testid="change-email-submit">
            {t('account.email.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
