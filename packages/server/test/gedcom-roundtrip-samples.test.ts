import { expect, it } from 'vitest';
import { describeSampleRoundTrips, isLarge, otherFixtures, samples } from './support/gedcom-samples.ts';

// Issue 20: the round trip of every real-world and encodings sample up to 300 kB (the larger
// ones: gedcom-roundtrip-large.test.ts). How: support/gedcom-samples.ts.

it('has every real-world and encodings sample, the large ones in the other file', () => {
  expect(samples.filter((file) => file.startsWith('real-world/')).length).toBeGreaterThanOrEqual(29);
  expect(samples.filter((file) => file.startsWith('encodings/')).length).toBeGreaterThanOrEqual(21);
  expect(samples.filter(isLarge).length).toBeGreaterThan(0);
});

describeSampleRoundTrips(
  'round trip of every sample up to 300 kB (issue 20)',
  samples.filter((file) => !isLarge(file)),
);

describeSampleRoundTrips('round trip of the files made to test readers', otherFixtures);
