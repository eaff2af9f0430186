import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import {
  type GedcomEncoding,
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
import { detectEncoding, type GedcomNode } from '@anor/gedcom';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { defaultDatabaseTimeouts, inJobTransaction } from '../../db/timeouts.ts';
import { AppError } from '../../http/errors.ts';
import { asViewer, type SessionUser, type Viewer } from '../../http/session.ts';
import { inOneChangeSet } from '../history/change-set.ts';
import { findJobOf } from '../job/job.repository.ts';
import type { MediaStorage } from '../media/storage/storage.ts';
import { recomputeRootRelations, setRoot } from '../person/person.repository.ts';
import { forgetPrivacyCache, untrackPrivacyOf } from '../privacy/privacy.repository.ts';
import { assertAccess } from '../tree/tree.access.ts';
import * as trees from '../tree/tree.repository.ts';
import { toTreeInfo } from '../tree/tree.service.ts';
import { exportTreeParts, type GedcomExport } from './gedcom.export.ts';
import { type ImportCounts, markLineage } from './gedcom.plan.ts';
import { chosenEncodingOf, previewOf, readHead, setPreviewEncoding } from './gedcom.preview.ts';
import { type Decoded, decodeInMemory, headerOf, readGedcom, readWarnings, unreadable } from './gedcom.read.ts';
import { forgetCachedPlans, type InTransaction, insertPlan } from './gedcom.repository.ts';
import { assertRoomForImport } from './gedcom.space.ts';
import type { SpooledFile } from './gedcom.spool.ts';
import { gedzipStream, zipPaths } from './gedcom.zip.ts';
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
  /**
   * The database runs in this process (PGlite, one connection): an import job pauses after each
   * of its chunks so that other requests get the connection (see `chunked` below). Default: true.
   */
  embedded?: boolean;
}

export interface GedcomImportInput {
  /** The file's bytes, text already decoded (the JSON form of the call), or the spooled upload. */
  content: Uint8Array | string | SpooledFile;
  treeName?: string | undefined;
  language: Language;
  subscription: Subscription | null;
  /** The new tree's id (an import job names it before it starts). */
  treeId?: string | undefined;
  /** Read the bytes in this encoding instead of the detected one (the user's pick in the preview). */
  encoding?: GedcomEncoding | null | undefined;
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
   * written: waits for the user's confirmation of what the file holds. Answers the encoding the
   * user picked meanwhile, if any: the file is then read again in it before it is written.
   */
  confirm?: (preview: GedcomImportPreview) => Promise<GedcomEncoding | null | undefined>;
  /**
   * The import job's id: the import then commits in chunks (a transaction per some thousand rows),
   * so that on the embedded database, which has one connection, the job's progress, a cancel and
   * other requests are answered while it writes. The tree is marked as this job's until the last
   * chunk and hidden meanwhile; an import that does not end deletes it (docs/architecture.md).
   */
  jobId?: string | undefined;
}

