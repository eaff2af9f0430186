import { forgotPasswordBodySchema } from '@anor/core';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { AuthCard } from '../../lib/AuthCard.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { useRequestPasswordReset } from './mutations.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('forgotPassword.title'));
  const requestReset = useRequestPasswordReset();
  const form = useSchemaForm(
    forgotPasswordBodySchema,
    { email: '' },
    { fieldOfCode: { 'auth.error.noUserForEmail': 'email' } },
  );

  const onSubmit = form.handleSubmit((body) => requestReset.mutate(body, { onError: form.setServerError }));

  if (requestReset.isSuccess) {
    return (
      <AuthCard title={t('forgotPassword.title')}>
        <Stack>
          <Alert color="forest" variant="light" icon={<IconMail aria-hidden />} role="status" data-testid="forgot-sent">
            {t('forgotPassword.sent', { email: requestReset.variables.email })}
          </Alert>
          <Button component={Link} to="/login" variant="default" fullWidth>
            {t('forgotPassword.backToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')}>
      <form onSubmit={onSubmit} noValidate data-testid="forgot-form">
        <Stack>
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            data-testid="forgot-email"
            {...form.getInputProps('email')}
          />
          <FormError message={form.errorText('form')} />
          <Button type="submit" fullWidth loading={requestReset.isPending} data-testid="forgot-submit">
            {t('forgotPassword.submit')}
          </Button>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              {t('forgotPassword.backToLogin')}
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed" ta="center">
            {t('forgotPassword.expiry')}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
