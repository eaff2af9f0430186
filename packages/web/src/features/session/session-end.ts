/**
 * Leaving a page that requires a session (by signing out or deleting the account) must not end
 * on the login page. Clearing the cached session at once would do that: the router commits the
 * next page in a transition, while the session store updates at once, so RequireSession would
 * still see the old page without a user. Instead the navigation carries this state, and the
 * shell clears the session once the next page is on screen.
 */
export const sessionEndedState = { sessionEnded: true } as const;

export function isSessionEndedState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'sessionEnded' in state && state.sessionEnded === true;
}
