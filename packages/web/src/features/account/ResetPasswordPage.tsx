import { resetPasswordFormSchema, textLimits } from '@anor/core';
import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { AuthCard } from '../../lib/AuthCard.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { useResetPassword } from './mutations.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('resetPassword.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });

  if (!token) {
    return (
      <AuthCard title={t('resetPassword.title')}>
        <Stack>
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="reset-invalid-link">
            {t('auth.error.invalidToken')}
          </Alert>
          <Button component={Link} to="/forgot-password" fullWidth>
            {t('resetPassword.askAgain')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthCard title={t('resetPassword.title')}>
        <Stack>
          <Alert color="forest" variant="light" icon={<IconCheck aria-hidden />} role="status" data-testid="reset-done">
            {t('resetPassword.done')}
          </Alert>
          <Button component={Link} to="/login" fullWidth data-testid="reset-login">
            {t('nav.logIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) =>
    resetPassword.mutate({ token, password }, { onError: form.setServerError }),
  );
  const isInvalidToken = resetPassword.error !== null && form.errors.form === 'auth.error.invalidToken';

  return (
    <AuthCard title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <form onSubmit={onSubmit} noValidate data-testid="reset-form">
        <Stack>
          <PasswordInput
            label={t('account.password.new')}
            description={t('register.passwordHint', { min: textLimits.passwordMin })}
            autoComplete="new-password"
            required
            data-testid="reset-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('account.password.confirm')}
            autoComplete="new-password"
            required
            data-testid="reset-confirm"
            {...form.getInputProps('confirmPassword')}
          />
          <FormError message={form.errorText('form')} />
          {isInvalidToken ? (
            <Group justify="center">
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('resetPassword.askAgain')}
              </Anchor>
            </Group>
          ) : null}
          <Button type="submit" fullWidth loading={resetPassword.isPending} data-testid="reset-submit">
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
