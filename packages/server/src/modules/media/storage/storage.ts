import type { Readable } from 'node:stream';

/**
 * Where the bytes of uploaded media live (issue 22): one interface, a directory under DATA_DIR/media
 * by default (local.ts) or an S3-compatible object store when S3_BUCKET is set (s3.ts). Objects are
 * addressed by key: the SHA-256 (hex) of an original, or that hash with a suffix for a version made
 * from it (`<hash>.thumb`, `<hash>.screen`), so the same bytes are stored once whoever uploads them.
 * Nothing here knows trees or who may read: the media service checks that before it asks.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key (replacing what was there: the same key holds the same bytes). */
  put(key: string, body: Buffer | Readable, size?: number): Promise<void>;
  /** The stored bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  has(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every stored key with when it was written (for the collection of files no row names: media.gc.ts). */
  list(): AsyncIterable<{ key: string; modified: Date }>;
}

/** Keys are a lower-case hex hash, optionally with one `.suffix`: nothing else reaches a path or an object name. */
const keyPattern = /^[0-9a-f]{64}(\.[a-z]{1,12})?$/;

export function isKey(key: string): boolean {
  return keyPattern.test(key);
}

export function assertKey(key: string): void {
  if (!keyPattern.test(key)) throw new Error(`not a media storage key: ${key}`);
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style addressing (http://host/bucket/key), as most S3-compatible servers want. */
  forcePathStyle: boolean;
  prefix: string;
}
