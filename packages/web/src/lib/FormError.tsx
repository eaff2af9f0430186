import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The error of a form that belongs to no single field, announced to screen readers. */
export function FormError({ message, testId = 'form-error' }: { message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}
