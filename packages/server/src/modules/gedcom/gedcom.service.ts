import {
  type GedcomExportVersion,
  type GedcomImportAnswer,
  type Language,
  limitsFor,
  type Subscription,
  subscriptionStatus,
  textLimits,
  treeNameKey,
  uuidv7,
} from '@anor/core';
import {
  type DecodeResult,
  decode,
  GedcomError,
  type GedcomNode,
  type GedcomRecordStream,
  iterateRecords,
} from '@anor/gedcom';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { defaultDatabaseTimeouts, inJobTransaction } from '../../db/timeouts.ts';
import { AppError } from '../../http/errors.ts';
import { asViewer, type SessionUser, type Viewer } from '../../http/session.ts';
import { recomputeRootRelations, setRoot } from '../person/person.repository.ts';
import { assertAccess } from '../tree/tree.access.ts';
import * as trees from '../tree/tree.repository.ts';
import { toTreeInfo } from '../tree/tree.service.ts';
import { exportTree } from './gedcom.export.ts';
import { createGedcomMapper, isImage } from './gedcom.mapper.ts';
import { type DrainedRows, ImportCounts, markLineage } from './gedcom.plan.ts';
import { forgetCachedPlans, insertDrained, insertPlan, insertRest } from './gedcom.repository.ts';
import { assertRoomForImport } from './gedcom.space.ts';
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
  /** The file's bytes, or text already decoded (the JSON form of the call). */
  content: Uint8Array | string;
  treeName?: string | undefined;
  language: Language;
  subscription: Subscription | null;
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

/** Whether the bytes hold nothing but whitespace (and a byte-order mark). */
function isBlank(content: Uint8Array | string): boolean {
  if (typeof content === 'string') return content.replace(/^\uFEFF/, '').trim() === '';
  for (const byte of content) {
    if (
      byte !== 0x20 &&
      byte !== 0x09 &&
      byte !== 0x0a &&
      byte !== 0x0d &&
      byte !== 0x00 &&
      byte !== 0xef &&
      byte !== 0xbb &&
      byte !== 0xbf &&
      byte !== 0xfe &&
      byte !== 0xff
    ) {
      return false;
    }
  }
  return true;
}

function unreadable(error: unknown): unknown {
  return error instanceof GedcomError
    ? new AppError('gedcom.error.unreadable', { reason: error.code, line: error.line })
    : error;
}

/** Rows are written in batches of about this many while a large file is read. */
const drainEvery = 5000;

/**
 * Files up to this size are read once into memory, their limits checked, and then written; larger
 * ones (paid accounts only) are written while they are read, so that memory stays flat.
 */
const inMemoryBytes = 8 * 1024 * 1024;

interface Writing {
  tx: Db;
  treeId: string;
  signal: AbortSignal | undefined;
  /** Past this many nodes writing stops (the caller refuses the file and rolls back); reading goes on to count. */
  maxNodes: number;
}

/**
 * One read of the file through the mapper. Without `writing`, everything stays in memory and is
 * handed back to be written; with it, rows are written in batches as they come.
 */
async function readFile(text: string, language: Language, writing: Writing | null) {
  const counts = new ImportCounts();
  const kept: DrainedRows[] = [];
  let stream: GedcomRecordStream;
  let mapper: ReturnType<typeof createGedcomMapper>;
  let writeOn = writing !== null;
  const image = (media: { format: string | null; fileReference: string }) => isImage(media.format, media.fileReference);
  async function drain(): Promise<void> {
    const rows = mapper.drain();
    counts.addDrained(rows, image);
    if (!writing) kept.push(rows);
    else if (writeOn) {
      if (counts.nodes > writing.maxNodes) writeOn = false;
      else await insertDrained(writing.tx, writing.treeId, rows, writing.signal);
    }
  }
  try {
    stream = iterateRecords(text);
    const iterator = stream[Symbol.iterator]();
    let next = iterator.next();
    mapper = createGedcomMapper(stream.header, { language });
    while (!next.done) {
      mapper.add(next.value);
      if (writing && mapper.pending() >= drainEvery) await drain();
      next = iterator.next();
    }
  } catch (error) {
    throw unreadable(error);
  }
  const { plan, report } = mapper.finish();
  await drain();
  counts.addFinal(plan);
  if (writing && writeOn) await insertRest(writing.tx, writing.treeId, plan, writing.signal);
  return { counts, report, stream, plan, kept };
}

