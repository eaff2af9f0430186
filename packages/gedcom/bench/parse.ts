/**
 * `npm run bench -w @anor/gedcom`: parse throughput (MB/s of input bytes, bytes → tree) of this
 * package against the npm GEDCOM parsers on the same buffers in the same process: the largest
 * sample files and a generated file of BENCH_GEDCOM_PERSONS persons (default 100,000). Each parser
 * is timed in turns (round-robin, on a collected and swept heap when Node runs with --expose-gc,
 * as `npm run bench` does, so that no parser pays for another's garbage) and the median is
 * shown, with the ratio to the fastest npm parser. Then the peak memory of reading the generated
 * file through the streaming iterator, and of parse() for comparison, each in a fresh process.
 *
 * The npm parsers: read-gedcom (its parseGedcom with noIndex, the fastest way to get its tree) and
 * parse-gedcom (given text decoded by TextDecoder, timed with the decoding). The package "gedcom"
 * is not in the registry list this project may install from, so it is not measured.
 *
 * Environment: BENCH_GEDCOM_PERSONS (size of the generated file), BENCH_GEDCOM_RUNS (runs per
 * sample file; half as many for the generated file), BENCH_GEDCOM_SKIP_SAMPLES=1 (only the
 * generated file), BENCH_GEDCOM_VERBOSE=1 (every run's time).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseGedcomNpm } from 'parse-gedcom';
import { parseGedcom as readGedcomParse } from 'read-gedcom';
import { decode, parse } from '../src/index.ts';
import { generateGedcom } from './generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '..', 'test', 'fixtures');
const persons = Number(process.env.BENCH_GEDCOM_PERSONS ?? 100_000);
const sampleRuns = Number(process.env.BENCH_GEDCOM_RUNS ?? 9);
const largeRuns = Math.max(3, Math.round(sampleRuns / 2));

/** The largest sample files (the first three are the three largest; pres2020 is the largest third tree). */
const samples = [
  'real-world/gedcom4j-5.5.1-sample-3.ged',
  'encodings/willis-unicode-littleendian.ged',
  'encodings/willis-unicode-bigendian.ged',
  'real-world/pres2020.ged',
];

interface Parser {
  name: string;
  /** Parses and returns the number of level-0 INDI records, so nothing is optimised away and counts can be compared. */
  run: (bytes: Uint8Array) => number;
}

const textDecoderLabel: Record<string, string> = { 'UTF-16LE': 'utf-16le', 'UTF-16BE': 'utf-16be' };

/** The TextDecoder label parse-gedcom's text is decoded with, found once per buffer outside the timing. */
const labels = new WeakMap<Uint8Array, string>();

function labelOf(bytes: Uint8Array): string {
  let label = labels.get(bytes);
  if (label === undefined) {
    label = textDecoderLabel[decode(bytes).encoding] ?? 'utf-8';
    labels.set(bytes, label);
  }
  return label;
}

function parsers(): Parser[] {
  return [
    {
      name: '@anor/gedcom',
      run: (bytes) => parse(bytes).records.filter((record) => record.tag === 'INDI').length,
    },
    {
      name: 'read-gedcom',
      run: (bytes) => {
        const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        const root = readGedcomParse(buffer, { noIndex: true });
        return root.children.filter((record) => record.tag === 'INDI').length;
      },
    },
    {
      name: 'parse-gedcom',
      run: (bytes) => {
        const text = new TextDecoder(labelOf(bytes)).decode(bytes);
        const root = parseGedcomNpm(text);
        return root.children.filter((record) => record.type === 'INDI').length;
      },
    },
  ];
}

interface Row {
  file: string;
  megabytes: number;
  results: { parser: string; mbPerSecond: number | null; records: number | null; error?: string }[];
}

const exposedGc = (globalThis as { gc?: () => void }).gc;

/**
 * Before each run: two full collections and a pause for V8's background sweeping to finish, so
 * that no parser pays for the garbage of the one before it (read-gedcom's trees of the large file
 * otherwise slow down whatever runs next by a third).
 */
