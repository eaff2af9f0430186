import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@anor/gedcom';
import { describe, it } from 'vitest';
import { expectFamiliesWritten, pureRoundTrips } from './gedcom-snapshot.ts';

/**
 * Issue 20: every real-world sample and every encodings sample (fixtures/real-world and
 * fixtures/encodings, copied from shared/gedcom-samples) goes import → export 5.5.1 → import and
 * import → export 7.0 → import, and comes back with the same persons, families, events, names,
 * dates (as text), places, notes, sources and kept lines (the snapshot of gedcom-snapshot.ts).
 * Through the mapper and the writer, without the database: the routes' round trips of
 * gedcom-roundtrip.test.ts cover the database's part with the small files. The samples are
 * split by size over two test files (gedcom-roundtrip-samples and -large) that run side by side:
 * together about two minutes of one core's time on a loaded 2-core machine, most of it for the
 * five files over 1 MB.
 */

export const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../gedcom/test/fixtures');

function samplesOf(folder: string): string[] {
  return readdirSync(path.join(fixtures, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.toLowerCase().endsWith('.ged'))
    .map((name) => `${folder}/${name.split(path.sep).join('/')}`)
    .sort();
}

/** Files made to test readers (torture tests, odd structures, GEDCOM 7's examples): round-tripped too. */
export const otherFixtures = [
  'torture-55/TGC551.ged',
  'torture-55/TGC55C.ged',
  'odd/customtagstorture.ged',
  'odd/structural-torture.ged',
  'odd/allged.ged',
  'odd/relationships-complex.ged',
  'odd/family-structure-variants.ged',
  'odd/calendar-dates.ged',
  'gedcom-org-555/555SAMPLE.GED',
  'gedcom7/familysearch/gedcom70/maximal70.ged',
  'gedcom7/familysearch/gedcom70/remarriage2.ged',
  'gedcom7/familysearch/gedcom70/same-sex-marriage.ged',
  'gedcom7/familysearch/gedcom70/notes-1.ged',
];

/** Every sample, and which of them are large (their round trips take seconds each). */
export const samples = [...samplesOf('real-world'), ...samplesOf('encodings')];
export const largeAbove = 300_000;
export const isLarge = (file: string) => statSync(path.join(fixtures, file)).size > largeAbove;

/** A ceiling, not a wait: the largest sample (1.3 MB) takes 8 s alone and far longer on a loaded machine. */
const slow = 180_000;

/** The round trips of some of the samples, each through 5.5.1 and 7.0. */
export function describeSampleRoundTrips(title: string, files: string[]): void {
  /** Files whose records read the same as an earlier file's are round-tripped once. */
  const roundTripped = new Map<string, string>();
  describe(title, () => {
    for (const file of files) {
      it(
        `round-trips ${file} through 5.5.1 and 7.0`,
        async () => {
          const bytes = new Uint8Array(await readFile(path.join(fixtures, file)));
          const key = createHash('sha1')
            .update(JSON.stringify(parse(bytes).records))
            .digest('base64url');
          if (roundTripped.has(key)) return;
          const { texts, families } = pureRoundTrips(bytes);
          expectFamiliesWritten(texts['5.5.1'], families, bytes);
          expectFamiliesWritten(texts['7.0'], families, bytes);
          roundTripped.set(key, file);
        },
        slow,
      );
    }
  });
}
