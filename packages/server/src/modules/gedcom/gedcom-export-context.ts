import type { GedcomExportVersion } from '@anor/core';
import type { KeptGedcomLine } from '../../db/schema.ts';
import type {
  ExportData,
  ExportEvent,
  ExportExtra,
  ExportLink,
  ExportMedia,
  ExportNote,
  ExportPerson,
} from './gedcom.export.repository.ts';
import { familyEventTags, individualEventTags, isOtherEventTag } from './gedcom-tags.ts';
import { htmlToPlainText } from './plain-text.ts';

/**
 * What every part of the GEDCOM export (gedcom.export.ts) shares while one tree is written: the
 * written line and its helpers, the kept lines by node, the persons' states, what each node
 * carries, and the xrefs of persons, records, repositories, notes and media.
 */

export type Version = GedcomExportVersion;

/** A node being written: GedcomNode with mutable children (levels and line numbers do not matter to the writer). */
export interface Out {
  level: number;
  line: number;
  tag: string;
  xref?: string;
  value?: string;
  pointer?: string;
  children: Out[];
}

export function line(tag: string, value?: string | null, children: Out[] = []): Out {
  const out: Out = { level: 0, line: 0, tag, children };
  if (value !== undefined && value !== null && value !== '') out.value = value;
  return out;
}

/** A level-0 record. */
export function record(tag: string, xref: string, children: Out[]): Out {
  return { level: 0, line: 0, tag, xref, children };
}

export function pointerLine(tag: string, pointer: string, children: Out[] = []): Out {
  return { level: 0, line: 0, tag, pointer, children };
}

/** Lines for the fields that are set, in order. */
export function lines(...entries: [string, string | null | undefined][]): Out[] {
  const out: Out[] = [];
  for (const [tag, value] of entries)
    if (value !== null && value !== undefined && value !== '') out.push(line(tag, value));
  return out;
}

/** Level-0 tags the import maps to nodes: a kept record with one of them was a duplicate xref. */
export const nodeRecordTags = new Set(['INDI', 'FAM', 'SOUR', 'REPO', 'NOTE', 'SNOTE', 'OBJE']);

/** Family events the import keeps as lines when they stand under an INDI. */
const familyOnlyOtherTags = new Set(['ANUL', 'DIVF', 'MARC', 'MARL', 'MARS', 'SLGS']);

export function canStandUnderIndi(tag: string): boolean {
  return (
    Object.hasOwn(individualEventTags, tag) ||
    (isOtherEventTag(tag) && !familyOnlyOtherTags.has(tag)) ||
    tag.startsWith('_')
  );
}

export function canStandUnderFam(tag: string): boolean {
  return Object.hasOwn(familyEventTags, tag) || isOtherEventTag(tag) || tag.startsWith('_');
}

export function sortKeyOfEvent(event: ExportEvent): string {
  return event.sortDate ?? '\uffff';
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

export function allPairs(ids: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) pairs.push(pairKey(ids[i] as string, ids[j] as string));
  }
  return pairs;
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The kept lines of a node that has none. */
export const noLines: KeptGedcomLine[] = [];

export interface Family {
  key: string;
  partners: string[];
  children: string[];
  /** The same as states, set when the families are complete. */
  partnerStates: PersonState[];
  childStates: PersonState[];
  events: PlacedEvent[];
  extras: ExportExtra[];
  xref: string;
  /**
   * Members only the kept lines name (a third partner, a child whose parents came from another
   * family): written at the end of the FAM, the family itself after the others, so that a second
   * import leaves them out of the relations again, as the first did.
   */
  extraPartners: string[];
  extraChildren: string[];
}

/** A written line among a node's kept lines: `anchored` when it carries kept lines of its own. */
export interface Placed {
  out: Out;
  anchored: boolean;
}

/**
 * A node's children in the order a second import keeps its lines: `head`, then the kept lines in
 * their order with each anchored written line (NAME with its prefix, a FAMC with its pedigree) in
 * its kept line's place, `body` after the last anchored line, then the rest of the kept lines.
 */
export function arrange(head: Out[], walk: Placed[], body: Out[]): Out[] {
  if (walk.length === 0) {
    for (const written of body) head.push(written);
    return head;
  }
  let last = -1;
  const anchored = new Set<Out>();
  walk.forEach((placed, index) => {
    if (!placed.anchored) return;
    last = index;
    anchored.add(placed.out);
  });
  // Anchored lines the kept lines begin with (a NAME with its prefix) stay before the head.
  let lead = 0;
  while (lead < walk.length && walk[lead]?.anchored) lead++;
  const out = walk.slice(0, lead).map((placed) => placed.out);
  for (const written of head) if (!anchored.has(written)) out.push(written);
  body = body.filter((written) => !anchored.has(written));
  if (last < lead) out.push(...body);
  for (let index = lead; index < walk.length; index++) {
    out.push((walk[index] as Placed).out);
    if (index === last) out.push(...body);
  }
  return out;
}

/** What a node carries besides its own fields, found with one lookup. */
export interface NodeInfo {
  notes: ExportLink[];
  citations: ExportLink[];
  media: ExportLink[];
  /** Its kept lines. */
  extra: ExportExtra | undefined;
}

