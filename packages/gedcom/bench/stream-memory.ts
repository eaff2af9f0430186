/**
 * Run by bench/parse.ts in a fresh process: reads one file and prints its peak resident memory.
 * `stream` walks it with iterateRecordsAsync over a file stream (64 KB chunks), keeping nothing;
 * `parse` reads the file and builds the whole tree with parse().
 */
import { createReadStream, readFileSync } from 'node:fs';
import { iterateRecordsAsync, parse } from '../src/index.ts';

const [file, mode] = process.argv.slice(2);
if (!file || (mode !== 'stream' && mode !== 'parse')) {
  console.error('usage: stream-memory.ts FILE stream|parse');
  process.exit(2);
}

const baseline = process.memoryUsage.rss();
let peak = baseline;
const sample = () => {
  const rss = process.memoryUsage.rss();
  if (rss > peak) peak = rss;
};

let records = 0;
if (mode === 'stream') {
  for await (const record of iterateRecordsAsync(createReadStream(file, { highWaterMark: 65536 }))) {
    if (record.tag === 'INDI') records++;
    if ((records & 1023) === 0) sample();
  }
} else {
  const document = parse(readFileSync(file));
  records = document.records.filter((record) => record.tag === 'INDI').length;
}
sample();
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MiB`;
console.log(`peak RSS ${megabytes(peak)} (${megabytes(baseline)} at start), ${records.toLocaleString('en')} INDI`);
