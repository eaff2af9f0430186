import type { GedcomExportVersion } from '@anor/core';
import { formatGedcomDateValue, type GedcomNode, parseGedcomDate, writeGedcom } from '@anor/gedcom';
import type { Db } from '../../db/client.ts';
import type { KeptGedcomLine } from '../../db/schema.ts';
import {
  type ExportCitation,
  type ExportData,
  type ExportEvent,
  type ExportExtra,
  type ExportLink,
  type ExportLocation,
  type ExportMedia,
  type ExportNote,
  type ExportPerson,
  readTreeForExport,
} from './gedcom.export.repository.ts';
import { anorDateToGedcom, mapGedcomDate } from './gedcom-date.ts';
import {
  anorRolesToGedcom,
  familyEventTags,
  individualEventTags,
  isOtherEventTag,
  otherEventName,
} from './gedcom-tags.ts';
import { nameLineValue } from './gedcom-values.ts';
import { htmlToPlainText, plainTextToHtml } from './plain-text.ts';

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
 */

type Version = GedcomExportVersion;

/** A node being written: GedcomNode with mutable children (levels and line numbers do not matter to the writer). */
interface Out {
  level: number;
  line: number;
  tag: string;
  xref?: string;
  value?: string;
  pointer?: string;
  children: Out[];
}

function line(tag: string, value?: string | null, children: Out[] = []): Out {
  const out: Out = { level: 0, line: 0, tag, children };
  if (value !== undefined && value !== null && value !== '') out.value = value;
  return out;
}

/** A level-0 record. */
function record(tag: string, xref: string, children: Out[]): Out {
  return { level: 0, line: 0, tag, xref, children };
}

function pointerLine(tag: string, pointer: string, children: Out[] = []): Out {
  return { level: 0, line: 0, tag, pointer, children };
}

/** Lines for the fields that are set, in order. */
function lines(...entries: [string, string | null | undefined][]): Out[] {
  const out: Out[] = [];
  for (const [tag, value] of entries)
    if (value !== null && value !== undefined && value !== '') out.push(line(tag, value));
  return out;
}

/** Anor's type (and subtype) → the GEDCOM tag the import reads it from. */
const tagOfType = new Map<string, string>();
for (const table of [individualEventTags, familyEventTags]) {
  for (const [tag, mapping] of Object.entries(table)) {
    const key = `${mapping.type}/${mapping.subtype ?? ''}`;
    if (!tagOfType.has(key)) tagOfType.set(key, tag);
  }
}

/** Family events the import keeps as lines when they stand under an INDI. */
const familyOnlyOtherTags = new Set(['ANUL', 'DIVF', 'MARC', 'MARL', 'MARS', 'SLGS']);

/** Events whose value may be `Y` (5.5.1: "the event happened") when they have nothing else. */
const yesTags = new Set([
  'BIRT',
  'CHR',
  'DEAT',
  'BURI',
  'CREM',
  'ADOP',
  'BAPM',
  'BARM',
  'BASM',
  'BLES',
  'CHRA',
  'CONF',
  'FCOM',
  'ORDN',
  'NATU',
  'EMIG',
  'IMMI',
  'CENS',
  'PROB',
  'WILL',
  'GRAD',
  'RETI',
  'MARR',
  'MARB',
  'ENGA',
  'DIV',
  'ANUL',
  'DIVF',
  'MARC',
  'MARL',
  'MARS',
]);

/** Level-0 tags the import maps to nodes: a kept record with one of them was a duplicate xref. */
const nodeRecordTags = new Set(['INDI', 'FAM', 'SOUR', 'REPO', 'NOTE', 'SNOTE', 'OBJE']);

const languages = ['sv', 'en', 'da', 'no', 'fi'] as const;

function canStandUnderIndi(tag: string): boolean {
  return (
    Object.hasOwn(individualEventTags, tag) ||
    (isOtherEventTag(tag) && !familyOnlyOtherTags.has(tag)) ||
    tag.startsWith('_')
  );
}

function canStandUnderFam(tag: string): boolean {
  return Object.hasOwn(familyEventTags, tag) || isOtherEventTag(tag) || tag.startsWith('_');
}

/** A coordinate as GEDCOM writes it: N59.1234, W12.5. */
function coordinate(value: number, positive: string, negative: string): string {
  const absolute = Math.abs(value);
  let text = String(absolute);
  if (text.includes('e')) text = absolute.toFixed(8).replace(/\.?0+$/, '');
  return `${value < 0 ? negative : positive}${text}`;
}