async function settle(): Promise<void> {
  if (!exposedGc) return;
  exposedGc();
  exposedGc();
  await new Promise((resolve) => setTimeout(resolve, 150));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function measure(label: string, bytes: Uint8Array, runs: number, all: Parser[]): Promise<Row> {
  labelOf(bytes);
  const times = new Map<string, number[]>(all.map((parser) => [parser.name, []]));
  const counts = new Map<string, number>();
  const errors = new Map<string, string>();
  // One warm-up run each, then round-robin, each run on a freshly collected heap.
  for (let run = -1; run < runs; run++) {
    for (const parser of all) {
      if (errors.has(parser.name)) continue;
      await settle();
      try {
        const started = performance.now();
        const count = parser.run(bytes);
        const elapsed = performance.now() - started;
        if (run >= 0) times.get(parser.name)?.push(elapsed);
        if (process.env.BENCH_GEDCOM_VERBOSE)
          console.log(`  ${label} ${parser.name} run ${run}: ${elapsed.toFixed(0)} ms`);
        counts.set(parser.name, count);
      } catch (error) {
        errors.set(
          parser.name,
          error instanceof Error ? (error.message.split('\n')[0]?.slice(0, 80) ?? '') : String(error),
        );
      }
    }
  }
  const megabytes = bytes.length / 1_000_000;
  return {
    file: label,
    megabytes,
    results: all.map((parser) => {
      const error = errors.get(parser.name);
      const parserTimes = times.get(parser.name) ?? [];
      return {
        parser: parser.name,
        mbPerSecond: error || parserTimes.length === 0 ? null : megabytes / (median(parserTimes) / 1000),
        records: counts.get(parser.name) ?? null,
        ...(error ? { error } : {}),
      };
    }),
  };
}

function printTable(rows: Row[], names: string[]): void {
  const header = ['file', 'MB', ...names.map((name) => `${name} MB/s`), 'ratio'];
  const lines = rows.map((row) => {
    const ours = row.results[0]?.mbPerSecond ?? null;
    const fastestNpm = Math.max(...row.results.slice(1).map((result) => result.mbPerSecond ?? 0));
    return [
      row.file,
      row.megabytes.toFixed(2),
      ...row.results.map((result) =>
        result.mbPerSecond === null ? `failed` : `${result.mbPerSecond.toFixed(1)} (${result.records} INDI)`,
      ),
      ours !== null && fastestNpm > 0 ? `${(ours / fastestNpm).toFixed(1)}×` : 'n/a',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  for (const row of rows) {
    for (const result of row.results) {
      if (result.error) console.log(`  ${row.file}: ${result.parser} failed: ${result.error}`);
    }
  }
}

function measureMemory(file: string, mode: 'stream' | 'parse'): string {
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'stream-memory.ts'), file, mode], {
    encoding: 'utf8',
  });
  if (child.status !== 0) return `failed: ${child.stderr.split('\n').slice(0, 3).join(' ')}`;
  return child.stdout.trim();
}

async function main(): Promise<void> {
  const all = parsers();
  console.log(
    `GEDCOM parse throughput, bytes → tree, median of ${sampleRuns} runs (${largeRuns} for the generated file)`,
  );
  console.log(`Node ${process.version}; the npm package "gedcom" is not installable here and is left out.`);
  if (!exposedGc) console.log('(Run with node --expose-gc for a collected heap before each run.)');
  console.log('');

  const rows: Row[] = [];
  for (const sample of process.env.BENCH_GEDCOM_SKIP_SAMPLES ? [] : samples) {
    const bytes = new Uint8Array(readFileSync(path.join(fixtures, sample)));
    rows.push(await measure(sample, bytes, sampleRuns, all));
  }
  const generatedBytes = new TextEncoder().encode(generateGedcom(persons).text);
  rows.push(await measure(`generated, ${persons.toLocaleString('en')} persons`, generatedBytes, largeRuns, all));
  printTable(
    rows,
    all.map((parser) => parser.name),
  );
  const worst = Math.min(
    ...rows.map((row) => {
      const ours = row.results[0]?.mbPerSecond ?? 0;
      const fastestNpm = Math.max(...row.results.slice(1).map((result) => result.mbPerSecond ?? 0));
      return fastestNpm > 0 ? ours / fastestNpm : Number.POSITIVE_INFINITY;
    }),
  );
  console.log(`\nSmallest ratio to the fastest npm parser: ${worst.toFixed(1)}× (the goal is at least 4×).`);

  const directory = mkdtempSync(path.join(tmpdir(), 'anor-gedcom-bench-'));
  try {
    const file = path.join(directory, 'generated.ged');
    writeFileSync(file, generatedBytes);
    const size = (statSync(file).size / 1_000_000).toFixed(1);
    console.log(`\nPeak memory (RSS) reading the generated file (${size} MB) in a fresh process:`);
    console.log(`  iterateRecordsAsync over a file stream: ${measureMemory(file, 'stream')}`);
    console.log(`  parse() of the whole file:              ${measureMemory(file, 'parse')}`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
