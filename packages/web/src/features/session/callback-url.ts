/** Where to go after signing in when no (usable) callbackUrl was given. */
export const DEFAULT_AFTER_SIGN_IN = '/trees';

/**
 * Accepts only a path of this site as a place to return to, so a crafted link cannot send a
 * freshly signed-in user to another site.
 */
export function safeCallbackUrl(value: string | null | undefined, origin: string = window.location.origin): string {
  if (!value) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== origin) return DEFAULT_AFTER_SIGN_IN;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('/login') || path.startsWith('/register') || path.startsWith('/signout')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  return path;
}

export function loginUrlFor(callbackUrl: string): string {
  const params = new URLSearchParams({ error: 'SessionRequired', callbackUrl });
  return `/login?${params.toString()}`;
}
