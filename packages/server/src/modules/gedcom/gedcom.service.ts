import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  type GedcomExportVersion,
  type GedcomImportAnswer,
  type GedcomImportPreview,
  type JobPhase,
  type Language,
  limitsFor,
  type Subscription,
  subscriptionStatus,
  textLimits,
  treeNameKey,
  uuidv7,
} from '@anor/core';
import type { GedcomNode } from '@anor/gedcom';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { defaultDatabaseTimeouts, inJobTransaction } from '../../db/timeouts.ts';
import { AppError } from '../../http/errors.ts';
import { asViewer, type SessionUser, type Viewer } from '../../http/session.ts';
import { recomputeRootRelations, setRoot } from '../person/person.repository.ts';
import { assertAccess } from '../tree/tree.access.ts';
import * as trees from '../tree/tree.repository.ts';
import { toTreeInfo } from '../tree/tree.service.ts';
import { exportTreeParts } from './gedcom.export.ts';
import { type ImportCounts, markLineage } from './gedcom.plan.ts';
import { type Decoded, decodeInMemory, headerOf, readGedcom, readWarnings } from './gedcom.read.ts';
import { forgetCachedPlans, insertPlan } from './gedcom.repository.ts';
import { assertRoomForImport } from './gedcom.space.ts';
import type { SpooledFile } from './gedcom.spool.ts';
import { treeNameOfFile } from './gedcom-values.ts';

export interface GedcomServiceDeps {
  db: Db;
  /** The largest file a paid account may import (a free one: textLimits.gedcomBytes). */
  maxPaidBytes: number;
  /** The operator's own ceiling for paid trees, or null for the tier's. */
  paidNodeLimit?: number | null;
  /** Per statement of an import's or export's transaction (DATABASE_JOB_TIMEOUT_MS); 0: no limit. */
  jobStatementMs?: number;
  /** The embedded database's free disk space, to refuse an import it clearly cannot hold (gedcom.space.ts). */
  freeBytes?: (() => Promise<number>) | undefined;
}

export interface GedcomImportInput {
  /** The file's bytes, text already decoded (the JSON form of the call), or the spooled upload. */
  content: Uint8Array | string | SpooledFile;
  treeName?: string | undefined;
  language: Language;
  subscription: Subscription | null;
  /** The new tree's id (an import job names it before it starts). */
  treeId?: string | undefined;
}

function nodeCeiling(subscription: Subscription | null, paidNodeLimit: number | null): number {
  const paid = subscriptionStatus(subscription) === 'paid';
  return paid && paidNodeLimit !== null ? paidNodeLimit : limitsFor(subscription).nodes;
}

/**
 * The limits of SPEC §5 for what the file holds, checked before anything is written: a free
 * account's file must stay within the trial limits (the answer names what was found and what is
 * allowed), and every file within the node ceiling of its owner's tier.
 */
function assertWithinImportLimits(
  imported: ImportCounts,
  subscription: Subscription | null,
  paidNodeLimit: number | null,
): void {
  const limits = limitsFor(subscription);
  const paid = subscriptionStatus(subscription) === 'paid';
  const maxNodes = nodeCeiling(subscription, paidNodeLimit);
  if (limits.gedcomImport) {
    const found = {
      persons: imported.counts.persons,
      events: imported.counts.events,
      locations: imported.counts.places,
      sourcesPerNode: imported.mostSourcesPerNode,
      images: imported.images,
    };
    const max = {
      ...limits.gedcomImport,
      sourcesPerNode: limits.sourcesPerNode,
      images: limits.images,
    };
    const over = (Object.keys(found) as (keyof typeof found)[]).some((key) => {
      const allowed = max[key];
      return allowed !== null && found[key] > allowed;
    });
    if (over) throw new AppError('limit.gedcomContent', { found, max });
  }
  const nodes = imported.nodes;
  if (nodes > maxNodes) {
    throw new AppError(paid ? 'limit.nodesPaid' : 'limit.nodesFree', {
      limit: 'nodes',
      max: maxNodes,
      found: nodes,
    });
  }
}

const blankBytes = new Set([0x20, 0x09, 0x0a, 0x0d, 0x00, 0xef, 0xbb, 0xbf, 0xfe, 0xff]);

/** Whether the bytes hold nothing but whitespace (and a byte-order mark). */
function isBlank(content: Uint8Array | string): boolean {
  if (typeof content === 'string') return content.replace(/^\uFEFF/, '').trim() === '';
  for (const byte of content) if (!blankBytes.has(byte)) return false;
  return true;
}

/** The same for a spooled file, read from the disk until its first byte that is not blank. */
async function isBlankFile(path: string): Promise<boolean> {
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (!isBlank(chunk)) return false;
  }
  return true;
}

/**
 * Files up to this size are read once into memory, their limits checked, and then written; larger
 * ones (paid accounts only) are written while they are read from the spool file, so that memory
 * stays flat.
 */
const inMemoryBytes = 8 * 1024 * 1024;

