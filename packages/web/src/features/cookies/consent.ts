import { useSyncExternalStore } from 'react';

/**
 * The cookie choice of SPEC §1: all cookies (necessary and analytics) or only necessary ones.
 * Analytics code must ask `hasAnalyticsConsent()` before it runs (there is no analytics yet).
 */
export const COOKIE_CONSENT_KEY = 'anor.cookieConsent';

export const cookieConsents = ['all', 'necessary'] as const;
export type CookieConsent = (typeof cookieConsents)[number];

const listeners = new Set<() => void>();

function isCookieConsent(value: string | null): value is CookieConsent {
  return value === 'all' || value === 'necessary';
}

export function readCookieConsent(): CookieConsent | null {
  try {
    const value = localStorage.getItem(COOKIE_CONSENT_KEY);
    return isCookieConsent(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveCookieConsent(consent: CookieConsent): void {
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, consent);
  } catch {
    // Without storage the choice holds until the page is reloaded.
    fallbackConsent = consent;
  }
  for (const listener of listeners) listener();
}

let fallbackConsent: CookieConsent | null = null;

/** True only after the visitor accepted all cookies. */
export function hasAnalyticsConsent(): boolean {
  return (readCookieConsent() ?? fallbackConsent) === 'all';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COOKIE_CONSENT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCookieConsent(): CookieConsent | null {
  return useSyncExternalStore(
    subscribe,
    () => readCookieConsent() ?? fallbackConsent,
    () => null,
  );
}
