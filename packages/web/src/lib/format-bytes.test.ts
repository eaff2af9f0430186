import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('keeps small sizes in bytes', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
  });

  it('uses decimal units with one decimal below 100', () => {
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(250_000_000, 'en')).toBe('250 MB');
  });

  it('writes the decimal sign of the language', () => {
    expect(formatBytes(2_500_000_000, 'sv')).toBe('2,5 GB');
  });
});
