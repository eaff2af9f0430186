/**
 * `npm run bench -w @anor/gedcom`: parse throughput (MB/s of input bytes, bytes → tree) of this
 * package against the npm GEDCOM parsers on the same buffers in the same process: the largest
 * sample files and a generated file of BENCH_GEDCOM_PERSONS persons (default 100,000). Each parser
 * is timed in turns (round-robin, on a collected and swept heap when Node runs with --expose-gc,
 * as `npm run bench` does, so that no parser pays for another's garbage) and the median is
 * shown, with the ratio to the fastest npm parser, and a last line saying whether this package
 * is at least 4× as fast as the fastest npm parser on every file. Then the peak memory of reading
 * the generated file through the streaming iterator, and of parse() for comparison, each in a
 * fresh process.
 *
 * Every parser gets one warm-up run (on the first file), then BENCH_GEDCOM_RUNS runs per file;
 * more for a parser whose runs take a few milliseconds (they are easily disturbed on a busy
 * machine), fewer for one whose runs add up to seconds, which keeps the whole benchmark under two
 * minutes (see `minTime` and `runBudget`).
 *
 * The npm parsers: read-gedcom (its parseGedcom with noIndex, the fastest way to get its tree) and
 * parse-gedcom (given text decoded by TextDecoder, timed with the decoding). The package "gedcom"
 * is not in the registry list this project may install from, so it is not measured.
 *
 * Environment: BENCH_GEDCOM_PERSONS (size of the generated file), BENCH_GEDCOM_RUNS (runs per
 * parser and file, default 9), BENCH_GEDCOM_SKIP_SAMPLES=1 (only the generated file),
 * BENCH_GEDCOM_VERBOSE=1 (every run's time).
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
const runs = Number(process.env.BENCH_GEDCOM_RUNS ?? 9);
/**
 * How many runs: `runs`, and more while they add up to less than `minTime` (a run of a few
 * milliseconds is easily disturbed on a busy machine, so fast parsers get more runs, up to
 * `maxRuns`); fewer, down to `minRuns`, once they add up to `runBudget` (the slowest npm parser
 * takes about 7 s per run of the generated file).
 */
const minTime = 400;
const maxRuns = 60;
const runBudget = 6000;
const minRuns = 3;
/** The goal: at least this many times the throughput of the fastest npm parser, on every file. */
const goal = 4;

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

interface Result {
  parser: string;
  mbPerSecond: number | null;
  /** Timed runs, after the warm-up. */
  runs: number;
  records: number | null;
  error?: string;
}

interface Row {
  file: string;
  megabytes: number;
  results: Result[];
}

const exposedGc = (globalThis as { gc?: () => void }).gc;

/**
 * Before each run: two full collections and a pause for V8's background sweeping to finish (longer
 * for a larger file), so that no parser pays for the garbage of the one before it (read-gedcom's
 * trees of the large file otherwise slow down whatever runs next by a third).
 */
async function settle(megabytes: number): Promise<void> {
  if (!exposedGc) return;
  exposedGc();
  exposedGc();
  await new Promise((resolve) => setTimeout(resolve, 20 + 3 * megabytes));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function measure(label: string, bytes: Uint8Array, all: Parser[], warmUp: boolean): Promise<Row> {
  labelOf(bytes);
  const times = new Map<string, number[]>(all.map((parser) => [parser.name, []]));
  const counts = new Map<string, number>();
  const errors = new Map<string, string>();
  const done = (name: string) => {
    const parserTimes = times.get(name) ?? [];
    const total = parserTimes.reduce((sum, time) => sum + time, 0);
    const count = parserTimes.length;
    return (
      errors.has(name) ||
      count >= maxRuns ||
      (count >= runs && total >= minTime) ||
      (count >= minRuns && total >= runBudget)
    );
  };
  // Round-robin, each run on a freshly collected heap; a warm-up run first when asked.
  for (let run = warmUp ? -1 : 0; all.some((parser) => !done(parser.name)); run++) {
    for (const parser of all) {
      if (done(parser.name)) continue;
      await settle(bytes.length / 1_000_000);
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
        runs: parserTimes.length,
        records: counts.get(parser.name) ?? null,
        ...(error ? { error } : {}),
      };
    }),
  };
}

/** This package's result and the fastest npm parser's on one file, and the ratio of the two. */
function compare(row: Row): { fastest: Result | null; ratio: number | null } {
  const ours = row.results[0]?.mbPerSecond ?? null;
  let fastest: Result | null = null;
  for (const result of row.results.slice(1)) {
    if (result.mbPerSecond !== null && (fastest === null || result.mbPerSecond > (fastest.mbPerSecond ?? 0))) {
      fastest = result;
    }
  }
  const ratio = ours !== null && fastest?.mbPerSecond ? ours / fastest.mbPerSecond : null;
  return { fastest, ratio };
}

function printTable(rows: Row[], names: string[]): void {
  const header = ['file', 'MB', ...names.map((name) => `${name} MB/s`), 'fastest npm parser', 'ratio'];
  const lines = rows.map((row) => {
    const { fastest, ratio } = compare(row);
    return [
      row.file,
      row.megabytes.toFixed(2),
      ...row.results.map((result) => (result.mbPerSecond === null ? 'failed' : result.mbPerSecond.toFixed(1))),
      fastest?.parser ?? 'none',
      ratio === null ? 'n/a' : `${ratio.toFixed(1)}×`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(`(ratio: ${names[0]} MB/s ÷ the fastest npm parser's MB/s on the same file, in this run)`);
  for (const row of rows) {
    const runs = row.results.map((result) => `${result.parser} ${result.runs}`).join(', ');
    const ours = row.results[0]?.records;
    const disagree = row.results.filter((result) => result.records !== null && result.records !== ours);
    const counts =
      disagree.length === 0
        ? ''
        : `; INDI records differ: ${row.results.map((result) => `${result.parser} ${result.records ?? '-'}`).join(', ')}`;
    console.log(`  ${row.file}: runs ${runs}; ${ours ?? '-'} INDI records${counts}`);
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
    `GEDCOM parse throughput, bytes → tree: MB/s of input bytes, the median of ${runs} runs per parser and file (more for runs of a few ms, fewer past ${runBudget / 1000} s)`,
  );
  console.log(`Node ${process.version}; the npm package "gedcom" is not installable here and is left out.`);
  if (!exposedGc) console.log('(Run with node --expose-gc for a collected heap before each run.)');
  console.log('');

  const started = performance.now();
  const rows: Row[] = [];
  for (const sample of process.env.BENCH_GEDCOM_SKIP_SAMPLES ? [] : samples) {
    const bytes = new Uint8Array(readFileSync(path.join(fixtures, sample)));
    rows.push(await measure(sample, bytes, all, rows.length === 0));
  }
  const generatedBytes = new TextEncoder().encode(generateGedcom(persons).text);
  rows.push(
    await measure(`generated, ${persons.toLocaleString('en')} persons`, generatedBytes, all, rows.length === 0),
  );
  printTable(
    rows,
    all.map((parser) => parser.name),
  );

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

  const ratios = rows.map((row) => ({ file: row.file, ratio: compare(row).ratio }));
  const smallest = ratios.reduce((low, entry) => ((entry.ratio ?? 0) < (low.ratio ?? 0) ? entry : low));
  const met = ratios.every((entry) => entry.ratio !== null && entry.ratio >= goal);
  console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
  console.log(
    `parser ≥${goal}× fastest npm parser on every file: ${met ? 'yes' : 'no'} (smallest ratio ${smallest.ratio?.toFixed(1) ?? 'n/a'}×, ${smallest.file})`,
  );
}

await main();
