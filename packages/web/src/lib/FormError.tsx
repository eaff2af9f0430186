import { Alert } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The error of a form that belongs to no single field, announced to screen readers. A contributor's
 * change kept for review (issue 26: `errorKey` of `ProposalMade`) is no error: it shows as a notice.
 */
export function FormError({ message, testId = 'form-error' }: { message: string | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  if (message === t('proposals.sentForReview')) {
    return (
      <Alert color="forest" variant="light" icon={<IconSend aria-hidden />} role="status" data-testid="form-proposed">
        {message}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}
