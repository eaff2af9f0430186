/** Fixture helpers shared by the tests. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GedcomNode } from '../src/index.ts';

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** Every file under the fixtures folder except its README and .gitattributes, as paths relative to it. */
export function listFixtures(): string[] {
  const walk = (directory: string): string[] =>
    readdirSync(directory)
      .sort()
      .flatMap((name) => {
        const full = path.join(directory, name);
        return statSync(full).isDirectory() ? walk(full) : [full];
      });
  return walk(fixturesDir)
    .map((file) => path.relative(fixturesDir, file))
    .filter((file) => file !== 'README.md' && !path.basename(file).startsWith('.'));
}

export function readFixture(relative: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(fixturesDir, relative)));
}

export function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A node without line numbers and levels, for comparing trees read from different files. */
export interface PlainNode {
  tag: string;
  xref?: string;
  value?: string;
  pointer?: string;
  children: PlainNode[];
}

export function plain(node: GedcomNode): PlainNode {
  const result: PlainNode = { tag: node.tag, children: node.children.map(plain) };
  if (node.xref !== undefined) result.xref = node.xref;
  if (node.value !== undefined) result.value = node.value;
  if (node.pointer !== undefined) result.pointer = node.pointer;
  return result;
}

export function childOf(node: GedcomNode | undefined, tag: string): GedcomNode | undefined {
  return node?.children.find((child) => child.tag === tag);
}

/** Chunks of a byte array, for reading as a stream. */
export function* chunksOf(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}
