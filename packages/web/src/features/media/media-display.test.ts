import { describe, expect, it } from 'vitest';
import { hasThumbnail, isViewableImage } from './media-display.ts';

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
