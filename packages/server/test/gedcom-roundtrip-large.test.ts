import { describeSampleRoundTrips, isLarge, samples } from './support/gedcom-samples.ts';

// Issue 20: the round trip of every real-world and encodings sample over 300 kB (royal92,
// pres2020, the gedcom4j samples, US Presidents, the willis files). How: support/gedcom-samples.ts.

describeSampleRoundTrips('round trip of every sample over 300 kB (issue 20)', samples.filter(isLarge));