/** The header alone (for the tree's name), from the start of the file. */
function headerOf(text: string): GedcomNode | null {
  try {
    const stream = iterateRecords(text);
    stream[Symbol.iterator]().next();
    return stream.header;
  } catch (error) {
    throw unreadable(error);
  }
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

  return {
    /** The tree as a GEDCOM file: only its owner may take it away whole. */
    async exportFile(
      viewer: Viewer,
      treeId: string,
      version: GedcomExportVersion,
    ): Promise<{ name: string; text: string }> {
      const row = await trees.findTree(db, treeId);
      assertAccess(row, viewer, 'edit');
      return { name: row.name, text: await exportTree(db, treeId, version, jobStatementMs) };
    },

    /**
     * Creates a tree from a GEDCOM file in one transaction: a refused, failed or cancelled import
     * leaves nothing behind. Size and content limits are checked before anything is written.
     */
    async importFile(viewer: SessionUser, input: GedcomImportInput, signal?: AbortSignal): Promise<GedcomImportAnswer> {
      const started = performance.now();
      const { content, subscription } = input;
      const bytes = typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.byteLength;
      const paid = subscriptionStatus(subscription) === 'paid';
      if (!paid && bytes > textLimits.gedcomBytes) {
        throw new AppError('limit.gedcomSize', { bytes, max: textLimits.gedcomBytes });
      }
      if (paid && bytes > maxPaidBytes) throw new AppError('gedcom.error.tooLarge', { bytes, max: maxPaidBytes });
      if (bytes === 0 || isBlank(content)) throw new AppError('gedcom.error.empty');
      await assertRoomForImport(freeBytes, bytes);

      // Decoded once; read twice, one record at a time (the file is never whole in memory as nodes):
      // first to count what it holds and check the limits, then to write it, in batches, inside the
      // transaction.
      let text: string;
      let decoded: DecodeResult | null = null;
      try {
        if (typeof content === 'string') text = content;
        else {
          decoded = decode(content);
          text = decoded.text;
        }
      } catch (error) {
        throw unreadable(error);
      }
      const header = headerOf(text);
      const fileName = header?.children.find((child) => child.tag === 'FILE')?.value?.trim();
      const wanted = input.treeName ?? (fileName ? treeNameOfFile(fileName) : '');
      const treeId = uuidv7();
      const max = limitsFor(subscription).trees;
      const maxNodes = nodeCeiling(subscription, paidNodeLimit);
      // A small file (every free account's) is read before anything is written, and refused whole
      // when it passes a limit; a large one is written as it is read, and refused (rolled back) as
      // soon as it passes the node ceiling, with the numbers of the whole file.
      const inMemory = bytes <= inMemoryBytes ? await readFile(text, input.language, null) : null;
      if (inMemory) {
        assertWithinImportLimits(inMemory.counts, subscription, paidNodeLimit);
        // The persons are written with their relation to the root, so nothing is recomputed after.
        markLineage(inMemory.kept, inMemory.plan);
      }
      let read: Awaited<ReturnType<typeof readFile>> | null = inMemory;
      try {
        // Longer than a request's statement timeout: a large file's statements write many rows each.
        await inJobTransaction(db, jobStatementMs, async (tx) => {
          await trees.lockOwner(tx, viewer.id);
          if ((await trees.countTreesOfOwner(tx, viewer.id)) >= max) {
            throw new AppError('limit.trees', { limit: 'trees', max });
          }
          const { name, nameKey } = await freeTreeName(tx, viewer.id, wanted.trim() || 'GEDCOM');
          await forgetCachedPlans(tx);
          const knownRoot = inMemory?.plan.rootId ?? null;
          await trees.insertTree(tx, { id: treeId, ownerId: viewer.id, name, nameKey, rootId: knownRoot });
          if (inMemory) {
            await insertPlan(tx, treeId, inMemory.kept, inMemory.plan, signal);
          } else {
            read = await readFile(text, input.language, { tx, treeId, signal, maxNodes });
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
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('tree.validation.treeNameAlreadyTaken');
        throw error;
      }
      if (read === null) throw new AppError('common.error.generic');
      const { report, stream, counts } = read;
      for (const warning of [...(decoded?.warnings ?? []), ...stream.warnings]) report.warn(warning.code, warning.line);
      const row = await trees.findTree(db, treeId);
      if (!row) throw new AppError('tree.error.notFound');
      const program = header?.children.find((child) => child.tag === 'SOUR');
      return {
        tree: toTreeInfo(row, asViewer(viewer)),
        created: counts.counts,
        file: {
          bytes,
          encoding: decoded?.encoding ?? null,
          declared: stream.declared,
          version: stream.version,
          program: program
            ? (program.children.find((child) => child.tag === 'NAME')?.value ?? program.value ?? null)
            : null,
        },
        warnings: report.warningGroups(),
        kept: report.keptGroups(),
        rootId: row.rootId,
        durationMs: Math.round(performance.now() - started),
      };
    },
  };
}

export type GedcomService = ReturnType<typeof createGedcomService>;
