/**
 * Issue 22: the memory an upload's processing takes. A 50-megapixel JPEG (8000 × 6250) is written
 * to a scratch file, then processed as the upload route does (media.process.ts: type from the bytes,
 * oriented size, the 1600 px and 320 px WebP versions) in a fresh Node process whose resident memory
 * (RSS) is sampled every 5 ms; its baseline (before) and peak are printed. Run: npm run bench:media.
 */
import { spawnSync } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { withTempDir } from './support.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface Measured {
  baseline: number;
  peak: number;
  ms: number;
  width: number;
  height: number;
}

await withTempDir(async (dir) => {
  const file = path.join(dir, 'fifty-megapixels.jpg');
  // Noise compresses as badly as a real photo does, so the file is a camera's size.
  const photo = await sharp({
    create: {
      width: 8000,
      height: 6250,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
      background: '#000',
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  await writeFile(file, photo);
  const { size } = await stat(file);
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'media-child.ts'), file], {
    encoding: 'utf8',
    cwd: path.join(here, '..'),
  });
  if (child.status !== 0) throw new Error(`media bench child failed: ${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Measured;
  console.log(
    `media: 50 MP JPEG (${result.width}×${result.height}, ${megabytes(size)} file): processed in ${result.ms} ms, ` +
      `RSS ${megabytes(result.baseline)} before, peak ${megabytes(result.peak)} (+${megabytes(result.peak - result.baseline)})`,
  );
});