export function createGedcomService({
  db,
  maxPaidBytes,
  paidNodeLimit = null,
  jobStatementMs = defaultDatabaseTimeouts.jobStatementMs,
  freeBytes,
  embedded = true,
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
    ): Promise<{ name: string } & GedcomExport> {
      const row = await trees.findTree(db, treeId, viewer.user?.id ?? null);
      assertAccess(row, viewer, 'edit');
      return { name: row.name, ...(await exportTreeParts(db, treeId, version, jobStatementMs)) };
    },

    /** The tree as a GEDZIP (7.0 with its files, gedcom.zip.ts): only its owner may take it away whole. */
    /** A GEDZIP: GEDCOM 7.0 only (`version`, when asked, must be 7.0), checked after the owner's access. */
    async exportZip(viewer: Viewer, treeId: string, storage: MediaStorage, version?: GedcomExportVersion) {
      const row = await trees.findTree(db, treeId, viewer.user?.id ?? null);
      assertAccess(row, viewer, 'edit');
      if (version !== undefined && version !== '7.0')
        throw new AppError('common.error.validation', { path: ['version'] });
      const { byMedia, files } = await zipPaths(db, treeId);
      const { parts } = await exportTreeParts(db, treeId, '7.0', jobStatementMs, byMedia);
      return { name: row.name, stream: gedzipStream(parts, files, storage) };
    },

    checkImport,

    /** The encoding the user picked in a waiting import's preview, or null. */
    chosenEncoding: (jobId: string) => chosenEncodingOf(db, jobId),

    /**
     * Reads a waiting import's file again in the encoding the user picked, and makes that the
     * job's preview (and the encoding it writes the tree in when confirmed). Only the job's user
     * may; a job that is not waiting, or was uploaded as text, has no encoding to pick.
     */
    async previewEncoding(viewer: SessionUser, jobId: string, encoding: GedcomEncoding): Promise<void> {
      const row = await findJobOf(db, viewer.id, jobId);
      if (row?.kind !== 'gedcomImport') throw new AppError('job.error.notFound');
      if (row.state !== 'waiting') throw new AppError('job.error.notWaiting');
      const job = row.input as { path?: unknown; text?: unknown; language?: unknown; bytes?: unknown };
      if (job.text === true || typeof job.path !== 'string') throw new AppError('gedcom.error.encodingFixed');
      const size = typeof job.bytes === 'number' ? job.bytes : (await stat(job.path)).size;
      let preview: GedcomImportPreview;
      if (size > inMemoryBytes) {
        preview = await previewOfHead(job.path, size, job.language as Language, encoding);
      } else {
        const bytes = await readFile(job.path);
        const decoded = decodeInMemory(bytes, encoding);
        const read = await readGedcom({ decoded }, job.language as Language, null);
        const header = await headerOf({ decoded });
        preview = previewOf(read, fileFacts(read, header, bytes.length, decoded), decoded.decoded?.choice);
      }
      if (!(await setPreviewEncoding(db, jobId, viewer.id, encoding, preview))) {
        throw new AppError('job.error.notWaiting');
      }
    },

    /** Deletes the tree an import job was writing, if it was never shown (the job did not end done). */
    discardImport: (treeId: string, jobId: string) => trees.deleteImportedTree(db, treeId, jobId),

    /** Deletes the trees of import jobs no longer active (a server stopped during their clean-up). */
    discardAbandonedImports: () => trees.deleteAbandonedImportTrees(db),

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
      { signal, progress, beforeCommit, confirm, jobId }: ImportRun = {},
    ): Promise<GedcomImportAnswer> {
      const started = performance.now();
      const { content, subscription } = input;
      await checkImport(input);
      const bytes = bytesOf(content);
      progress?.('reading', 0);

      // A file in memory is decoded once and read twice, one record at a time: first to count what
      // it holds and check the limits, then to write it inside the transaction. A large spooled
      // file is decoded as it streams from the disk, and written while it is read.
      const fileBytes = !isSpooled(content) ? content : bytes <= inMemoryBytes ? await readFile(content.path) : null;
      let inMemoryText: Decoded | null = fileBytes === null ? null : decodeInMemory(fileBytes, input.encoding);
      let source = inMemoryText ? { decoded: inMemoryText } : (content as SpooledFile);
      let header = await headerOf(source);
      const fileName = header?.children.find((child) => child.tag === 'FILE')?.value?.trim();
      const wanted = input.treeName ?? (fileName ? treeNameOfFile(fileName) : '');
      const treeId = input.treeId ?? uuidv7();
      const max = limitsFor(subscription).trees;
      const maxNodes = nodeCeiling(subscription, paidNodeLimit);
      // A small file (every free account's) is read before anything is written, and refused whole
      // when it passes a limit; a large one is written as it is read, and refused (rolled back) as
      // soon as it passes the node ceiling, with the numbers of the whole file.
      let inMemory = inMemoryText
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
          const file = fileFacts(inMemory, header, bytes, inMemoryText);
          const chosen = await confirm(previewOf(inMemory, file, inMemoryText?.decoded?.choice));
          if (chosen && fileBytes !== null && typeof fileBytes !== 'string' && chosen !== file.encoding) {
            // The user picked another encoding in the preview: the file is read again in it.
            inMemoryText = decodeInMemory(fileBytes, chosen);
            source = { decoded: inMemoryText };
            header = await headerOf(source);
            inMemory = await readGedcom(source, input.language, null, { signal });
            assertWithinImportLimits(inMemory.counts, subscription, paidNodeLimit);
            markLineage(inMemory.kept, inMemory.plan);
          }
        }
      }
      // A file too large to read whole before writing (paid accounts, over 8 MB) is previewed from
      // its first 8 MB; the encoding picked there is the one its stream is decoded in.
      let streamEncoding: GedcomEncoding | null = input.encoding ?? null;
      if (!inMemory && confirm && isSpooled(content)) {
        const preview = await previewOfHead(content.path, bytes, input.language, streamEncoding, signal);
        progress?.('waiting', 0);
        streamEncoding = (await confirm(preview)) || streamEncoding;
      }
      signal?.throwIfAborted();
      let read: Awaited<ReturnType<typeof readGedcom>> | null = inMemory;
      let answer: GedcomImportAnswer | null = null;
      // An import job commits in chunks, its tree hidden until the last one (see ImportRun.jobId);
      // any other import writes in one transaction. The steps are the same.
      const staged = jobId !== undefined;
      let treeMade = false;
      const write = async (recorded: InTransaction) => {
        // Every transaction of the import writes its tree untracked by the privacy bookkeeping: the
        // new tree is computed whole before its first visitor-facing read (forgetPrivacyCache below).
        // On PostgreSQL a chunk holds ten times the rows it holds on PGlite (gedcom.repository.ts).
        const inTransaction: InTransaction = Object.assign(
          <T>(work: (tx: Db) => Promise<T>) =>
            recorded(async (tx) => {
              await untrackPrivacyOf(tx, treeId);
              return work(tx);
            }),
          embedded ? {} : { rowsPerTransaction: 40_000 },
        );
        const knownRoot = inMemory?.plan.rootId ?? null;
        await inTransaction(async (tx) => {
          // A large file is read while it is written: its percentage is the share of it read.
          progress?.('writing', inMemory ? 0.45 : 0);
          await trees.lockOwner(tx, viewer.id);
          if ((await trees.countTreesOfOwner(tx, viewer.id)) >= max) {
            throw new AppError('limit.trees', { limit: 'trees', max });
          }
          const { name, nameKey } = await freeTreeName(tx, viewer.id, wanted.trim() || 'GEDCOM');
          await forgetCachedPlans(tx);
          await trees.insertTree(tx, {
            id: treeId,
            ownerId: viewer.id,
            name,
            nameKey,
            rootId: knownRoot,
            ...(jobId !== undefined ? { importJob: jobId } : {}),
          });
        });
        treeMade = true;
        if (inMemory) {
          await insertPlan(inTransaction, treeId, inMemory.kept, inMemory.plan, signal, (fraction) =>
            progress?.('writing', 0.45 + fraction * 0.5),
          );
        } else {
          read = await readGedcom(
            streamEncoding ? { ...(content as SpooledFile), encoding: streamEncoding } : source,
            input.language,
            { inTransaction, treeId, signal, maxNodes },
            { signal, onProgress: (fraction) => progress?.('writing', fraction * 0.95) },
          );
          assertWithinImportLimits(read.counts, subscription, paidNodeLimit);
        }
        signal?.throwIfAborted();
        await inTransaction(async (tx) => {
          const rootId = read?.plan.rootId ?? null;
          if (rootId === null) {
            // A file without individuals still gives a tree with its (unnamed) root person.
            await trees.insertRootPerson(tx, treeId, uuidv7());
          } else if (knownRoot === null) {
            await setRoot(tx, treeId, rootId);
            await recomputeRootRelations(tx, treeId);
          }
          await forgetPrivacyCache(tx, treeId);
          signal?.throwIfAborted();
          if (jobId !== undefined && !(await trees.publishImportedTree(tx, treeId, jobId))) {
            throw new AppError('job.error.cancelled');
          }
          if (read === null) throw new AppError('common.error.generic');
          answer = answerOf(await trees.findTree(tx, treeId), read, header, {
            bytes,
            decoded: inMemoryText,
            viewer,
            durationMs: Math.round(performance.now() - started),
          });
          await beforeCommit?.(tx, answer);
        });
      };
      try {
        // Longer than a request's statement timeout: a large file's statements write many rows each.
        // One change set of the tree's history, however many transactions (modules/history).
        if (staged) {
          /**
           * A chunk's transaction, then, on the embedded database, a pause of a fifth of the time it
           * took (at most 200 ms): PGlite runs in this process and has one connection, a statement
           * holds both the event loop and the connection, and the requests that waited (the job's
           * progress, a cancel, other users) run their few statements in that pause. PostgreSQL
           * answers them on other connections while the import's statement runs: no pause.
           */
          const chunked: InTransaction = async (work) => {
            const begun = performance.now();
            try {
              return await inJobTransaction(db, jobStatementMs, work);
            } finally {
              if (embedded) {
                const pause = Math.min(200, (performance.now() - begun) / 5);
                await new Promise((resolve) => setTimeout(resolve, pause));
              }
            }
          };
          await write(inOneChangeSet(treeId, viewer.id, 'import', chunked));
        } else {
          await inJobTransaction(db, jobStatementMs, (tx) =>
            write(inOneChangeSet(treeId, viewer.id, 'import', (work) => work(tx))),
          );
        }
      } catch (error) {
        // What a job committed so far goes with its tree (the job's own clean-up and the sweep do
        // the same, should this fail or the server stop now).
        if (jobId !== undefined && treeMade) await trees.deleteImportedTree(db, treeId, jobId).catch(() => undefined);
        if (isUniqueViolation(error)) throw new AppError('tree.validation.treeNameAlreadyTaken');
        throw error;
      }
      if (answer === null) throw new AppError('common.error.generic');
      return answer;
    },
  };
}

/**
 * The preview of a file too large to read whole before writing: of its first 8 MB, read in the
 * encoding the stream will be decoded in (detected from its first 256 KB as the stream does, or
 * the user's pick); `partial` says the counts are of that part only.
 */
async function previewOfHead(
  path: string,
  bytes: number,
  language: Language,
  chosen: GedcomEncoding | null,
  signal?: AbortSignal,
): Promise<GedcomImportPreview> {
  let detection: ReturnType<typeof detectEncoding>;
  let head: Uint8Array;
  try {
    const start = await readHead(path, 256 * 1024, false);
    detection = detectEncoding(start, false, chosen);
    head = await readHead(path, inMemoryBytes, detection.encoding.startsWith('UTF-16'));
  } catch (error) {
    throw unreadable(error);
  }
  const decoded = decodeInMemory(head, detection.encoding);
  const part = await readGedcom({ decoded }, language, null, { signal });
  const header = await headerOf({ decoded });
  return { ...previewOf(part, fileFacts(part, header, bytes, decoded), detection.choice), partial: true };
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
