import { describe, expect, it } from 'vitest';
import { hasThumbnail, isViewableImage, portraitToken } from './media-display.ts';

describe('a portrait file’s version token', () => {
  const mediaId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
  const crop = { x: 0.333333333333333, y: 0.1234567890123, width: 0.4999999999999, height: 0.6666666666666 };

  it('fits the server’s 64 characters however long the crop’s numbers, and changes with the crop and the image', () => {
    const token = portraitToken({ mediaId, crop });
    expect(token.length).toBeLessThanOrEqual(64);
    expect(token).toMatch(/^[0-9a-z]+$/);
    expect(portraitToken({ mediaId, crop })).toBe(token);
    expect(portraitToken({ mediaId, crop: { ...crop, x: 0.3 } })).not.toBe(token);
    expect(portraitToken({ mediaId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c', crop })).not.toBe(token);
  });
});

describe('what a medium shows', () => {
  it('views uploaded images only', () => {
    expect(isViewableImage({ kind: 'image', hasFile: true })).toBe(true);
    expect(isViewableImage({ kind: 'image', hasFile: false })).toBe(false);
    expect(isViewableImage({ kind: 'pdf', hasFile: true })).toBe(false);
  });

  it('asks no thumbnail of a PDF or a GEDCOM reference', () => {
    expect(hasThumbnail({ kind: 'pdf', hasFile: true })).toBe(false);
    expect(hasThumbnail({ kind: 'reference', hasFile: false })).toBe(false);
  });
});
