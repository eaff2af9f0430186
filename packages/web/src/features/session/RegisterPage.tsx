import { registerBodySchema, textLimits } from '@anor/core';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { AuthCard } from '../../lib/AuthCard.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { safeCallbackUrl } from './callback-url.ts';
import { useRegister } from './mutations.ts';
import { useSession } from './queries.ts';

export function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Back where the user came from (an invitation link), as after signing in.
  const callbackUrl = safeCallbackUrl(searchParams.get('callbackUrl'));
  const { status } = useSession();
  const register = useRegister();
  const form = useSchemaForm(
    registerBodySchema,
    { fName: '', email: '', password: '' },
    { fieldOfCode: { 'auth.error.accountExists': 'email' } },
  );

  if (status === 'authenticated' && !register.isPending && !register.isSuccess) {
    return <Navigate to={callbackUrl} replace />;
  }

  const onSubmit = form.handleSubmit((body) =>
    register.mutate(body, {
      onSuccess: () => void navigate(callbackUrl, { replace: true }),
      onError: form.setServerError,
    }),
  );

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={onSubmit} noValidate data-testid="register-form">
        <Stack>
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            maxLength={textLimits.firstName}
            data-testid="register-first-name"
            {...form.getInputProps('fName')}
          />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            data-testid="register-email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('fields.password')}
            description={t('register.passwordHint', { min: textLimits.passwordMin })}
            autoComplete="new-password"
            required
            data-testid="register-password"
            {...form.getInputProps('password')}
          />
          <FormError message={form.errorText('form')} />
          <Button type="submit" fullWidth loading={register.isPending} data-testid="register-submit">
            {t('register.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('register.freeNote')}
          </Text>
          <Group justify="center" gap={6}>
            <Text size="sm">{t('register.haveAccount')}</Text>
            <Anchor component={Link} to="/login" size="sm" data-testid="register-login">
              {t('register.logIn')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
