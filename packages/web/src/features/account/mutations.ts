import {
  type ChangeEmailBody,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type ForgotPasswordBody,
  type NotificationsBody,
  okAnswerSchema,
  type ResetPasswordBody,
  userInfoSchema,
} from '@anor/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, segment } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import { type SessionAnswer, sessionKeys } from '../session/queries.ts';
import { sessionEndedState } from '../session/session-end.ts';

export function useChangeEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      api.put(`/api/user/${segment(userId)}/email`, body, { schema: userInfoSchema }),
    // The answer is the updated user: the session shows it without asking again.
    onSuccess: (user) => queryClient.setQueryData<SessionAnswer>(sessionKeys.all, { user }),
    meta: { errorDisplay: 'inline' },
  });
}

/** E-mails about proposed changes on or off (issue 26): the answer is the updated user. */
export function useSetNotifications(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationsBody) =>
      api.put(`/api/user/${segment(userId)}/notifications`, body, { schema: userInfoSchema }),
    onSuccess: (user) => queryClient.setQueryData<SessionAnswer>(sessionKeys.all, { user }),
    meta: { notice: 'saved' },
  });
}

export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.put(`/api/user/${segment(userId)}/password`, body, { schema: okAnswerSchema }),
    meta: { errorDisplay: 'inline' },
  });
}

export function useDeleteAccount(userId: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api.delete(`/api/user/${segment(userId)}`, body, { schema: okAnswerSchema }),
    onSuccess: async () => {
      // Leave the account page first; the shell forgets the user once the start page shows.
      await navigate('/', { replace: true, state: sessionEndedState });
      notifications.show({ color: 'forest', message: i18n.t('account.delete.done') });
    },
    meta: { errorDisplay: 'inline' },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api.post('/api/user/resetpassword', body, { schema: okAnswerSchema }),
    meta: { errorDisplay: 'inline' },
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.put('/api/user/resetpassword', body, { schema: okAnswerSchema }),
    // The reset ends every session of that user, perhaps including this browser's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    meta: { errorDisplay: 'inline' },
  });
}
