import { open } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../http/errors.ts';
import { renderPdfFirstPage } from './media.pdf.ts';
import { formatOf, nameContradicts, SNIFF_BYTES, type SniffedType, sniff } from './media.sniff.ts';

/**
 * What an upload is and the versions made from it (issue 22): the type from its bytes, its size
 * after EXIF orientation, a thumbnail (320 px) and a screen-sized version (1600 px) as WebP with the
 * orientation applied and no metadata (so no GPS position). The original is kept as uploaded.
 *
 * Memory: the file is read from disk, never whole into memory; libvips decodes it in strips
 * (`sequentialRead`) and, for a JPEG or WebP, shrinks while decoding, so a 50-megapixel photo is
 * processed in tens of megabytes (`npm run bench` measures it). A header claiming more pixels than
 * `maxPixels` is refused before anything is decoded (a decompression bomb), and sharp's own
 * `limitInputPixels` holds the same line while decoding.
 */

// No cache of decoded images between requests: each upload is processed once.
sharp.cache(false);

export const THUMB_SIZE = 320;
export const SCREEN_SIZE = 1600;
/** 100 megapixels: a 50-megapixel camera's photo and a large scan pass, a decompression bomb does not. */
export const DEFAULT_MAX_PIXELS = 100_000_000;

export interface ProcessedMedia {
  mimeType: SniffedType;
  kind: 'image' | 'pdf';
  format: string;
  width: number | null;
  height: number | null;
  thumb: Buffer | null;
  screen: Buffer | null;
  /** Content type of thumb and screen (null where none was made). */
  derivedType: string | null;
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A PDF ends with `%%EOF` (give or take trailing white space): a truncated one does not. */
async function pdfIsWhole(file: string, size: number): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const length = Math.min(size, 2048);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('latin1').includes('%%EOF');
  } finally {
    await handle.close();
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** One decode of the image, to the screen size; the thumbnail from that. */
async function versionsOf(image: Sharp): Promise<{ screen: Buffer; thumb: Buffer }> {
  const screen = await image
    .resize(SCREEN_SIZE, SCREEN_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const thumb = await sharp(screen)
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  return { screen, thumb };
}

/** Refuses what is not an accepted, whole file; makes the versions of an image or of a PDF's first page. */
export async function processUpload(
  file: string,
  size: number,
  fileName: string,
  maxPixels: number = DEFAULT_MAX_PIXELS,
): Promise<ProcessedMedia> {
  if (size === 0) throw new AppError('media.error.empty');
  const type = sniff(await readHead(file));
  if (!type) throw new AppError('media.error.unsupportedType');
  if (nameContradicts(fileName, type))
    throw new AppError('media.error.corrupt', { reason: 'typeMismatch', found: type });
  if (type === 'application/pdf') {
    if (!(await pdfIsWhole(file, size))) throw new AppError('media.error.corrupt', { reason: 'truncated' });
    // The first page drawn by pdf.js (media.pdf.ts): libvips here has no PDF loader. None: the web shows a PDF icon.
    const page = await renderPdfFirstPage(file, { maxSide: SCREEN_SIZE });
    const versions = page ? await versionsOf(sharp(page)).catch(() => null) : null;
    return {
      mimeType: type,
      kind: 'pdf',
      format: 'pdf',
      width: null,
      height: null,
      thumb: versions?.thumb ?? null,
      screen: versions?.screen ?? null,
      derivedType: versions ? 'image/webp' : null,
    };
  }
  const input = () => sharp(file, { limitInputPixels: maxPixels, sequentialRead: true, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    if (isPixelLimit(error)) throw new AppError('media.error.tooManyPixels', { max: maxPixels });
    throw new AppError(type === 'image/heic' ? 'media.error.unsupportedType' : 'media.error.corrupt');
  }
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw new AppError('media.error.corrupt');
  if (width * height > maxPixels) throw new AppError('media.error.tooManyPixels', { max: maxPixels });
  try {
    const { screen, thumb } = await versionsOf(input().rotate());
    return {
      mimeType: type,
      kind: 'image',
      format: formatOf(type),
      width,
      height,
      thumb,
      screen,
      derivedType: 'image/webp',
    };
  } catch (error) {
    if (isPixelLimit(error)) throw new AppError('media.error.tooManyPixels', { max: maxPixels });
    // HEIC that this libvips cannot decode (its HEVC codec is not built in) is a type we do not read.
    throw new AppError(type === 'image/heic' ? 'media.error.unsupportedType' : 'media.error.corrupt');
  }
}

/** The portrait: the crop (fractions of the oriented original) from the screen version, ~256 px square-ish. */
export async function cropPortrait(
  screen: Buffer,
  crop: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  const image = sharp(screen);
  const { width = 1, height = 1 } = await image.metadata();
  const left = Math.min(width - 1, Math.max(0, Math.round(crop.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.round(crop.y * height)));
  const areaWidth = Math.max(1, Math.min(width - left, Math.round(crop.width * width)));
  const areaHeight = Math.max(1, Math.min(height - top, Math.round(crop.height * height)));
  return sharp(screen)
    .extract({ left, top, width: areaWidth, height: areaHeight })
    .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
