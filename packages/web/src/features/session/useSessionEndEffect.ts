import { useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useReplaceSession } from './mutations.ts';
import { isSessionEndedState } from './session-end.ts';

/** Mounted once in the shell: forgets the user after a navigation that ended the session. */
export function useSessionEndEffect(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const replaceSession = useReplaceSession();
  const hasEnded = isSessionEndedState(location.state);
  const { pathname, search, hash } = location;

  useLayoutEffect(() => {
    if (!hasEnded) return;
    replaceSession(null);
    // Drop the marker from history, so going back and forth later cannot sign out a new session.
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [hasEnded, replaceSession, navigate, pathname, search, hash]);
}
