import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact.ts';

describe('addresses in the request log', () => {
  it('leave out share-link and reset tokens, and nothing else', () => {
    expect(redactUrl('/share/abcDEF_123-x/0190a-tree/person/0190b')).toBe('/share/[token]/0190a-tree/person/0190b');
    expect(redactUrl('/share/abcDEF_123-x')).toBe('/share/[token]');
    expect(redactUrl('/api/share/abcDEF_123-x')).toBe('/api/share/[token]');
    expect(redactUrl('/reset-password?token=secret&x=1')).toBe('/reset-password?token=[token]&x=1');
    // The media file routes take the share token as `?share=` (an <img> sends no header).
    expect(redactUrl('/api/0190a/media/0190b/file/thumb?share=secret')).toBe(
      '/api/0190a/media/0190b/file/thumb?share=[token]',
    );
    expect(redactUrl('/api/0190a/person/0190b?shared=1')).toBe('/api/0190a/person/0190b?shared=1');
    expect(redactUrl('/shared')).toBe('/shared');
  });
});
