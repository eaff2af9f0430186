import { type RegisterBody, type SignInBody, type UserInfo, userInfoSchema } from '@anor/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client.ts';
import { type SessionAnswer, sessionKeys } from './queries.ts';
import { sessionEndedState } from './session-end.ts';

/** After signing in or out, what was cached for the previous user must not be shown to the next. */
export function useReplaceSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: UserInfo | null) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData<SessionAnswer>(sessionKeys.all, { user });
    },
    [queryClient],
  );
}

export function useSignIn() {
  const replaceSession = useReplaceSession();
  return useMutation({
    mutationFn: (body: SignInBody) => api.post('/api/auth/signin/credentials', body, { schema: userInfoSchema }),
    onSuccess: (user) => replaceSession(user),
    meta: { errorDisplay: 'inline' },
  });
}

export function useRegister() {
  const replaceSession = useReplaceSession();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post('/api/user', body, { schema: userInfoSchema }),
    onSuccess: (user) => replaceSession(user),
    meta: { errorDisplay: 'inline' },
  });
}

/**
 * Ends the session. With `redirectTo`, the page changes first and the shell forgets the user
 * once it is shown (see session-end.ts), so a page that requires a session does not bounce to
 * the login page on the way out.
 */
export function useSignOut({ redirectTo }: { redirectTo?: string } = {}) {
  const replaceSession = useReplaceSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<{ ok: boolean }>('/api/auth/signout'),
    onSuccess: async () => {
      if (redirectTo) await navigate(redirectTo, { state: sessionEndedState });
      else replaceSession(null);
    },
  });
}
