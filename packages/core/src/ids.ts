/**
 * Time-ordered UUIDs (RFC 9562 version 7): 36 characters, sortable by creation time, so that
 * B-tree indexes on ids stay compact when a large GEDCOM file is imported.
 */
const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Random bytes drawn 4 KB at a time: one getRandomValues call per 256 ids (a GEDCOM import makes hundreds of thousands). */
const pool = new Uint8Array(4096);
let poolOffset = pool.length;

/**
 * The last id's millisecond and its 12-bit counter (RFC 9562 §6.2, method 1): ids made in one
 * millisecond, or after the clock stepped back, count up from the last one, so that ids of one process
 * follow the order they were made in. A GEDCOM import's rows then keep the file's order, and a list
 * that ends its sort on the id shows things added together in the order they were added.
 */
let lastMs = -1;
let counter = 0;

export function uuidv7(now: number = Date.now()): string {
  if (poolOffset + 10 > pool.length) {
    crypto.getRandomValues(pool);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += 10;
  if (now > lastMs) {
    lastMs = now;
    // A random start in the lower half leaves 2,048 ids of room in the millisecond.
    counter = (((pool[r] as number) << 8) | (pool[r + 1] as number)) & 0x7ff;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  const ms = lastMs;
  // 48 bits of milliseconds, big-endian: the high 16 bits and the low 32 bits.
  const high = Math.floor(ms / 0x1_0000_0000);
  const low = ms >>> 0;
  const b = (i: number) => hex[pool[r + i] as number] as string;
  const id =
    `${hex[(high >>> 8) & 0xff]}${hex[high & 0xff]}${hex[low >>> 24]}${hex[(low >>> 16) & 0xff]}-` +
    `${hex[(low >>> 8) & 0xff]}${hex[low & 0xff]}-` +
    `${hex[0x70 | (counter >>> 8)]}${hex[counter & 0xff]}-` +
    `${hex[0x80 | ((pool[r + 2] as number) & 0x3f)]}${b(3)}-` +
    `${b(4)}${b(5)}${b(6)}${b(7)}${b(8)}${b(9)}`;
  // Reading a character makes V8 flatten the ~16 joined pieces into one string: an id kept in a
  // map (an import holds a million) then takes about 70 bytes instead of about 490.
  void id.charCodeAt(0);
  return id;
}
