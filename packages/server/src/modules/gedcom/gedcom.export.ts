import { type GedcomNode, writeGedcom } from '@anor/gedcom';
import type { Db } from '../../db/client.ts';
import { type ExportData, readTreeForExport } from './gedcom.export.repository.ts';
import {
  createExportContext,
  type Family,
  line,
  nodeRecordTags,
  type Out,
  pointerLine,
  type Version,
} from './gedcom-export-context.ts';
import { createEventWriter } from './gedcom-export-events.ts';
import { createFamilies } from './gedcom-export-families.ts';
import { createKeptWriter } from './gedcom-export-kept.ts';
import { createLinkWriter } from './gedcom-export-links.ts';
import { createRecordWriter } from './gedcom-export-records.ts';

/**
 * A tree → a GEDCOM 5.5.1 or 7.0 file: the inverse of the import (gedcom.mapper.ts). The tree is
 * read set-wise (gedcom.export.repository.ts), the records are built in memory and written by
 * @anor/gedcom's writer. What the import kept as GEDCOM lines (`gedcom_extra`) goes back where it
 * was: the original HEAD and level-0 records it could not map, and the lines of persons,
 * families, events, sources, notes and media, merged into the lines written from Anor's fields.
 *
 * Families are not stored in Anor: a FAM is written for each pair of partners, for each set of
 * parents (a single parent gives a one-parent family) and for each group of siblings without
 * parents; a family's kept lines find it again by their anchor (the partners' ids, or the
 * children's). Events go where the import took them from: under the INDI of their one primary
 * participant, under the FAM of their two, or (a couple's event of one person, an event of no
 * one) under a FAM of their own, so that reading the file back gives the same participants.
 *
 * The parts: gedcom-export-context.ts (the written line, the kept lines by node, the indexes and
 * xrefs), gedcom-export-families.ts (the FAM records and where events go), gedcom-export-kept.ts
 * (kept lines back), gedcom-export-links.ts (notes, citations, media), gedcom-export-events.ts
 * (events, dates, places) and gedcom-export-records.ts (the level-0 records).
 */

/** Reads the tree and writes it as GEDCOM text. */
export async function exportTree(db: Db, treeId: string, version: Version, jobStatementMs?: number): Promise<string> {
  const data = await readTreeForExport(db, treeId, jobStatementMs);
  return buildGedcom(data, treeId, version);
}

/**
 * Reads the tree, then hands out its GEDCOM text in parts of a thousand records as they are
 * written (for the response stream): the file's text is never whole in memory, only the tree's rows.
 */
export async function exportTreeParts(
  db: Db,
  treeId: string,
  version: Version,
  jobStatementMs?: number,
  /** A FILE value by media object, instead of its reference (a GEDZIP's paths inside the zip). */
  filePaths?: ReadonlyMap<string, string>,
): Promise<GedcomExport> {
  const data = await readTreeForExport(db, treeId, jobStatementMs);
  if (filePaths) {
    data.media = data.media.map((media) => {
      const path = filePaths.get(media.id);
      return path === undefined ? media : { ...media, fileReference: path };
    });
  }
  return gedcomExport(data, treeId, version);
}

/** The GEDCOM text of a tree read by readTreeForExport (no I/O). */
export function buildGedcom(data: ExportData, treeId: string, version: Version): string {
  return [...gedcomExport(data, treeId, version).parts].join('');
}

/**
 * A file being written: its level-0 records counted before any is written (HEAD and TRLR
 * included), for the progress a client shows, and its text in parts, each written when it is
 * asked for.
 */
export interface GedcomExport {
  records: number;
  parts: Iterable<string>;
}

export function gedcomExport(data: ExportData, treeId: string, version: Version): GedcomExport {
  const ctx = createExportContext(data, treeId, version);
  const { isSeven, keptHeader, keptRecords, xrefMaker, states } = ctx;
  const families = createFamilies(ctx);
  const { familyList } = families;
  const keptWriter = createKeptWriter(ctx, families);
  const { fromKept } = keptWriter;
  const links = createLinkWriter(ctx, keptWriter);
  const events = createEventWriter(ctx, keptWriter, links);
  const { indiRecord, famRecord, sourceRecord, repositoryRecord, noteRecord, mediaRecord } = createRecordWriter(
    ctx,
    families,
    keptWriter,
    links,
    events,
  );

  // ---- Records ----
  const records: Out[] = [];
  let header: Out | null = keptHeader ? fromKept(keptHeader, null) : null;
  const keptOut: Out[] = [];
  for (const kept of keptRecords) {
    const written = fromKept(kept, null);
    if (!written) continue;
    // A duplicate xref's record (the import kept it whole): written without the xref, which belongs to another record now.
    if (nodeRecordTags.has(written.tag)) delete written.xref;
    keptOut.push(written);
  }
  if (!header && !isSeven) {
    // 5.5.1 wants a submitter.
    const xref = xrefMaker('U')();
    header = line('HEAD', null, [pointerLine('SUBM', xref)]);
    keptOut.push({ ...line('SUBM', null, [line('NAME', 'Anor')]), xref });
  }
  const recordCount =
    2 +
    keptOut.length +
    familyList.length +
    states.length +
    data.records.length +
    data.repositories.length +
    ctx.noteXref.size +
    ctx.mediaXref.size;
  return { records: recordCount, parts: writeParts() };

  function* writeParts(): Generator<string, void, undefined> {
    // The file is written a thousand records at a time, so that the nodes of a large tree are never
    // all in memory at once: the writer's text for a batch is what it writes between its HEAD
    // (the same for every batch without a header) and its TRLR.
    const trailer = '0 TRLR\n';
    const emptyHead = writeGedcom([], { version }).length - trailer.length;
    const withHeader = writeGedcom(keptOut as GedcomNode[], { version, header: header as GedcomNode | null });
    yield withHeader.slice(0, withHeader.length - trailer.length);
    /** The text of the records gathered so far, or null when a batch is not full yet (`all`: whatever there is). */
    function batch(record: Out | null, all = false): string | null {
      if (record) records.push(record);
      if (records.length === 0 || (!all && records.length < 1000)) return null;
      const text = writeGedcom(records as GedcomNode[], { version });
      records.length = 0;
      return text.slice(emptyHead, text.length - trailer.length);
    }
    function* emit(record: Out | null): Generator<string, void, undefined> {
      const text = batch(record);
      if (text !== null) yield text;
    }

    // FAM records before the INDI records: a reader that takes a family's members from both (as
    // Anor's import does) then meets each family first in its FAM, with its partners in the FAM's
    // order, and the families in this order (see Family for why some come last).
    const late = (family: Family) => family.extraPartners.length > 0 || family.extraChildren.length > 0;
    for (const family of familyList) if (!late(family)) yield* emit(famRecord(family));
    for (const family of familyList) if (late(family)) yield* emit(famRecord(family));
    for (const state of states) yield* emit(indiRecord(state));
    for (const record of data.records) yield* emit(sourceRecord(record));
    for (const repository of data.repositories) yield* emit(repositoryRecord(repository));
    for (const note of data.notes) yield* emit(noteRecord(note) ?? null);
    for (const media of data.media) yield* emit(mediaRecord(media) ?? null);

    const rest = batch(null, true);
    if (rest !== null) yield rest;
    yield trailer;
  }
}
