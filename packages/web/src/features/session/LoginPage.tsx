import { signInBodySchema } from '@anor/core';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { AuthCard } from '../../lib/AuthCard.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { safeCallbackUrl } from './callback-url.ts';
import { useSignIn } from './mutations.ts';
import { useSession } from './queries.ts';

/** Error codes of the session library's links (/api/auth/error?error=…) that may arrive here. */
function useLoginNotice(error: string | null) {
  const { t } = useTranslation();
  if (!error) return null;
  if (error === 'SessionRequired') return t('auth.error.sessionRequired');
  return t('login.error.generic');
}

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const [searchParams] = useSearchParams();
  const callbackUrl = safeCallbackUrl(searchParams.get('callbackUrl'));
  const notice = useLoginNotice(searchParams.get('error'));
  const navigate = useNavigate();
  const { status } = useSession();
  const signIn = useSignIn();
  const form = useSchemaForm(signInBodySchema, { email: '', password: '' });

  if (status === 'authenticated' && !signIn.isPending && !signIn.isSuccess) {
    return <Navigate to={callbackUrl} replace />;
  }

  const onSubmit = form.handleSubmit((body) =>
    signIn.mutate(body, {
      onSuccess: () => void navigate(callbackUrl, { replace: true }),
      onError: form.setServerError,
    }),
  );

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
        <Stack>
          {notice ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="login-notice">
              {notice}
            </Alert>
          ) : null}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            data-testid="login-email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            data-testid="login-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/forgot-password" size="sm" data-testid="login-forgot-password">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <FormError message={form.errorText('form')} />
          <Button type="submit" fullWidth loading={signIn.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Group justify="center" gap={6}>
            <Text size="sm">{t('login.noAccount')}</Text>
            <Anchor component={Link} to="/register" size="sm" data-testid="login-register">
              {t('login.register')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
