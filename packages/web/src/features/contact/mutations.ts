import { type ContactBody, okAnswerSchema } from '@anor/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Nothing cached changes when a message is sent, so nothing is invalidated. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactBody) => api.post('/api/contact', body, { schema: okAnswerSchema }),
    meta: { errorDisplay: 'inline' },
  });
}