/** `12 MAR 2020 10:11:12` → the DATE and its TIME. */
function changeDate(text: string): Out {
  const match = /^(.*?)\s+(\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(text.trim());
  if (!match) return line('CHAN', null, [line('DATE', text)]);
  return line('CHAN', null, [line('DATE', match[1] ?? '', [line('TIME', match[2] ?? '')])]);
}

/** An occupation event's title: Anor keeps it in the cause field; an import of today, in the description. */
function occupationOf(event: ExportEvent): string | null {
  return event.causeOfEvent ?? event.description;
}

function sortKeyOfEvent(event: ExportEvent): string {
  return event.sortDate ?? '\uffff';
}

interface Family {
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
interface Placed {
  out: Out;
  anchored: boolean;
}

/**
 * A node's children in the order a second import keeps its lines: `head`, then the kept lines in
 * their order with each anchored written line (NAME with its prefix, a FAMC with its pedigree) in
 * its kept line's place, `body` after the last anchored line, then the rest of the kept lines.
 */
function arrange(head: Out[], walk: Placed[], body: Out[]): Out[] {
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
interface NodeInfo {
  notes: ExportLink[];
  citations: ExportLink[];
  media: ExportLink[];
  /** Its kept lines. */
  extra: ExportExtra | undefined;
}

/** A person with everything the INDI record needs, gathered set-wise before it is written. */
interface PersonState {
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

interface PlacedEvent {
  event: ExportEvent;
  tag: string;
  info: NodeInfo | undefined;
  /** The participants the structure around the event names (the INDI, the FAM's partners): not written as ASSO. */
  structural: string[];
  /** Placement order among one person's events: second births and other occupations after the first. */
  priority: number;
}

/** Reads the tree and writes it as GEDCOM text. */
export async function exportTree(db: Db, treeId: string, version: Version, jobStatementMs?: number): Promise<string> {
  const data = await readTreeForExport(db, treeId, jobStatementMs);
  return buildGedcom(data, treeId, version);
}

/** The GEDCOM text of a tree read by readTreeForExport (no I/O). */
export function buildGedcom(data: ExportData, treeId: string, version: Version): string {
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

  // ---- Families ----
  for (const event of data.events) {
    if (event.type !== 'birth') continue;
    for (const participant of event.participants) {
      const state = participant.role === 'primary' ? stateOf.get(participant.personId) : undefined;
      if (state && state.birth === null) state.birth = sortKeyOfEvent(event);
    }
  }
  const families = new Map<string, Family>();
  const familyList: Family[] = [];
  function newFamily(key: string, partners: string[], children: string[] = []): Family {
    const family: Family = {
      key,
      partners,
      children,
      partnerStates: [],
      childStates: [],
      events: [],
      extras: [],
      xref: '',
      extraPartners: [],
      extraChildren: [],
    };
    families.set(key, family);
    familyList.push(family);
    return family;
  }
  /** The family of one person, or of two partners, if there is one. */
  function existingFamily(partners: readonly string[]): Family | undefined {
    const [a, b] = partners;
    if (a === undefined) return undefined;
    if (b === undefined || b === a) return stateOf.get(a)?.solo ?? undefined;
    return stateOf.get(a)?.pairs?.get(b);
  }
  /** The family of these partners (one or two), created when there is none. */
  function familyOf(partners: readonly string[]): Family {
    const found = existingFamily(partners);
    if (found) return found;
    const sorted = [...new Set(partners)].sort();
    const family = newFamily(sorted.join(' '), sorted);
    const [a, b] = sorted as [string, string | undefined];
    const stateA = stateOf.get(a) as PersonState;
    if (b === undefined) stateA.solo = family;
    else {
      const stateB = stateOf.get(b) as PersonState;
      if (stateA.pairs === null) stateA.pairs = new Map();
      if (stateB.pairs === null) stateB.pairs = new Map();
      stateA.pairs.set(b, family);
      stateB.pairs.set(a, family);
    }
    return family;
  }
  for (const { parentId, childId } of data.parentLinks) stateOf.get(childId)?.parents.push(parentId);
  for (const { personA, personB } of data.partners) {
    const a = stateOf.get(personA);
    const b = stateOf.get(personB);
    if (!a || !b) continue;
    if (a.partners === null) a.partners = new Set();
    if (b.partners === null) b.partners = new Set();
    a.partners.add(personB);
    b.partners.add(personA);
  }
  for (const state of states) {
    const parents = state.parents;
    if (parents.length === 0) continue;
    const [a, b] = parents;
    // Two parents who are not partners: a FAM would make them a couple, so each has a family of their own.
    if (a !== undefined && b !== undefined && !stateOf.get(a)?.partners?.has(b)) {
      familyOf([a]).children.push(state.person.id);
      familyOf([b]).children.push(state.person.id);
    } else familyOf(parents).children.push(state.person.id);
  }
  for (const { personA, personB } of data.partners) {
    if (stateOf.has(personA) && stateOf.has(personB)) familyOf([personA, personB]);
  }

  // Siblings without parents: each kept family anchored by its children first, then the rest in groups.
  const siblingPairs = new Set<string>();
  for (const { personA, personB } of data.siblings) {
    if (stateOf.has(personA) && stateOf.has(personB)) siblingPairs.add(pairKey(personA, personB));
  }
  const coveredPairs = new Set<string>();
  /** Kept FAMC and FAMS lines of persons, by family: `FAMC <family> <person>`. */
  const keptLinks = new Set<string>();
  for (const extra of extraOf.values()) {
    if (extra.nodeKind !== 'person') continue;
    for (const kept of extra.lines) {
      if ((kept.tag === 'FAMC' || kept.tag === 'FAMS') && kept.pointer !== undefined) {
        keptLinks.add(`${kept.tag} ${kept.pointer} ${extra.nodeId}`);
      }
    }
  }
  /** A family's kept lines, by the kept row's id: pointers to the family find its FAM. */
  const familyOfExtra = new Map<string, Family>();
  for (const extra of familyExtras) {
    const anchor = [...new Set(extra.anchor ?? [])].filter((id) => stateOf.has(id)).sort();
    const key = anchor.join(' ');
    let family: Family | undefined;
    // One person: a partner, or (a family of one child) the child, as the kept lines say.
    const isChildAnchor =
      anchor.length === 1 &&
      (extra.lines.some((kept) => kept.tag === 'CHIL' && kept.pointer === anchor[0]) ||
        keptLinks.has(`FAMC ${extra.nodeId} ${anchor[0]}`));
    if (anchor.length > 0 && anchor.length <= 2 && !isChildAnchor) family = existingFamily(anchor);
    if (!family && anchor.length >= 2 && allPairs(anchor).every((pair) => siblingPairs.has(pair))) {
      family = families.get(`siblings ${key}`) ?? newFamily(`siblings ${key}`, [], anchor);
      for (const pair of allPairs(anchor)) coveredPairs.add(pair);
    }
    if (!family && anchor.length > 2) {
      family = allPairs(anchor)
        .map((pair) => existingFamily(pair.split(' ')))
        .find((found) => found !== undefined);
    }
    if (!family && anchor.length === 1) {
      family = isChildAnchor
        ? (families.get(`siblings ${key}`) ?? newFamily(`siblings ${key}`, [], anchor))
        : familyOf(anchor);
    }
    family ??= newFamily(`kept ${extra.nodeId}`, []);
    // A second FAM of the same couple (a remarriage, a duplicate) with lines of its own stays a FAM of its own.
    if (family.extras.length > 0 && family.partners.length > 0) {
      family = newFamily(`${family.key} again ${extra.nodeId}`, family.partners);
    }
    family.extras.push(extra);
    familyOfExtra.set(extra.nodeId, family);
  }
  // Members only the kept lines name (the family's CHIL/HUSB/WIFE, a person's FAMC/FAMS): written
  // back only when a second import leaves them out of the relations again (the child has its two
  // parents already, or these are its parents; the family has its two partners already).
  const addExtraMember = (family: Family, tag: string, id: string) => {
    const state = stateOf.get(id);
    if (!state) return;
    if (tag === 'CHIL' || tag === 'FAMC') {
      if (family.children.includes(id) || family.extraChildren.includes(id) || family.partners.length === 0) return;
      const parents = state.parents;
      if (parents.length === 2 || family.partners.slice(0, 2).every((partnerId) => parents.includes(partnerId))) {
        family.extraChildren.push(id);
      }
    } else if (!family.partners.includes(id) && !family.extraPartners.includes(id) && family.partners.length === 2) {
      family.extraPartners.push(id);
    }
  };
  for (const family of familyList) {
    for (const extra of family.extras) {
      for (const kept of extra.lines) {
        if (['CHIL', 'HUSB', 'WIFE'].includes(kept.tag) && kept.pointer !== undefined && kept.children.length > 0) {
          addExtraMember(family, kept.tag, kept.pointer);
        }
      }
    }
  }
  for (const key of keptLinks) {
    const [tag, familyId, personId] = key.split(' ') as [string, string, string];
    const family = familyOfExtra.get(familyId);
    if (family) addExtraMember(family, tag, personId);
  }

  {
    // Siblings without parents that no kept family took: one FAM of children per group (union-find).
    const root = new Map<string, string>();
    const find = (id: string): string => {
      let current = id;
      while (root.get(current) !== current) current = root.get(current) ?? current;
      root.set(id, current);
      return current;
    };
    for (const pair of siblingPairs) {
      if (coveredPairs.has(pair)) continue;
      const [a, b] = pair.split(' ') as [string, string];
      if (!root.has(a)) root.set(a, a);
      if (!root.has(b)) root.set(b, b);
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) root.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
    }
    const groups = new Map<string, string[]>();
    for (const state of states) {
      const id = state.person.id;
      if (!root.has(id)) continue;
      const group = find(id);
      const list = groups.get(group);
      if (list) list.push(id);
      else groups.set(group, [id]);
    }
    for (const members of groups.values()) {
      const key = `siblings ${[...members].sort().join(' ')}`;
      if (!families.has(key)) newFamily(key, [], members);
    }
  }

  // ---- Events: where each one goes ----
  const noLines: KeptGedcomLine[] = [];
  let orphanFamily: Family | undefined;
  for (const event of data.events) {
    const info = infoOf.get(event.id);
    const tag = eventTagOf(event, info);
    let first: string | undefined;
    let second: string | undefined;
    for (const participant of event.participants) {
      if (participant.role !== 'primary') continue;
      if (first === undefined) first = participant.personId;
      else if (second === undefined) second = participant.personId;
    }
    if (first !== undefined && second === undefined) {
      const placed = { event, tag, info, structural: [first], priority: 0 };
      if (canStandUnderIndi(tag)) stateOf.get(first)?.events.push(placed);
      else familyOf([first]).events.push(placed);
    } else if (first !== undefined && second !== undefined) {
      const pairFamily = existingFamily([first, second]);
      if (canStandUnderFam(tag) && (pairFamily !== undefined || !canStandUnderIndi(tag))) {
        const family = pairFamily ?? familyOf([first, second]);
        family.events.push({ event, tag, info, structural: family.partners.slice(0, 2), priority: 0 });
      } else {
        // The others are written as ASSO with the role primary, which the import reads back as primary.
        stateOf.get(first)?.events.push({ event, tag, info, structural: [first], priority: 0 });
      }
    } else {
      orphanFamily ??= newFamily('orphan events', []);
      orphanFamily.events.push({ event, tag, info, structural: [], priority: 0 });
    }
  }

  for (const family of familyList) {
    family.xref = nextFamily();
    for (const id of family.partners) {
      const state = stateOf.get(id) as PersonState;
      family.partnerStates.push(state);
      state.spouseFamilies.push(family);
    }
    for (const id of family.children) {
      const state = stateOf.get(id) as PersonState;
      family.childStates.push(state);
      state.childFamilies.push(family);
    }
    // FAMC and FAMS for the members only kept lines name, after the others.
    for (const id of family.extraPartners) stateOf.get(id)?.extraSpouseFamilies.push(family);
    for (const id of family.extraChildren) stateOf.get(id)?.extraChildFamilies.push(family);
  }
  /** The family a person's FAMC names when the pointer itself does not say: the parents' family first. */
  function childFamilyOf(personId: string): Family | undefined {
    const list = stateOf.get(personId)?.childFamilies ?? [];
    return list.find((family) => family.partners.length > 0) ?? (list.length === 1 ? list[0] : undefined);
  }
  function spouseFamilyOf(personId: string): Family | undefined {
    const list = stateOf.get(personId)?.spouseFamilies ?? [];
    return list.length === 1 ? list[0] : undefined;
  }

  // ---- Kept lines back into GEDCOM ----
  function resolvePointer(pointer: string, tag: string, personId: string | null): string | undefined {
    if (pointer.startsWith('?')) {
      const xref = pointer.slice(1);
      if (originalXrefs.has(xref)) return xref;
      if (isSeven && xref === 'VOID') return 'VOID';
      return undefined;
    }
    const xref =
      stateOf.get(pointer)?.xref ??
      recordXref.get(pointer) ??
      repositoryXref.get(pointer) ??
      noteXref.get(pointer) ??
      mediaXref.get(pointer) ??
      familyOfExtra.get(pointer)?.xref;
    if (xref !== undefined) return xref;
    if (personId !== null && tag === 'FAMC') return childFamilyOf(personId)?.xref;
    if (personId !== null && tag === 'FAMS') return spouseFamilyOf(personId)?.xref;
    return undefined;
  }
  /** A kept line as a written one; null (with everything under it) when its pointer names nothing written. */
  function fromKept(kept: KeptGedcomLine, personId: string | null): Out | null {
    // A marker of a shortened or refused value is no line: `restored` writes its value in the field's line.
    if (kept.original !== undefined) return null;
    const out: Out = { level: 0, line: 0, tag: kept.tag, children: [] };
    if (kept.pointer !== undefined) {
      const pointer = resolvePointer(kept.pointer, kept.tag, personId);
      if (pointer === undefined) return null;
      out.pointer = pointer;
      if (kept.tag === 'NOTE' || kept.tag === 'SNOTE') out.tag = isSeven ? 'SNOTE' : 'NOTE';
    }
    if (kept.value !== undefined) out.value = kept.value;
    if (kept.xref !== undefined) out.xref = kept.xref;
    out.children = keptChildren(kept.children, personId);
    return out;
  }
  function keptChildren(kept: readonly KeptGedcomLine[], personId: string | null): Out[] {
    const out: Out[] = [];
    for (const child of kept) {
      const written = fromKept(child, personId);
      if (written) out.push(written);
    }
    return out;
  }
  const isCopy = (kept: KeptGedcomLine) =>
    kept.value === undefined && kept.pointer === undefined && kept.original === undefined;
  /**
   * The value of a line written from a field: the file's own value when the import shortened or
   * refused it (a marker in the node's kept lines) and the field still holds what the import made of it.
   */
  function restored(kept: readonly KeptGedcomLine[], tag: string, value: string | null): string | null {
    for (const entry of kept) {
      if (entry.tag === tag && entry.original !== undefined && entry.stored === (value ?? '')) return entry.original;
    }
    return value;
  }
  /**
   * The valueless copies the import keeps the unmapped children of a mapped line under (NAME's
   * prefix, SEX's phrase, DATE's time, PLAC's romanised form, ADDR's lines): the first kept line
   * of each of these tags, when it has no value.
   */
  const noCopies: ReadonlyMap<string, KeptGedcomLine> = new Map();
  function copiesOf(kept: readonly KeptGedcomLine[], tags: readonly string[]): ReadonlyMap<string, KeptGedcomLine> {
    if (kept.length === 0) return noCopies;
    const copies = new Map<string, KeptGedcomLine>();
    const seen = new Set<string>();
    for (const entry of kept) {
      if (!tags.includes(entry.tag) || seen.has(entry.tag) || entry.original !== undefined) continue;
      seen.add(entry.tag);
      if (isCopy(entry)) copies.set(entry.tag, entry);
    }
    return copies;
  }
  /** The written line with the kept copy's children under it, or the copy alone when nothing was written. */
  function withCopy(written: Out | null, copy: KeptGedcomLine | undefined, personId: string | null): Out | null {
    if (copy === undefined) return written;
    const children = keptChildren(copy.children, personId);
    if (written === null) return children.length > 0 ? line(copy.tag, null, children) : null;
    written.children.push(...children);
    return written;
  }
  /**
   * A node's kept lines as placed lines. `anchorFor` says what a kept line stands for: a written
   * line (anchored there, once), null (left out: it went under a written line elsewhere, or names
   * nothing written), or undefined (written as it was kept).
   */
  function walkOf(
    kept: readonly KeptGedcomLine[],
    personId: string | null,
    anchorFor: (entry: KeptGedcomLine) => Out | null | undefined = () => undefined,
  ): Placed[] {
    const placed: Placed[] = [];
    if (kept.length === 0) return placed;
    const anchored = new Set<Out>();
    for (const entry of kept) {
      const anchor = anchorFor(entry);
      if (anchor === null) continue;
      if (anchor !== undefined) {
        if (!anchored.has(anchor)) placed.push({ out: anchor, anchored: true });
        anchored.add(anchor);
        continue;
      }
      const written = fromKept(entry, personId);
      if (written) placed.push({ out: written, anchored: false });
    }
    return placed;
  }

  // ---- Notes, citations, media ----
  function noteText(note: ExportNote): { text: string; html: boolean } {
    const plain = htmlToPlainText(note.text);
    if (isSeven && plainTextToHtml(plain) !== note.text) return { text: note.text, html: true };
    return { text: plain, html: false };
  }
  function noteReferences(row: ExportNote | ExportMedia): Out[] {
    const out: Out[] = [];
    if (row.userReferenceNumber !== null)
      out.push(line('REFN', row.userReferenceNumber, lines(['TYPE', row.userReferenceType])));
    if (row.automatedRecordId !== null) out.push(line('RIN', row.automatedRecordId));
    if (row.gedcomChangeDate !== null) out.push(changeDate(row.gedcomChangeDate));
    return out;
  }
  /** What a note carries: MIME, its citations, its kept lines. */
  function noteBody(note: ExportNote): { value: string; children: Out[] } {
    const { text, html } = noteText(note);
    const children: Out[] = [];
    if (html) children.push(line('MIME', 'text/html'));
    pushCitations(children, note.id);
    return { value: text, children };
  }
  /** Inline notes being written: a citation of a note that names the note again is not followed round. */
  const writingNotes = new Set<string>();
  function noteLine(noteId: string): Out | null {
    const note = noteById.get(noteId);
    if (!note) return null;
    const xref = noteXref.get(noteId);
    if (xref !== undefined) return pointerLine(isSeven ? 'SNOTE' : 'NOTE', xref);
    if (writingNotes.has(noteId)) return null;
    writingNotes.add(noteId);
    const { value, children } = noteBody(note);
    children.push(...keptChildren(extraOf.get(noteId)?.lines ?? [], null));
    writingNotes.delete(noteId);
    return line('NOTE', value, children);
  }
  function pushNotes(out: Out[], nodeId: string, links = infoOf.get(nodeId)): Out[] {
    if (links === undefined) return out;
    for (const link of links.notes) {
      const written = noteLine(link.targetId);
      if (written) out.push(written);
    }
    return out;
  }

  function mediaFile(media: ExportMedia, typeTag: 'TYPE' | 'MEDI'): Out {
    const form = media.format === null ? [] : [line('FORM', media.format, lines([typeTag, media.type]))];
    return line('FILE', media.fileReference, [...form, ...lines(['TITL', media.title])]);
  }
  /** The FILE line from the fields, unless the import refused the file's reference and kept the FILE line instead. */
  function mediaFiles(media: ExportMedia, typeTag: 'TYPE' | 'MEDI', kept: readonly KeptGedcomLine[]): Out[] {
    if (media.fileReference === '' && kept.some((entry) => entry.tag === 'FILE')) return [];
    return [mediaFile(media, typeTag)];
  }
  function mediaLine(mediaId: string): Out | null {
    const media = mediaById.get(mediaId);
    if (!media) return null;
    const xref = mediaXref.get(mediaId);
    if (xref !== undefined) return pointerLine('OBJE', xref);
    // 5.5.1 inline OBJE: FILE, FORM under it with MEDI, TITL.
    const kept = extraOf.get(mediaId)?.lines ?? [];
    return line('OBJE', null, [...mediaFiles(media, 'MEDI', kept), ...keptChildren(kept, null)]);
  }
  function pushMedia(out: Out[], nodeId: string, links = infoOf.get(nodeId)): Out[] {
    if (links === undefined) return out;
    for (const link of links.media) {
      if (link.nodeKind === 'note') continue;
      const written = mediaLine(link.targetId);
      if (written) out.push(written);
    }
    return out;
  }

  function citationLine(citation: ExportCitation): Out {
    const text = citation.textFromSource === '' ? '' : htmlToPlainText(citation.textFromSource);
    const inlineText = citation.recordId === null && !isSeven;
    const head: Out[] = [...lines(['PAGE', citation.whereWithinSourceText])];
    const data = lines(['DATE', citation.entryRecordingDate], ['TEXT', inlineText ? null : text]);
    if (data.length > 0) head.push(line('DATA', null, data));
    if (citation.eventCitedFrom !== null || citation.eventCitedFromRole !== null) {
      head.push(line('EVEN', citation.eventCitedFrom, lines(['ROLE', citation.eventCitedFromRole])));
    }
    head.push(...lines(['QUAY', citation.certaintyAssessment], ['WWW', citation.whereWithinSourceUrl]));
    const walk = walkOf(extraOf.get(citation.id)?.lines ?? [], null, (entry) => {
      if (entry.tag !== 'DATA' && entry.tag !== 'EVEN') return undefined;
      // A kept DATA or EVEN holds more than Anor read from it: its other lines join the written one.
      const same = head.find((child) => child.tag === entry.tag && (child.value ?? '') === (entry.value ?? ''));
      if (!same) return undefined;
      const tags = new Set(same.children.map((child) => child.tag));
      same.children.push(...keptChildren(entry.children, null).filter((child) => !tags.has(child.tag)));
      return same;
    });
    const children = arrange(head, walk, pushMedia(pushNotes([], citation.id), citation.id));
    const recordXrefOf = citation.recordId === null ? undefined : recordXref.get(citation.recordId);
    if (recordXrefOf !== undefined) return pointerLine('SOUR', recordXrefOf, children);
    // A citation without a record: 5.5.1's inline SOUR with the text; 7.0 has only pointers.
    if (isSeven) return pointerLine('SOUR', 'VOID', children);
    return line('SOUR', text, children);
  }
  function pushCitations(out: Out[], nodeId: string, links = infoOf.get(nodeId)): Out[] {
    if (links === undefined) return out;
    for (const link of links.citations) {
      const citation = citationById.get(link.targetId);
      if (citation) out.push(citationLine(citation));
    }
    return out;
  }

  // ---- Places ----
  const placeWritten = new Set<string>();
  /** What a place's PLAC says, worked out once per place: its names up to the root, their types, its coordinates. */
  const placeTexts = new Map<
    string,
    { value: string; form: string | null; lati: string | null; long: string | null }
  >();
  function placeText(leaf: ExportLocation) {
    let known = placeTexts.get(leaf.id);
    if (known) return known;
    const names: string[] = [];
    const types: string[] = [];
    const seen = new Set<string>();
    for (
      let place: ExportLocation | undefined = leaf;
      place && !seen.has(place.id);
      place = place.parentId === null ? undefined : locationById.get(place.parentId)
    ) {
      seen.add(place.id);
      names.push(place.name);
      types.push(place.type ?? '');
    }
    // FORM when the header's PLAC.FORM would not give the places their types.
    const fromHeader = headerPlaceForm && headerPlaceForm.length === types.length ? headerPlaceForm : null;
    const sameAsHeader = fromHeader
      ? types.every((type, index) => type === (fromHeader[index] ?? ''))
      : types.every((type) => type === '');
    const hasCoordinates = leaf.lat !== null && leaf.lng !== null;
    known = {
      value: names.join(', '),
      form: sameAsHeader ? null : types.join(', '),
      lati: hasCoordinates ? coordinate(leaf.lat as number, 'N', 'S') : null,
      long: hasCoordinates ? coordinate(leaf.lng as number, 'E', 'W') : null,
    };
    placeTexts.set(leaf.id, known);
    return known;
  }
  function placeLine(locationId: string): Out | null {
    const leaf = locationById.get(locationId);
    if (!leaf) return null;
    const { value, form, lati, long } = placeText(leaf);
    const children: Out[] = [];
    if (form !== null) children.push(line('FORM', form));
    if (lati !== null && long !== null) children.push(line('MAP', null, [line('LATI', lati), line('LONG', long)]));
    // A place's notes and citations once, with the first event there.
    if (!placeWritten.has(leaf.id)) {
      placeWritten.add(leaf.id);
      pushNotes(children, leaf.id);
      pushCitations(children, leaf.id);
    }
    return line('PLAC', value, children);
  }

  // ---- Dates ----
  /** GEDCOM dates by Anor date: many events share one. */
  const dateValues = new Map<string, string | null>();
  function dateLine(event: ExportEvent): Out | null {
    if (event.dateText !== null) {
      const mapped = mapGedcomDate(event.dateText).date;
      const same =
        mapped.startDate === event.startDate &&
        mapped.endDate === event.endDate &&
        (mapped.startDate === null ||
          (mapped.startDateType === event.startDateType && mapped.endDateType === event.endDateType));
      if (same) return dateTextLine(event.dateText);
    }
    // Most dates are one exact date: its text is the key (no new string to hash).
    const key =
      event.startDateType === 'exact' && event.endDateType === 'exact' && event.endDate === event.startDate
        ? (event.startDate ?? '')
        : `${event.startDate} ${event.startDateType} ${event.endDate} ${event.endDateType}`;
    let value = dateValues.get(key);
    if (value === undefined) {
      value = anorDateToGedcom(event);
      dateValues.set(key, value);
    }
    return value === null ? null : line('DATE', value);
  }
  /** The date as the file wrote it, in the syntax of the version written. */
  function dateTextLine(text: string): Out {
    const parsed = parseGedcomDate(text);
    if (!isSeven) {
      // From a 5.x file the text is already 5.x syntax: as it was, also when no reader understands it.
      if (!sourceIsSeven || (parsed.kind === 'phrase' && parsed.unparsed)) return line('DATE', text);
      return line('DATE', formatGedcomDateValue(parsed, '5.5.1').value);
    }
    const { value, phrase } = formatGedcomDateValue(parsed, '7.0');
    return line('DATE', value, lines(['PHRASE', phrase]));
  }

  // ---- Events ----
  function eventTagOf(event: ExportEvent, info: NodeInfo | undefined): string {
    if (event.type === 'other') return info?.extra?.tag ?? 'EVEN';
    return tagOfType.get(`${event.type}/${event.subtype ?? ''}`) ?? tagOfType.get(`${event.type}/`) ?? 'EVEN';
  }
  function eventLine(placed: PlacedEvent): Out {
    const { event, structural, tag } = placed;
    const personId = structural[0] ?? null;
    const kept = placed.info?.extra?.lines ?? noLines;
    const copies = copiesOf(kept, ['DATE', 'PLAC']);
    const head: Out[] = [];
    if (event.typeName !== null) {
      const generic = tag === 'EVEN' || tag === 'FACT';
      // A renamed type of a known tag: TYPE says the name (read back as a kept line).
      const renamed =
        !generic &&
        event.type === 'other' &&
        languages.every((language) => otherEventName(tag, language) !== event.typeName);
      if (generic || renamed) head.push(line('TYPE', restored(kept, 'TYPE', event.typeName)));
    }
    const date = withCopy(dateLine(event), copies.get('DATE'), personId);
    const place = withCopy(
      event.locationId === null ? null : placeLine(event.locationId),
      copies.get('PLAC'),
      personId,
    );
    if (date) head.push(date);
    if (place) head.push(place);
    // A custom event is read as one only with a DATE or PLAC.
    if (tag.startsWith('_') && !date && !place) head.push(line('DATE'));
    // An occupation's title is its "cause" field in Anor (the import of today puts OCCU's value in
    // the description): it is the OCCU line's value, and has no CAUS.
    const isOccupation = event.type === 'occupation';
    const body: Out[] = isOccupation ? [] : lines(['CAUS', event.causeOfEvent]);
    for (const participant of event.participants) {
      const xref = stateOf.get(participant.personId)?.xref;
      if (xref === undefined || structural.includes(participant.personId)) continue;
      const role = anorRolesToGedcom[participant.role];
      const roleLines = !isSeven
        ? [line('RELA', participant.role)]
        : [role ? line('ROLE', role) : line('ROLE', 'OTHER', [line('PHRASE', participant.role)])];
      body.push(pointerLine('ASSO', xref, roleLines));
    }
    const { info } = placed;
    if (info) pushMedia(pushCitations(pushNotes(body, event.id, info), event.id, info), event.id, info);
    const walk = walkOf(kept, personId, (entry) =>
      entry === copies.get('DATE') ? date : entry === copies.get('PLAC') ? place : undefined,
    );
    const children = arrange(head, walk, body);
    let value = restored(kept, tag, isOccupation ? occupationOf(event) : event.description);
    if (value === null && children.length === 0 && yesTags.has(tag)) value = 'Y';
    return line(tag, value, children);
  }
  function sortedEvents(placed: PlacedEvent[]): PlacedEvent[] {
    return placed.sort(
      (a, b) =>
        a.priority - b.priority ||
        compare(sortKeyOfEvent(a.event), sortKeyOfEvent(b.event)) ||
        compare(a.event.id, b.event.id),
    );
  }

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
  // The file is written a thousand records at a time, so that the nodes of a large tree are never
  // all in memory at once: the writer's text for a batch is what it writes between its HEAD
  // (the same for every batch without a header) and its TRLR.
  const trailer = '0 TRLR\n';
  const emptyHead = writeGedcom([], { version }).length - trailer.length;
  const withHeader = writeGedcom(keptOut as GedcomNode[], { version, header: header as GedcomNode | null });
  const parts: string[] = [withHeader.slice(0, withHeader.length - trailer.length)];
  function emit(record: Out): void {
    records.push(record);
    if (records.length >= 1000) flush();
  }
  function flush(): void {
    if (records.length === 0) return;
    const text = writeGedcom(records as GedcomNode[], { version });
    parts.push(text.slice(emptyHead, text.length - trailer.length));
    records.length = 0;
  }

  // FAM records before the INDI records: a reader that takes a family's members from both (as
  // Anor's import does) then meets each family first in its FAM, with its partners in the FAM's
  // order, and the families in this order (see Family for why some come last).
  const late = (family: Family) => family.extraPartners.length > 0 || family.extraChildren.length > 0;
  for (const family of familyList) if (!late(family)) emit(famRecord(family));
  for (const family of familyList) if (late(family)) emit(famRecord(family));
  for (const state of states) emit(indiRecord(state));
  for (const record of data.records) {
    const xref = recordXref.get(record.id) as string;
    const kept = extraOf.get(record.id)?.lines ?? [];
    const head: Out[] = lines(
      ['TITL', restored(kept, 'TITL', record.title)],
      ['AUTH', record.originator],
      ['ABBR', record.filedByEntry],
      ['PUBL', record.publicationFacts],
      ['WWW', record.url],
    );
    const repositoryXrefOf = record.repositoryId === null ? undefined : repositoryXref.get(record.repositoryId);
    // A kept REPO of the same repository (with its call numbers) stands for the written one.
    const keptRepository = kept.some((entry) => entry.tag === 'REPO' && entry.pointer === record.repositoryId);
    if (repositoryXrefOf !== undefined && !keptRepository) head.push(pointerLine('REPO', repositoryXrefOf));
    const body = pushMedia(pushNotes([], record.id), record.id);
    emit({ ...line('SOUR', null, arrange(head, walkOf(kept, null), body)), xref });
  }
  for (const repository of data.repositories) {
    const xref = repositoryXref.get(repository.id) as string;
    const kept = extraOf.get(repository.id)?.lines ?? [];
    const copies = copiesOf(kept, ['ADDR']);
    const addressParts = lines(
      ['CITY', repository.city],
      ['STAE', repository.state],
      ['POST', repository.postalCode],
      ['CTRY', repository.country],
    );
    const address =
      repository.address !== null || addressParts.length > 0 ? line('ADDR', repository.address, addressParts) : null;
    const addr = withCopy(address, copies.get('ADDR'), null);
    const head: Out[] = lines(['NAME', restored(kept, 'NAME', repository.title)]);
    if (addr) head.push(addr);
    head.push(
      ...lines(
        ['PHON', repository.phone],
        ['EMAIL', repository.email],
        ['FAX', repository.fax],
        ['WWW', repository.www],
      ),
    );
    const walk = walkOf(kept, null, (entry) => (entry === copies.get('ADDR') ? addr : undefined));
    emit({ ...line('REPO', null, arrange(head, walk, pushNotes([], repository.id))), xref });
  }
  for (const note of data.notes) {
    const xref = noteXref.get(note.id);
    if (xref === undefined) continue;
    const { value, children } = noteBody(note);
    children.push(...noteReferences(note), ...keptChildren(extraOf.get(note.id)?.lines ?? [], null));
    emit({ ...line(isSeven ? 'SNOTE' : 'NOTE', value, children), xref });
  }
  for (const media of data.media) {
    const xref = mediaXref.get(media.id);
    if (xref === undefined) continue;
    const kept = extraOf.get(media.id)?.lines ?? [];
    const children: Out[] = mediaFiles(media, isSeven ? 'MEDI' : 'TYPE', kept);
    for (const noteId of notesOfMedia.get(media.id) ?? []) {
      const written = noteLine(noteId);
      if (written) children.push(written);
    }
    children.push(...noteReferences(media), ...keptChildren(kept, null));
    emit({ ...line('OBJE', null, children), xref });
  }

  function indiRecord(state: PersonState): Out {
    const { person, xref } = state;
    const info = infoOf.get(person.id);
    const kept = info?.extra?.lines ?? noLines;
    const copies = copiesOf(kept, ['NAME', 'SEX']);
    const nameValue = restored(kept, 'NAME', nameLineValue(person.fName, person.lName));
    const name = withCopy(
      nameValue !== null || person.pName !== null ? line('NAME', nameValue, lines(['NICK', person.pName])) : null,
      copies.get('NAME'),
      person.id,
    );
    const sexValue =
      person.gender === 'male'
        ? 'M'
        : person.gender === 'female'
          ? 'F'
          : person.gender === 'other' && isSeven
            ? 'X'
            : 'U';
    const sex = withCopy(line('SEX', sexValue), copies.get('SEX'), person.id) as Out;
    const head: Out[] = name ? [name, sex] : [sex];

    const body: Out[] = [];
    const placed = state.events;
    const occupation = person.occupation;
    const hasOccupationEvent =
      occupation !== null &&
      placed.some(({ event }) => event.type === 'occupation' && occupationOf(event) === occupation);
    for (const entry of placed) {
      const { event, tag } = entry;
      // The first BIRT and DEAT are the birth and death; the first OCCU the person's occupation.
      if (event.type === 'other' && (tag === 'BIRT' || tag === 'DEAT')) entry.priority = 1;
      else if (event.type === 'occupation' && hasOccupationEvent && occupationOf(event) !== occupation)
        entry.priority = 1;
    }
    if (occupation !== null && !hasOccupationEvent) body.push(line('OCCU', occupation));
    for (const entry of sortedEvents(placed)) body.push(eventLine(entry));

    // FAMC and FAMS from the relations: the parents' families first, then families of siblings,
    // then the families only kept lines name.
    const childOf = state.childFamilies;
    const childOfSorted =
      childOf.length > 1
        ? [
            ...childOf.filter((family) => family.partners.length > 0),
            ...childOf.filter((family) => family.partners.length === 0),
          ]
        : childOf;
    const extraChildOf = state.extraChildFamilies;
    const spouseOf = state.spouseFamilies;
    const extraSpouseOf = state.extraSpouseFamilies;
    if (kept.length === 0) {
      for (const family of childOfSorted) body.push(pointerLine('FAMC', family.xref));
      for (const family of extraChildOf) body.push(pointerLine('FAMC', family.xref));
      for (const family of spouseOf) body.push(pointerLine('FAMS', family.xref));
      for (const family of extraSpouseOf) body.push(pointerLine('FAMS', family.xref));
      if (info) pushMedia(pushCitations(pushNotes(body, person.id, info), person.id, info), person.id, info);
      return record('INDI', xref, arrange(head, [], body));
    }
    // A kept FAMC/FAMS (a pedigree, a status) goes under the line for its family: the family its
    // pointer names when that family has kept lines, else the person's families of that kind in turn.
    const childLinks = [...childOfSorted, ...extraChildOf];
    const spouseLinks = [...spouseOf, ...extraSpouseOf];
    const famc = new Map(childLinks.map((family) => [family, pointerLine('FAMC', family.xref)]));
    const fams = new Map(spouseLinks.map((family) => [family, pointerLine('FAMS', family.xref)]));
    const named = new Set<Family>();
    for (const entry of kept) {
      const family = entry.pointer === undefined ? undefined : familyOfExtra.get(entry.pointer);
      if ((entry.tag === 'FAMC' || entry.tag === 'FAMS') && family) named.add(family);
    }
    const assigned = new Map<string, Family | undefined>();
    const familyOfLink = (entry: KeptGedcomLine): Family | undefined => {
      const pointer = entry.pointer as string;
      const known = familyOfExtra.get(pointer);
      if (known) return known;
      const key = `${entry.tag} ${pointer}`;
      if (!assigned.has(key)) {
        const taken = new Set(assigned.values());
        const candidates = entry.tag === 'FAMC' ? childLinks : spouseLinks;
        assigned.set(
          key,
          candidates.find((family) => !named.has(family) && !taken.has(family)),
        );
      }
      return assigned.get(key);
    };
    body.push(...famc.values(), ...fams.values());
    if (info) pushMedia(pushCitations(pushNotes(body, person.id, info), person.id, info), person.id, info);

    const usedLinks = new Set<Out>();
    const walk = walkOf(kept, person.id, (entry) => {
      if (entry === copies.get('NAME')) return name;
      if (entry === copies.get('SEX')) return sex;
      if (
        (entry.tag === 'FAMC' || entry.tag === 'FAMS') &&
        entry.pointer !== undefined &&
        !entry.pointer.startsWith('?')
      ) {
        const family = familyOfLink(entry);
        const target = family && (entry.tag === 'FAMC' ? famc.get(family) : fams.get(family));
        if (!target) return null;
        // The same family twice (two pedigrees): the second is a line of its own, as in the file.
        if (usedLinks.has(target))
          return pointerLine(entry.tag, target.pointer as string, keptChildren(entry.children, person.id));
        usedLinks.add(target);
        target.children.push(...keptChildren(entry.children, person.id));
        return target;
      }
      return undefined;
    });
    return record('INDI', xref, arrange(head, walk, body));
  }

  function famRecord(family: Family): Out {
    const kept = family.extras.length === 0 ? noLines : family.extras.flatMap((extra) => extra.lines);
    // HUSB/WIFE by gender (the kept lines may say otherwise), HUSB first.
    const preferred = new Map<string, string>();
    for (const entry of kept) {
      if ((entry.tag === 'HUSB' || entry.tag === 'WIFE') && entry.pointer !== undefined)
        preferred.set(entry.pointer, entry.tag);
    }
    const roles: string[] = [];
    const taken = new Set<string>();
    family.partnerStates.forEach((state, index) => {
      const wanted =
        preferred.get(state.person.id) ??
        (state.person.gender === 'female' ? 'WIFE' : state.person.gender === 'male' ? 'HUSB' : undefined);
      if ((wanted === 'HUSB' || wanted === 'WIFE') && !taken.has(wanted)) {
        roles[index] = wanted;
        taken.add(wanted);
      }
    });
    family.partnerStates.forEach((_, index) => {
      if (roles[index] !== undefined) return;
      const free = taken.has('HUSB') ? 'WIFE' : 'HUSB';
      roles[index] = free;
      taken.add(free);
    });
    const partnerLines = family.partnerStates
      .map((state, index) => [state, roles[index] as string] as const)
      .sort((a, b) => (a[1] === b[1] ? 0 : a[1] === 'HUSB' ? -1 : 1));
    const head: Out[] = [];
    const members = kept.length === 0 ? null : new Map<string, Out>();
    for (const [state, tag] of partnerLines) {
      const written = pointerLine(tag, state.xref);
      members?.set(`partner ${state.person.id}`, written);
      head.push(written);
    }
    const children =
      family.childStates.length > 1
        ? [...family.childStates].sort(
            (a, b) => compare(a.birth ?? '\uffff', b.birth ?? '\uffff') || compare(a.person.id, b.person.id),
          )
        : family.childStates;
    for (const state of children) {
      const written = pointerLine('CHIL', state.xref);
      members?.set(`child ${state.person.id}`, written);
      head.push(written);
    }
    if (members === null)
      return record('FAM', family.xref, arrange(head, [], sortedEvents(family.events).map(eventLine)));
    // Members only kept lines name (see Family): a child where its kept line was (or after the
    // events), a partner after the FAM's two (the import takes the first two as the partners).
    const extraChildLines: Out[] = [];
    for (const id of family.extraChildren) {
      const written = pointerLine('CHIL', stateOf.get(id)?.xref as string);
      members.set(`child ${id}`, written);
      extraChildLines.push(written);
    }
    const tail: Out[] = [];
    for (const id of family.extraPartners) {
      const tag = preferred.get(id) ?? (stateOf.get(id)?.person.gender === 'female' ? 'WIFE' : 'HUSB');
      const written = pointerLine(tag, stateOf.get(id)?.xref as string);
      members.set(`extra partner ${id}`, written);
      tail.push(written);
    }
    const usedMembers = new Set<Out>();
    const walk = walkOf(kept, null, (entry) => {
      const isPartnerLine = entry.tag === 'HUSB' || entry.tag === 'WIFE';
      if ((!isPartnerLine && entry.tag !== 'CHIL') || entry.pointer === undefined || entry.pointer.startsWith('?')) {
        return undefined;
      }
      const member = isPartnerLine
        ? (members.get(`partner ${entry.pointer}`) ?? members.get(`extra partner ${entry.pointer}`))
        : members.get(`child ${entry.pointer}`);
      if (!member) return null;
      if (usedMembers.has(member)) {
        const again = pointerLine(entry.tag, member.pointer as string, keptChildren(entry.children, null));
        if (!tail.includes(member)) return again;
        tail.push(again);
        return null;
      }
      usedMembers.add(member);
      member.children.push(...keptChildren(entry.children, null));
      return tail.includes(member) ? null : member;
    });
    const body = [...sortedEvents(family.events).map(eventLine), ...extraChildLines];
    return record('FAM', family.xref, [...arrange(head, walk, body), ...tail]);
  }

  flush();
  parts.push(trailer);
  return parts.join('');
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a} ${b}` : `${b} ${a}`;
}

function allPairs(ids: readonly string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) pairs.push(pairKey(ids[i] as string, ids[j] as string));
  }
  return pairs;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
