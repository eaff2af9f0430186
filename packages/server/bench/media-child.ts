/** The measured side of bench/media.ts: processes one file as an upload is processed, sampling RSS. */
import { stat } from 'node:fs/promises';
import { processUpload } from '../src/modules/media/media.process.ts';

const file = process.argv[2] as string;
const { size } = await stat(file);
const baseline = process.memoryUsage.rss();
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 5);
const started = performance.now();
const result = await processUpload(file, size, 'photo.jpg');
const ms = Math.round(performance.now() - started);
peak = Math.max(peak, process.memoryUsage.rss());
clearInterval(sampler);
console.log(JSON.stringify({ baseline, peak, ms, width: result.width, height: result.height }));
