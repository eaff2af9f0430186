import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, loginUrlFor, safeCallbackUrl } from './callback-url.ts';

const origin = 'https://anor.example';

describe('safeCallbackUrl', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeCallbackUrl('/app/t1/person/p1?tab=family#notes', origin)).toBe('/app/t1/person/p1?tab=family#notes');
    expect(safeCallbackUrl(`${origin}/account`, origin)).toBe('/account');
  });

  it('refuses other sites, including protocol-relative and backslash tricks', () => {
    expect(safeCallbackUrl('https://evil.example/trees', origin)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl('//evil.example/trees', origin)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl('/\\evil.example', origin)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl('javascript:alert(1)', origin)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it('falls back to the tree list when there is nothing useful to return to', () => {
    expect(safeCallbackUrl(null, origin)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl('', origin)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl('/login?error=SessionRequired', origin)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl('/signout', origin)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});

describe('loginUrlFor', () => {
  it('asks for a session and remembers where to return', () => {
    expect(loginUrlFor('/trees')).toBe('/login?error=SessionRequired&callbackUrl=%2Ftrees');
  });
});
