import { Alert } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseOnProposal } from './Modal.tsx';

/**
 * The error of a form that belongs to no single field, announced to screen readers. A contributor's
 * change kept for review (issue 26: `errorKey` of `ProposalMade`) is no error: the form is done, as
 * after a save, so its dialog closes (`useCloseOnProposal`; the app's notice says where the change
 * went). Every form shows its own save's outcome here, which makes this the one place that knows
 * which form was sent for review. Outside any dialog or inline editor, the notice shows in the form.
 */
export function FormError({ message, testId = 'form-error' }: { message: string | undefined; testId?: string }) {
  const { t } = useTranslation();
  const isProposed = message !== undefined && message === t('proposals.sentForReview');
  const closeOnProposal = useCloseOnProposal();
  // Only a proposal made while the form is shown closes it: a dialog opened again over a mutation
  // still holding an earlier proposal shows the notice instead of closing at once.
  const wasProposed = useRef(isProposed);
  useEffect(() => {
    if (isProposed && !wasProposed.current) closeOnProposal?.();
    wasProposed.current = isProposed;
  }, [isProposed, closeOnProposal]);

  if (!message) return null;
  if (isProposed) {
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
