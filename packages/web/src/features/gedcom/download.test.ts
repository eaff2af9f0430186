import { describe, expect, it } from 'vitest';
import { countRecordStarts, fileNameOf, percentOf, startOfFile } from './download.ts';

const file = ['0 HEAD', '1 GEDC', '2 VERS 7.0', '0 @I1@ INDI', '1 NAME Åsa /Öberg/', '0 @I2@ INDI', '0 TRLR', ''].join(
  '\r\n',
);

function countInPieces(text: string, size: number): number {
  let state = { count: 0, tail: startOfFile };
  let total = 0;
  for (let start = 0; start < text.length; start += size) {
    state = countRecordStarts(text.slice(start, start + size), state.tail);
    total += state.count;
  }
  return total;
}

describe('the GEDCOM download progress', () => {
  it('counts every level-0 record once, however the file is cut into pieces', () => {
    for (const size of [1, 2, 3, 5, 7, 1000]) expect(countInPieces(file, size), `pieces of ${size}`).toBe(4);
    // A "0 " inside a line is no record.
    expect(countInPieces('0 HEAD\n1 NOTE 10 0 x\n2 CONT\n0 TRLR\n', 3)).toBe(2);
  });

  it('stays below 100 % until the end, and at 0 without a count', () => {
    expect(percentOf(0, 400)).toBe(0);
    expect(percentOf(200, 400)).toBe(50);
    expect(percentOf(400, 400)).toBe(99);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(5, Number.NaN)).toBe(0);
  });

  it("takes the file's UTF-8 name from Content-Disposition", () => {
    expect(
      fileNameOf(
        `attachment; filename="Slakten Astrom.ged"; filename*=UTF-8''Sl%C3%A4kten%20%C3%85str%C3%B6m.ged`,
        'x',
      ),
    ).toBe('Släkten Åström.ged');
    expect(fileNameOf('attachment; filename="tree.ged"', 'x')).toBe('tree.ged');
    expect(fileNameOf(null, 'fallback.ged')).toBe('fallback.ged');
  });
});