/** A person with everything the INDI record needs, gathered set-wise before it is written. */
export interface PersonState {
  person: ExportPerson;
  xref: string;
  /** Parent ids (at most two), partner ids. */
  parents: string[];
  partners: Set<string> | null;
  events: PlacedEvent[];
  /** The families the person is a child or partner of, and those only kept lines name. */
  childFamilies: Family[];
  spouseFamilies: Family[];
  extraChildFamilies: Family[];
  extraSpouseFamilies: Family[];
  /** The family of this person alone (a one-parent family), and of this person with each other partner. */
  solo: Family | null;
  pairs: Map<string, Family> | null;
  /** The birth's place in time order, for the order of children. */
  birth: string | null;
}

export interface PlacedEvent {
  event: ExportEvent;
  tag: string;
  info: NodeInfo | undefined;
  /** The participants the structure around the event names (the INDI, the FAM's partners): not written as ASSO. */
  structural: string[];
  /** Placement order among one person's events: second births and other occupations after the first. */
  priority: number;
}

/** The kept lines by node, the indexes and the xrefs of one export (no I/O). */
export function createExportContext(data: ExportData, treeId: string, version: Version) {
  const isSeven = version === '7.0';

  // ---- Kept lines, by node ----
  const extraOf = new Map<string, ExportExtra>();
  const familyExtras: ExportExtra[] = [];
  let treeLines: KeptGedcomLine[] = [];
  for (const extra of data.extras) {
    if (extra.nodeKind === 'tree') {
      if (extra.nodeId === treeId) treeLines = extra.lines;
    } else if (extra.nodeKind === 'family') familyExtras.push(extra);
    else extraOf.set(extra.nodeId, extra);
  }
  const keptHeader = treeLines[0]?.tag === 'HEAD' && treeLines[0].xref === undefined ? treeLines[0] : null;
  const keptRecords = keptHeader ? treeLines.slice(1) : treeLines;
  /** Xrefs of kept records written with their own xref: `?xref` pointers may name them. */
  const originalXrefs = new Set<string>();
  for (const record of keptRecords) {
    if (record.xref !== undefined && !nodeRecordTags.has(record.tag)) originalXrefs.add(record.xref);
  }
  const sourceVersion = keptHeader?.children
    .find((child) => child.tag === 'GEDC')
    ?.children.find((c) => c.tag === 'VERS')?.value;
  const sourceIsSeven = sourceVersion?.trim().startsWith('7') ?? false;
  const headerPlaceForm = (() => {
    const plac = keptHeader?.children.find((child) => child.tag === 'PLAC') ?? keptHeader;
    const form = plac?.children.find((child) => child.tag === 'FORM')?.value?.trim();
    return form ? form.split(',').map((part) => part.trim()) : null;
  })();

  /** Ids named by pointers in kept lines: their notes and media must be records. */
  const pointedAt = new Set<string>();
  const scan = (kept: KeptGedcomLine) => {
    if (kept.pointer !== undefined) pointedAt.add(kept.pointer);
    for (const child of kept.children) scan(child);
  };
  for (const extra of data.extras) for (const kept of extra.lines) scan(kept);

  // ---- Xrefs ----
  const usedXrefs = new Set(originalXrefs);
  function xrefMaker(prefix: string): () => string {
    let n = 0;
    return () => {
      let xref: string;
      do xref = `${prefix}${++n}`;
      while (usedXrefs.has(xref));
      usedXrefs.add(xref);
      return xref;
    };
  }
  const nextPerson = xrefMaker('I');
  const nextFamily = xrefMaker('F');
  const nextRecord = xrefMaker('S');
  const nextRepository = xrefMaker('R');
  const nextNote = xrefMaker('N');
  const nextMedia = xrefMaker('O');

  // ---- Indexes ----
  const persons = [...data.persons];
  if (data.rootId !== null) {
    const rootIndex = persons.findIndex((person) => person.id === data.rootId);
    if (rootIndex > 0) persons.unshift(...persons.splice(rootIndex, 1));
  }
  const states: PersonState[] = [];
  const stateOf = new Map<string, PersonState>();
  for (const person of persons) {
    const state: PersonState = {
      person,
      xref: nextPerson(),
      parents: [],
      partners: null,
      events: [],
      childFamilies: [],
      spouseFamilies: [],
      extraChildFamilies: [],
      extraSpouseFamilies: [],
      solo: null,
      pairs: null,
      birth: null,
    };
    states.push(state);
    stateOf.set(person.id, state);
  }

  const locationById = new Map(data.locations.map((place) => [place.id, place]));
  const usedLocations = new Set<string>();
  for (const event of data.events) if (event.locationId !== null) usedLocations.add(event.locationId);

  const citationById = new Map(data.citations.map((row) => [row.id, row]));
  /** What each node carries (notes, citations and media in position order, kept lines): one lookup. */
  const infoOf = new Map<string, NodeInfo>();
  const infoFor = (nodeId: string): NodeInfo => {
    let info = infoOf.get(nodeId);
    if (!info) {
      info = { notes: [], citations: [], media: [], extra: undefined };
      infoOf.set(nodeId, info);
    }
    return info;
  };
  for (const row of data.noteLinks) infoFor(row.nodeId).notes.push(row);
  for (const row of data.citationLinks) infoFor(row.nodeId).citations.push(row);
  for (const row of data.mediaLinks) infoFor(row.nodeId).media.push(row);
  for (const info of infoOf.values()) {
    for (const list of [info.notes, info.citations, info.media]) {
      if (list.length > 1) list.sort((a, b) => a.position - b.position || compare(a.targetId, b.targetId));
    }
  }
  for (const extra of extraOf.values()) infoFor(extra.nodeId).extra = extra;
  const noteById = new Map(data.notes.map((row) => [row.id, row]));
  const mediaById = new Map(data.media.map((row) => [row.id, row]));

  /** How many times a node's own structures are written: its notes, citations and media appear that often. */
  const citationWrites = new Map<string, number>();
  function writesOf(kind: string, nodeId: string): number {
    switch (kind) {
      case 'person':
        return stateOf.has(nodeId) ? 1 : 0;
      case 'event':
      case 'record':
      case 'repository':
        // Links of deleted nodes go with them (a trigger on each node table): every event,
        // record and repository a link names exists and is written once.
        return 1;
      case 'location':
        return usedLocations.has(nodeId) ? 1 : 0;
      case 'note':
        return noteById.has(nodeId) ? 1 : 0;
      case 'citation':
        return citationWrites.get(nodeId) ?? 0;
      default:
        return 0;
    }
  }
  for (const link of data.citationLinks) {
    citationWrites.set(link.targetId, (citationWrites.get(link.targetId) ?? 0) + writesOf(link.nodeKind, link.nodeId));
  }

  const hasReferenceFields = (row: ExportNote | ExportMedia) =>
    row.gedcomId !== null ||
    row.automatedRecordId !== null ||
    row.userReferenceNumber !== null ||
    row.gedcomChangeDate !== null;

  // Notes: one written once and never a record in the file goes inline (NOTE text), the others
  // are records (NOTE / SNOTE records, pointed at).
  const noteUses = new Map<string, number>();
  for (const link of data.noteLinks) {
    noteUses.set(link.targetId, (noteUses.get(link.targetId) ?? 0) + writesOf(link.nodeKind, link.nodeId));
  }
  /** Notes that media objects carry (the import's NOTE under OBJE), by media. */
  const notesOfMedia = new Map<string, string[]>();
  for (const link of data.mediaLinks) {
    if (link.nodeKind !== 'note' || !noteById.has(link.nodeId)) continue;
    noteUses.set(link.nodeId, (noteUses.get(link.nodeId) ?? 0) + 1);
    const list = notesOfMedia.get(link.targetId);
    if (list) list.push(link.nodeId);
    else notesOfMedia.set(link.targetId, [link.nodeId]);
  }
  const noteXref = new Map<string, string>();
  for (const note of data.notes) {
    // (An empty inline note would be no note when read back.)
    const inline =
      !hasReferenceFields(note) &&
      !pointedAt.has(note.id) &&
      noteUses.get(note.id) === 1 &&
      htmlToPlainText(note.text).trim() !== '';
    if (!inline) noteXref.set(note.id, nextNote());
  }

  // Media: 7.0 has only OBJE records; 5.5.1 writes an object used once inline, as the import found it.
  const mediaUses = new Map<string, number>();
  const mediaOnNotes = new Set<string>();
  for (const link of data.mediaLinks) {
    if (link.nodeKind === 'note') mediaOnNotes.add(link.targetId);
    else if (
      link.nodeKind === 'person' ||
      link.nodeKind === 'event' ||
      link.nodeKind === 'citation' ||
      link.nodeKind === 'record'
    ) {
      mediaUses.set(link.targetId, (mediaUses.get(link.targetId) ?? 0) + writesOf(link.nodeKind, link.nodeId));
    }
  }
  const mediaXref = new Map<string, string>();
  for (const media of data.media) {
    const inline =
      !isSeven &&
      !hasReferenceFields(media) &&
      !pointedAt.has(media.id) &&
      !mediaOnNotes.has(media.id) &&
      mediaUses.get(media.id) === 1;
    if (!inline) mediaXref.set(media.id, nextMedia());
  }

  const recordXref = new Map<string, string>();
  for (const record of data.records) recordXref.set(record.id, nextRecord());
  const repositoryXref = new Map<string, string>();
  for (const repository of data.repositories) repositoryXref.set(repository.id, nextRepository());

  return {
    data,
    version,
    isSeven,
    extraOf,
    familyExtras,
    keptHeader,
    keptRecords,
    originalXrefs,
    sourceIsSeven,
    headerPlaceForm,
    pointedAt,
    xrefMaker,
    nextFamily,
    states,
    stateOf,
    locationById,
    citationById,
    infoOf,
    noteById,
    mediaById,
    notesOfMedia,
    noteXref,
    mediaXref,
    recordXref,
    repositoryXref,
  };
}

export type ExportContext = ReturnType<typeof createExportContext>;