function isSpooled(content: GedcomImportInput['content']): content is SpooledFile {
  return typeof content === 'object' && !(content instanceof Uint8Array);
}

function bytesOf(content: GedcomImportInput['content']): number {
  if (typeof content === 'string') return Buffer.byteLength(content, 'utf8');
  return isSpooled(content) ? content.bytes : content.byteLength;
}

/** How an import job follows and ends the import (modules/job). */
export interface ImportRun {
  signal?: AbortSignal | undefined;
  /** What the import is doing, and how much of it (0 to 1) is done. */
  progress?: (phase: JobPhase, fraction: number) => void;
  /** The last step inside the import's transaction, with the answer: the job is marked done with the tree. */
  beforeCommit?: (tx: Db, answer: GedcomImportAnswer) => Promise<void>;
  /**
   * With a file read into memory (up to 8 MB), once it is read and checked and before anything is
   * written: waits for the user's confirmation of what the file holds.
   */
  confirm?: (preview: GedcomImportPreview) => Promise<void>;
}

export function createGedcomService({
  db,
  maxPaidBytes,
  paidNodeLimit = null,
  jobStatementMs = defaultDatabaseTimeouts.jobStatementMs,
  freeBytes,
}: GedcomServiceDeps) {
  /** The name itself, or with " (2)", " (3)" … when the owner has a tree of that name (inside the owner lock). */
  async function freeTreeName(tx: Db, ownerId: string, wanted: string): Promise<{ name: string; nameKey: string }> {
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : ` (${n})`;
      const name = `${wanted.slice(0, textLimits.treeName - suffix.length).trim()}${suffix}`;
      const nameKey = treeNameKey(name);
      if (!(await trees.isTreeNameTaken(tx, ownerId, nameKey))) return { name, nameKey };
    }
  }

  /**
   * The checks an import passes before it is started (and before its job is made): the file's
   * size against the account's tier, that it holds something, and room on the disk.
   * Each refuses with its own code; the import checks them again.
   */
  async function checkImport(input: GedcomImportInput): Promise<void> {
    const { content, subscription } = input;
    const bytes = bytesOf(content);
    const paid = subscriptionStatus(subscription) === 'paid';
    if (!paid && bytes > textLimits.gedcomBytes) {
      throw new AppError('limit.gedcomSize', { bytes, max: textLimits.gedcomBytes });
    }
    if (paid && bytes > maxPaidBytes) throw new AppError('gedcom.error.tooLarge', { bytes, max: maxPaidBytes });
    const blank = isSpooled(content) ? await isBlankFile(content.path) : isBlank(content);
    if (bytes === 0 || blank) throw new AppError('gedcom.error.empty');
    await assertRoomForImport(freeBytes, bytes);
  }

  return {
    /** The tree as a GEDCOM file: only its owner may take it away whole. */
    async exportFile(
      viewer: Viewer,
      treeId: string,
      version: GedcomExportVersion,
    ): Promise<{ name: string; parts: Iterable<string> }> {
      const row = await trees.findTree(db, treeId);
      assertAccess(row, viewer, 'edit');
      return { name: row.name, parts: await exportTreeParts(db, treeId, version, jobStatementMs) };
    },

    checkImport,

    /**
     * Refuses (507) an upload of about `bytes` before its body is read, when the data directory
     * clearly cannot hold its import: nothing, not even the spool file, is written.
     */
    assertRoomForUpload: (bytes: number) => assertRoomForImport(freeBytes, bytes),

    /**
     * Creates a tree from a GEDCOM file in one transaction: a refused, failed or cancelled import
     * leaves nothing behind. Size and content limits are checked before anything is written. A
     * spooled file is read from the disk: up to 8 MB once into memory, larger ones streamed.
     */
    async importFile(
      viewer: SessionUser,
      input: GedcomImportInput,
      { signal, progress, beforeCommit, confirm }: ImportRun = {},
    ): Promise<GedcomImportAnswer> {
      const started = performance.now();
      const { content, subscription } = input;
      await checkImport(input);
      const bytes = bytesOf(content);
      progress?.('reading', 0);

      // A file in memory is decoded once and read twice, one record at a time: first to count what
      // it holds and check the limits, then to write it inside the transaction. A large spooled
      // file is decoded as it streams from the disk, and written while it is read.
      let inMemoryText: Decoded | null = null;
      if (!isSpooled(content)) inMemoryText = decodeInMemory(content);
      else if (bytes <= inMemoryBytes) inMemoryText = decodeInMemory(await readFile(content.path));
      const source = inMemoryText ? { decoded: inMemoryText } : (content as SpooledFile);
      const header = await headerOf(source);
      const fileName = header?.children.find((child) => child.tag === 'FILE')?.value?.trim();
      const wanted = input.treeName ?? (fileName ? treeNameOfFile(fileName) : '');
      const treeId = input.treeId ?? uuidv7();
      const max = limitsFor(subscription).trees;
      const maxNodes = nodeCeiling(subscription, paidNodeLimit);
      // A small file (every free account's) is read before anything is written, and refused whole
      // when it passes a limit; a large one is written as it is read, and refused (rolled back) as
      // soon as it passes the node ceiling, with the numbers of the whole file.
      const inMemory = inMemoryText
        ? await readGedcom(source, input.language, null, {
            signal,
            onProgress: (fraction) => progress?.('reading', fraction * 0.4),
          })
        : null;
      if (inMemory) {
        progress?.('checking', 0.4);
        assertWithinImportLimits(inMemory.counts, subscription, paidNodeLimit);
        // The persons are written with their relation to the root, so nothing is recomputed after.
        markLineage(inMemory.kept, inMemory.plan);
        if (confirm) {
          progress?.('waiting', 0.45);
          await confirm({ counts: inMemory.counts.counts, file: fileFacts(inMemory, header, bytes, inMemoryText) });
        }
      }
      signal?.throwIfAborted();
      let read: Awaited<ReturnType<typeof readGedcom>> | null = inMemory;
      let answer: GedcomImportAnswer | null = null;
      try {
        // Longer than a request's statement timeout: a large file's statements write many rows each.
        await inJobTransaction(db, jobStatementMs, async (tx) => {
          progress?.('writing', 0.45);
          await trees.lockOwner(tx, viewer.id);
          if ((await trees.countTreesOfOwner(tx, viewer.id)) >= max) {
            throw new AppError('limit.trees', { limit: 'trees', max });
          }
          const { name, nameKey } = await freeTreeName(tx, viewer.id, wanted.trim() || 'GEDCOM');
          await forgetCachedPlans(tx);
          const knownRoot = inMemory?.plan.rootId ?? null;
          await trees.insertTree(tx, { id: treeId, ownerId: viewer.id, name, nameKey, rootId: knownRoot });
          if (inMemory) {
            await insertPlan(tx, treeId, inMemory.kept, inMemory.plan, signal, (fraction) =>
              progress?.('writing', 0.45 + fraction * 0.5),
            );
          } else {
            read = await readGedcom(
              source,
              input.language,
              { tx, treeId, signal, maxNodes },
              { signal, onProgress: (fraction) => progress?.('writing', fraction * 0.95) },
            );
            assertWithinImportLimits(read.counts, subscription, paidNodeLimit);
          }
          const rootId = read?.plan.rootId ?? null;
          if (rootId === null) {
            // A file without individuals still gives a tree with its (unnamed) root person.
            await trees.insertRootPerson(tx, treeId, uuidv7());
          } else if (knownRoot === null) {
            await setRoot(tx, treeId, rootId);
            await recomputeRootRelations(tx, treeId);
          }
          signal?.throwIfAborted();
          if (read === null) throw new AppError('common.error.generic');
          answer = answerOf(await trees.findTree(tx, treeId), read, header, {
            bytes,
            decoded: inMemoryText,
            viewer,
            durationMs: Math.round(performance.now() - started),
          });
          await beforeCommit?.(tx, answer);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('tree.validation.treeNameAlreadyTaken');
        throw error;
      }
      if (answer === null) throw new AppError('common.error.generic');
      return answer;
    },
  };
}

/** How the file was read: its size, encoding, declared character set, version and program. */
function fileFacts(
  read: Awaited<ReturnType<typeof readGedcom>>,
  header: GedcomNode | null,
  bytes: number,
  decoded: Decoded | null,
): GedcomImportAnswer['file'] {
  const { stream } = read;
  const program = header?.children.find((child) => child.tag === 'SOUR');
  return {
    bytes,
    encoding: decoded ? (decoded.decoded?.encoding ?? null) : stream.encoding,
    declared: stream.declared,
    version: stream.version,
    program: program ? (program.children.find((child) => child.tag === 'NAME')?.value ?? program.value ?? null) : null,
  };
}

/** The import's report: the tree, what was created, how the file was read, its warnings and kept lines. */
function answerOf(
  row: Awaited<ReturnType<typeof trees.findTree>>,
  read: Awaited<ReturnType<typeof readGedcom>>,
  header: GedcomNode | null,
  facts: { bytes: number; decoded: Decoded | null; viewer: SessionUser; durationMs: number },
): GedcomImportAnswer {
  if (!row) throw new AppError('tree.error.notFound');
  const { report, stream, counts } = read;
  for (const warning of readWarnings(facts.decoded, stream)) report.warn(warning.code, warning.line);
  const program = header?.children.find((child) => child.tag === 'SOUR');
  return {
    tree: toTreeInfo(row, asViewer(facts.viewer)),
    created: counts.counts,
    file: {
      bytes: facts.bytes,
      encoding: facts.decoded ? (facts.decoded.decoded?.encoding ?? null) : stream.encoding,
      declared: stream.declared,
      version: stream.version,
      program: program
        ? (program.children.find((child) => child.tag === 'NAME')?.value ?? program.value ?? null)
        : null,
    },
    warnings: report.warningGroups(),
    kept: report.keptGroups(),
    rootId: row.rootId,
    durationMs: facts.durationMs,
  };
}

export type GedcomService = ReturnType<typeof createGedcomService>;
