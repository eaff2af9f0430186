import path from 'node:path';
import type { MediaConfig } from '../../../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { MediaStorage } from './storage.ts';

/** The configured media storage: S3 when S3_BUCKET is set, else the directory (MEDIA_DIR or DATA_DIR/media). */
export function createMediaStorage(config: MediaConfig, dataDir: string): MediaStorage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(config.dir ?? path.join(dataDir, 'media'));
}
