/**
 * Time-ordered UUIDs (RFC 9562 version 7): 36 characters, sortable by creation time, so that
 * B-tree indexes on ids stay compact when a large GEDCOM file is imported.
 */
const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Random bytes drawn 4 KB at a time: one getRandomValues call per 256 ids (a GEDCOM import makes hundreds of thousands). */
const pool = new Uint8Array(4096);
let poolOffset = pool.length;

export function uuidv7(now: number = Date.now()): string {
  if (poolOffset + 10 > pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += 10;
  // 48 bits of milliseconds, big-endian: the high 16 bits and the low 32 bits.
  const high = Math.floor(now / 0x1_0000_0000);
  const low = now >>> 0;
  const b = (i: number) => hex[pool[r + i] as number] as string;
  return (
    `${hex[(high >>> 8) & 0xff]}${hex[high & 0xff]}${hex[low >>> 24]}${hex[(low >>> 16) & 0xff]}-` +
    `${hex[(low >>> 8) & 0xff]}${hex[low & 0xff]}-` +
    `${hex[0x70 | ((pool[r] as number) & 0x0f)]}${b(1)}-` +
    `${hex[0x80 | ((pool[r + 2] as number) & 0x3f)]}${b(3)}-` +
    `${b(4)}${b(5)}${b(6)}${b(7)}${b(8)}${b(9)}`
  );
}
