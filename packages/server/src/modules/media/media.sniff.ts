/**
 * The type of an upload, read from its first bytes (its name and the browser's Content-Type are not
 * believed). Only the accepted types are named; anything else, SVG and other XML among them, is null.
 */
export type SniffedType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'image/tiff'
  | 'image/heic'
  | 'image/avif'
  | 'application/pdf';

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 32;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniff(head: Uint8Array): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (['GIF87a', 'GIF89a'].includes(ascii(head, 0, 6))) return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (['II*\0', 'MM\0*'].includes(ascii(head, 0, 4))) return 'image/tiff';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (['avif', 'avis'].includes(brand)) return 'image/avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  }
  return null;
}

/** The types a file name's extension claims (lower case, without the dot). */
const extensionTypes: Record<string, SniffedType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heic',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

/**
 * Whether the name says something else than the bytes are: `anna.jpg` that holds a PDF or a PNG.
 * A name without an extension, or with one that names no accepted type, claims nothing.
 */
export function nameContradicts(fileName: string, type: SniffedType): boolean {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase();
  const claimed = extension ? extensionTypes[extension] : undefined;
  if (!claimed || claimed === type) return false;
  // HEIF files carry either brand whatever their extension says.
  return !(claimed === 'image/heic' && type === 'image/avif') && !(claimed === 'image/avif' && type === 'image/heic');
}

/** The GEDCOM FORM of a type (jpg, png, pdf, …). */
export function formatOf(type: SniffedType): string {
  return (
    { 'image/jpeg': 'jpg', 'image/heic': 'heic', 'application/pdf': 'pdf' }[type as string] ?? type.split('/')[1] ?? ''
  );
}
