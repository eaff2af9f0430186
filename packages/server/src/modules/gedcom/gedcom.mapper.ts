import { createHash } from 'node:crypto';
import {
  type EventType,
  eventDateIsoRange,
  foldForSearch,
  type Gender,
  hasInvalidNameCharacters,
  type Language,
  normaliseRole,
  oncePerPersonTypes,
  personSortKey,
  swedishSortKey,
  uuidv7,
} from '@anor/core';
import { type GedcomNode, type GedcomRecord, parseGedcomDate } from '@anor/gedcom';
import type { GedcomExtraKind, KeptGedcomLine } from '../../db/schema.ts';
import type { ParticipantWrite } from '../event/event.repository.ts';
import { sanitizeRichText } from '../note/rich-text.ts';
import {
  type DrainedRows,
  emptyPlan,
  type GedcomReferenceFields,
  type ImportPlan,
  ImportReport,
  type PlanCitation,
  type PlanLocation,
} from './gedcom.plan.ts';
import { mapGedcomDate } from './gedcom-date.ts';
import {
  attributeTags,
  type EventMapping,
  familyEventTags,
  gedcomRoles,
  individualEventTags,
  isOtherEventTag,
  otherEventName,
} from './gedcom-tags.ts';
import {
  nameLineValue,
  problemDetail,
  problemOf,
  shorten,
  type ValueProblem,
  type ValueRule,
  valueRules,
} from './gedcom-values.ts';
import { plainTextToHtml } from './plain-text.ts';

/**
 * GEDCOM records → Anor's model (issue 7, SPEC §3), in memory. Two passes: the first gives every
 * record that becomes a node its id (so pointers resolve whatever their order in the file), the
 * second maps each record. What Anor has no field for is kept with its node as GEDCOM lines
 * (`gedcom_extra`), counted in the report by where it was; what could not be kept as it was (a
 * date phrase, a third parent) is a warning with its line. Nothing is dropped without one or the
 * other.
 */

export interface MapOptions {
  /** The importing user's language: names of event types Anor has no type for. */
  language: Language;
}

export interface MapResult {
  plan: ImportPlan;
  report: ImportReport;
}

type NodeKind = 'person' | 'family' | 'record' | 'repository' | 'note' | 'media';

/** A place's id, null for no place, or why a PLAC line makes no place (its line is kept). */
type PlaceResult = string | null | { problem: ValueProblem; detail: string };

interface FamilyInfo {
  id: string;
  /** Where the FAM record was, once read (its xref and line, for warnings). */
  record: { xref: string; line: number } | undefined;
  partners: string[];
  children: string[];
}

function childOf(node: GedcomNode, tag: string): GedcomNode | undefined {
  for (const child of node.children) if (child.tag === tag) return child;
  return undefined;
}

function textOf(node: GedcomNode | undefined): string | null {
  const value = node?.value?.trim();
  return value ? value : null;
}

/** A copy of a line and everything under it, for gedcom_extra: pointers resolved to Anor ids where they name a node. */
/** A copy of a line and everything under it, for gedcom_extra; pointers as `?xref` until the end resolves them. */
function keepLine(node: GedcomNode): KeptGedcomLine {
  const kept: KeptGedcomLine = { tag: node.tag, children: node.children.map(keepLine) };
  if (node.value !== undefined) kept.value = node.value;
  if (node.pointer !== undefined) kept.pointer = `?${node.pointer}`;
  return kept;
}

/** Pointers of kept lines to the Anor ids of the records they name; those naming nothing kept stay `?xref`. */
function resolveKeptPointers(lines: KeptGedcomLine[], idOf: (xref: string) => string | undefined): void {
  for (const line of lines) {
    if (line.pointer !== undefined) line.pointer = idOf(line.pointer.slice(1)) ?? line.pointer;
    resolveKeptPointers(line.children, idOf);
  }
}

/** LATI/LONG as GEDCOM writes them (N59.37, W12.5) or as plain decimals. */
function coordinate(text: string | null, positive: string, negative: string, limit: number): number | null {
  if (text === null) return null;
  const match = /^([NSEW])?\s*(-?\d+(?:[.,]\d+)?)\s*([NSEW])?$/i.exec(text.trim());
  if (!match) return null;
  const hemisphere = (match[1] ?? match[3] ?? '').toUpperCase();
  if (hemisphere !== '' && hemisphere !== positive && hemisphere !== negative) return null;
  let value = Number((match[2] as string).replace(',', '.'));
  if (hemisphere === negative) value = -Math.abs(value);
  if (!Number.isFinite(value) || Math.abs(value) > limit) return null;
  return value;
}

/** `Given /Surname/ Suffix` → its parts (a name with no slashes is all given name). */
function nameParts(value: string): { given: string; surname: string; suffix: string } {
  const first = value.indexOf('/');
  if (first === -1) return { given: value.trim(), surname: '', suffix: '' };
  const second = value.indexOf('/', first + 1);
  const surname = second === -1 ? value.slice(first + 1) : value.slice(first + 1, second);
  const suffix = second === -1 ? '' : value.slice(second + 1);
  return { given: value.slice(0, first).trim(), surname: surname.trim(), suffix: suffix.trim() };
}

/**
 * A 7.0 DATE with its PHRASE as one date text: `(phrase)` for a phrase alone, `INT date (phrase)`
 * for a date with one, the phrase itself when it is the date with its dual year (7.0 writes
 * `1751` with the phrase `12 FEB 1750/51`). Other dates keep their PHRASE as a kept line.
 */
function dateWithPhrase(value: string, phrase: string | null): string {
  if (phrase === null) return value;
  if (value.trim() === '') return `(${phrase})`;
  if (/\d\/\d/.test(phrase) && parseGedcomDate(phrase).kind !== 'phrase') return phrase;
  if (parseGedcomDate(value).kind === 'exact') return `INT ${value} (${phrase})`;
  return value;
}

function nullIfEmpty(text: string): string | null {
  return text === '' ? null : text;
}

function genderOf(value: string | null): Gender {
  switch (value?.toUpperCase()[0]) {
    case 'M':
      return 'male';
    case 'F':
      return 'female';
    case 'X':
      return 'other';
    default:
      return 'unknown';
  }
}

const imageFormats = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'tif',
  'tiff',
  'webp',
  'heic',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'image/tiff',
  'image/webp',
  'image/heic',
]);

/** Whether a media object is an image, by its format or its file's extension. */
export function isImage(format: string | null, fileReference: string): boolean {
  const byFormat = format?.toLowerCase();
  if (byFormat && imageFormats.has(byFormat)) return true;
  const extension = /\.([a-z0-9]+)$/i.exec(fileReference)?.[1]?.toLowerCase();
  return extension !== undefined && imageFormats.has(extension);
}

/** All records at once: a convenience over createGedcomMapper for a parsed document. */
export function mapGedcom(header: GedcomNode | null, records: Iterable<GedcomRecord>, options: MapOptions): MapResult {
  const mapper = createGedcomMapper(header, options);
  for (const record of records) mapper.add(record);
  return mapper.finish();
}

interface XrefEntry {
  id: string;
  kind: NodeKind;
  /** Whether a record of that kind with this xref has been read (else only pointers named it so far). */
  defined: boolean;
  xref: string;
  /** The first line that named it. */
  line: number;
}

/**
 * Maps records one at a time, as the parser's stream hands them out, so that a large file is never
 * whole in memory: a pointer to a record not yet read gets the record's id at once, and what no
 * record ever answered is taken out (with a warning) at the end. Families wait for the end, when
 * every individual's FAMC and FAMS lines are known.
 */
export function createGedcomMapper(
  header: GedcomNode | null,
  options: MapOptions,
): { add(record: GedcomRecord): void; drain(): DrainedRows; pending(): number; finish(): MapResult } {
  const plan = emptyPlan();
  const report = new ImportReport();
  const { language } = options;

  const ids = new Map<string, XrefEntry>();
  /** Ids that pointers named before (or without) their record: rows pointing at them wait. */
  const pendingIds = new Set<string>();
  const drainedPlaces = new Set<string>();
  /** Entries whose pointers expected another kind of record than the file has: their links go. */
  const abandoned: XrefEntry[] = [];
  function resolve(xref: string, kind: NodeKind, line: number): string | undefined {
    // 7.0's @VOID@ names no record: the line is kept as it was (a citation has no source record).
    if (xref === 'VOID') return undefined;
    const found = ids.get(xref);
    if (found === undefined) {
      const entry: XrefEntry = { id: uuidv7(), kind, defined: false, xref, line };
      ids.set(xref, entry);
      pendingIds.add(entry.id);
      return entry.id;
    }
    if (found.kind === kind) return found.id;
    report.warn('missing-record', line, `@${xref}@`);
    return undefined;
  }
  /** The node of a record, unless its xref was a duplicate (then the record is kept whole with the tree). */
  function claim(record: GedcomRecord, kind: NodeKind): string | undefined {
    if (record.xref === undefined) return undefined;
    const found = ids.get(record.xref);
    if (found?.defined) {
      report.warn('duplicate-xref', record.line, `@${record.xref}@`);
      return undefined;
    }
    if (found !== undefined && found.kind === kind) {
      found.defined = true;
      pendingIds.delete(found.id);
      return found.id;
    }
    if (found !== undefined) abandoned.push(found);
    const entry: XrefEntry = { id: uuidv7(), kind, defined: true, xref: record.xref, line: record.line };
    ids.set(record.xref, entry);
    return entry.id;
  }

  // Kept lines, by node.
  const extras = new Map<
    string,
    { kind: GedcomExtraKind; tag: string | null; anchor: string[] | null; lines: KeptGedcomLine[] }
  >();
  function extraOf(nodeId: string, kind: GedcomExtraKind) {
    let extra = extras.get(nodeId);
    if (!extra) {
      extra = { kind, tag: null, anchor: null, lines: [] };
      extras.set(nodeId, extra);
    }
    return extra;
  }
  function keep(nodeId: string, kind: GedcomExtraKind, node: GedcomNode, path: string): void {
    extraOf(nodeId, kind).lines.push(keepLine(node));
    report.keep(`${path}.${node.tag}`, node.line);
  }

  // Values against the API's rules (gedcom-values.ts): refused ones stay GEDCOM lines, shortened ones keep their original.
  /** Whether the field takes the value (null: nothing to take); if not, the report says why at the line. */
  function fits(value: string | null, rule: ValueRule, line: number, path: string): boolean {
    if (value === null) return true;
    const problem = problemOf(value, rule);
    if (problem === null) return true;
    report.warn(problem, line, problemDetail(path, value, rule, problem));
    return false;
  }
  /** A value too long for its field: shortened, and the file's line kept as a marker that export writes back. */
  function shortened(
    nodeId: string,
    kind: GedcomExtraKind,
    node: GedcomNode,
    value: string,
    rule: ValueRule,
    path: string,
  ): string {
    const stored = shorten(value, rule.max);
    keepOriginal(nodeId, kind, node, stored, 'value-shortened', rule, path);
    return stored;
  }
  function keepOriginal(
    nodeId: string,
    kind: GedcomExtraKind,
    node: GedcomNode,
    stored: string,
    problem: ValueProblem | 'value-shortened',
    rule: ValueRule,
    path: string,
  ): void {
    const original = node.value ?? '';
    extraOf(nodeId, kind).lines.push({ tag: node.tag, children: [], original, stored });
    const detail = problem === 'value-shortened' ? 'value-too-long' : problem;
    report.warn(problem, node.line, problemDetail(path, original.trim(), rule, detail));
  }
  /** Kept children of a line Anor maps (NAME's prefix, PLAC's romanized form): under a valueless copy of the line, merged on export. */
  function keepUnder(
    nodeId: string,
    kind: GedcomExtraKind,
    parent: GedcomNode,
    children: GedcomNode[],
    path: string,
  ): void {
    if (children.length === 0) return;
    extraOf(nodeId, kind).lines.push({ tag: parent.tag, children: children.map(keepLine) });
    for (const child of children) report.keep(`${path}.${parent.tag}.${child.tag}`, child.line);
  }
  function tagExtra(nodeId: string, kind: GedcomExtraKind, tag: string | null, anchor: string[] | null): void {
    const extra = extraOf(nodeId, kind);
    if (tag !== null) extra.tag = tag;
    if (anchor !== null) extra.anchor = anchor;
  }

  // Places: one per distinct hierarchy, reused across the file.
  const placeByPath = new Map<string, PlanLocation>();
  const headerPlaceForm = textOf(header ? childOf(childOf(header, 'PLAC') ?? header, 'FORM') : undefined);
  /** Leaf place by the PLAC value as written, for the common PLAC line without subordinate lines. */
  const placeByValue = new Map<string, PlaceResult>();
  /** The leaf place of a PLAC line, null for none, or why a place name of it was refused (the line is then the caller's to keep). */
  function placeOf(plac: GedcomNode, eventId: string | null, path: string): PlaceResult {
    const value = plac.value ?? '';
    if (plac.children.length === 0) {
      const known = placeByValue.get(value);
      if (known !== undefined) return known;
      const leafId = placeOfParts(plac, eventId, path);
      placeByValue.set(value, leafId);
      return leafId;
    }
    return placeOfParts(plac, eventId, path);
  }
  function placeOfParts(plac: GedcomNode, eventId: string | null, path: string): PlaceResult {
    const value = plac.value ?? '';
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.length === 0) {
      // No place, but what is under it (a MAP, a note) is kept with the event.
      if (eventId !== null && plac.children.length > 0) keep(eventId, 'event', plac, path);
      return null;
    }
    // A level's name the place form would refuse (too long, characters names refuse): no place is made of the line.
    for (const part of parts) {
      const problem = problemOf(part, valueRules.locationName);
      if (problem !== null)
        return { problem, detail: problemDetail(`${path}.PLAC`, part, valueRules.locationName, problem) };
    }
    const ownForm = childOf(plac, 'FORM');
    const form = (textOf(ownForm) ?? headerPlaceForm)?.split(',').map((part) => part.trim());
    let types = form && form.length === parts.length ? form : null;
    const leftOver: GedcomNode[] = [];
    if (types?.some((type) => !fits(type, valueRules.locationType, (ownForm ?? plac).line, `${path}.PLAC.FORM`))) {
      types = null;
      if (ownForm) leftOver.push(ownForm);
    }
    let parentId: string | null = null;
    let key = '';
    let leaf: PlanLocation | null = null;
    for (let level = parts.length - 1; level >= 0; level--) {
      const name = parts[level] as string;
      const nameKey = foldForSearch(name);
      key = `${key}\u0000${nameKey}`;
      let place = placeByPath.get(key);
      if (!place) {
        place = {
          id: uuidv7(),
          parentId,
          name,
          nameKey,
          sortKey: swedishSortKey(name),
          type: nullIfEmpty(types?.[level] ?? ''),
          lat: null,
          lng: null,
        };
        placeByPath.set(key, place);
        plan.locations.push(place);
      }
      parentId = place.id;
      leaf = place;
    }
    if (leaf === null) return null;
    for (const child of plac.children) {
      switch (child.tag) {
        case 'FORM':
          break;
        case 'MAP': {
          const lat = coordinate(textOf(childOf(child, 'LATI')), 'N', 'S', 90);
          const lng = coordinate(textOf(childOf(child, 'LONG')), 'E', 'W', 180);
          if (lat === null || lng === null) {
            report.warn(
              'coordinates-invalid',
              child.line,
              `${textOf(childOf(child, 'LATI')) ?? ''} ${textOf(childOf(child, 'LONG')) ?? ''}`.trim(),
            );
            leftOver.push(child);
          } else if (leaf.lat === null) {
            leaf.lat = lat;
            leaf.lng = lng;
            // A place already written gets its coordinates at the end.
            if (drainedPlaces.has(leaf.id)) plan.coordinates.push({ id: leaf.id, lat, lng });
          } else if (leaf.lat !== lat || leaf.lng !== lng) {
            report.warn('coordinates-conflict', child.line, `${leaf.name}: ${lat}, ${lng}`);
            leftOver.push(child);
          }
          break;
        }
        case 'NOTE':
        case 'SNOTE':
          linkNote(child, leaf.id, 'location', path);
          break;
        case 'SOUR':
          cite(child, leaf.id, 'location', path);
          break;
        default:
          leftOver.push(child);
      }
    }
    if (eventId !== null) keepUnder(eventId, 'event', plac, leftOver, path);
    return leaf.id;
  }

  // A node links to a note, a citation or a media object once, however often the file says so. The
  // links of a record's nodes are all made while the record is read, so this bookkeeping starts
  // afresh with each record; places, shared by many records, keep theirs for the whole file.
  const linked = new Set<string>();
  const positions = new Map<string, number>();
  const placeLinked = new Set<string>();
  const placePositions = new Map<string, number>();
  /** The next position of a link of this kind on the node, or null when the node already has this link. */
  function linkPosition(
    kind: 'note' | 'citation' | 'media',
    nodeId: string,
    nodeKind: string,
    targetId: string,
  ): number | null {
    const seen = nodeKind === 'location' ? placeLinked : linked;
    const pair = `${nodeId} ${targetId}`;
    if (seen.has(pair)) return null;
    seen.add(pair);
    const counters = nodeKind === 'location' ? placePositions : positions;
    const key = `${kind} ${nodeId}`;
    const position = counters.get(key) ?? 0;
    counters.set(key, position + 1);
    return position;
  }
  function startRecord(): void {
    linked.clear();
    positions.clear();
    lifeEvents.clear();
  }
  function noteHtml(node: GedcomNode): string {
    const text = node.value ?? '';
    const mime = textOf(childOf(node, 'MIME'));
    return mime?.toLowerCase() === 'text/html' ? sanitizeRichText(text) : plainTextToHtml(text);
  }
  /** The note a NOTE line names, or a new note for an inline one; undefined when it names nothing. */
  function noteIdOf(node: GedcomNode, path: string): string | undefined {
    if (node.pointer !== undefined) return resolve(node.pointer, 'note', node.line);
    if ((node.value ?? '').trim() === '') {
      report.warn('empty-record', node.line, node.tag);
      return undefined;
    }
    const noteId = uuidv7();
    plan.notes.push({ id: noteId, title: null, text: noteHtml(node), ...noReferences });
    // An inline note's own sources and other lines.
    for (const child of node.children) {
      if (child.tag === 'SOUR') cite(child, noteId, 'note', `${path}.NOTE`);
      else if (child.tag !== 'MIME') keep(noteId, 'note', child, `${path}.NOTE`);
    }
    return noteId;
  }
  function linkNote(
    node: GedcomNode,
    nodeId: string,
    nodeKind: 'person' | 'event' | 'location' | 'citation' | 'record' | 'repository',
    path: string,
  ): void {
    const noteId = noteIdOf(node, path);
    if (noteId === undefined) return;
    const position = linkPosition('note', nodeId, nodeKind, noteId);
    if (position !== null) plan.noteLinks.push({ targetId: noteId, nodeId, nodeKind, position });
  }

  // Citations: identical ones (same source, page, text, quality…) become one citation cited many times.
  /** Shareable citations by a digest of their fields (the fields themselves would be held for the whole file). */
  const citationByKey = new Map<string, string>();
  function cite(
    node: GedcomNode,
    nodeId: string,
    nodeKind: 'event' | 'location' | 'note' | 'person',
    path: string,
  ): void {
    let recordId: string | null = null;
    // 7.0's SOUR @VOID@ is a citation without a source record.
    if (node.pointer !== undefined && node.pointer !== 'VOID') {
      recordId = resolve(node.pointer, 'record', node.line) ?? null;
      if (recordId === null) return;
    }
    // Each field the citation form would refuse stays its GEDCOM line (the citation is then not shared).
    const at = `${path}.SOUR`;
    const pageLine = childOf(node, 'PAGE');
    const page = textOf(pageLine);
    const pageFits = pageLine === undefined || fits(page, valueRules.citationPage, pageLine.line, `${at}.PAGE`);
    const data = childOf(node, 'DATA');
    const recorded = data ? childOf(data, 'DATE') : undefined;
    const dataFits =
      recorded === undefined || fits(textOf(recorded), valueRules.citationEvent, recorded.line, `${at}.DATA.DATE`);
    const texts = [
      ...(node.pointer === undefined && node.value ? [node.value] : []),
      ...node.children.filter((child) => child.tag === 'TEXT').map((child) => child.value ?? ''),
      ...((dataFits ? data : undefined)?.children
        .filter((child) => child.tag === 'TEXT')
        .map((child) => child.value ?? '') ?? []),
    ];
    const even = childOf(node, 'EVEN');
    const evenRole = even ? childOf(even, 'ROLE') : undefined;
    const evenFits =
      even === undefined ||
      (fits(textOf(even), valueRules.citationEvent, even.line, `${at}.EVEN`) &&
        (evenRole === undefined || fits(textOf(evenRole), valueRules.citationEvent, evenRole.line, `${at}.EVEN.ROLE`)));
    const quay = childOf(node, 'QUAY');
    const quayFits = quay === undefined || fits(textOf(quay), valueRules.certaintyAssessment, quay.line, `${at}.QUAY`);
    const urlLine = [childOf(node, 'WWW'), childOf(node, '_LINK'), childOf(node, 'URL')].find(
      (child) => textOf(child) !== null,
    );
    const url = textOf(urlLine);
    const fields = {
      recordId,
      whereWithinSourceText: pageFits ? page : null,
      whereWithinSourceUrl:
        urlLine !== undefined && fits(url, valueRules.webAddress, urlLine.line, `${at}.${urlLine.tag}`) ? url : null,
      textFromSource: texts.length > 0 ? plainTextToHtml(texts.join('\n')) : '',
      eventCitedFrom: evenFits ? textOf(even) : null,
      eventCitedFromRole: evenFits ? textOf(evenRole) : null,
      entryRecordingDate: dataFits ? textOf(recorded) : null,
      certaintyAssessment: quayFits ? textOf(quay) : null,
    };
    const nested = node.children.filter(
      (child) =>
        child.tag !== 'TEXT' &&
        !(child.tag === 'PAGE' && (child !== pageLine || pageFits)) &&
        !(child.tag === 'QUAY' && (child !== quay || quayFits)) &&
        !(
          child.tag === 'DATA' &&
          (child !== data || dataFits) &&
          child.children.every((d) => d.tag === 'TEXT' || d.tag === 'DATE')
        ) &&
        !(child.tag === 'EVEN' && (child !== even || evenFits) && child.children.every((e) => e.tag === 'ROLE')) &&
        !(child.tag === 'WWW' || child.tag === '_LINK' || child.tag === 'URL'
          ? fields.whereWithinSourceUrl !== null && child.value?.trim() === fields.whereWithinSourceUrl
          : false),
    );
    // Citations with notes, media or kept lines of their own are not shared: those belong to this use.
    const shareable = nested.length === 0;
    const key = shareable ? createHash('sha256').update(JSON.stringify(fields)).digest('base64') : null;
    let citationId = key === null ? undefined : citationByKey.get(key);
    if (citationId === undefined) {
      const citation: PlanCitation = {
        id: uuidv7(),
        ...fields,
        searchText: foldForSearch(
          [fields.whereWithinSourceText, fields.whereWithinSourceUrl].filter(Boolean).join(' '),
        ),
      };
      citationId = citation.id;
      plan.citations.push(citation);
      if (key !== null) citationByKey.set(key, citation.id);
      // The citation's own notes and media: their links belong to this record's bookkeeping too.
      for (const child of nested) {
        if (child.tag === 'NOTE' || child.tag === 'SNOTE') linkNote(child, citation.id, 'citation', `${path}.SOUR`);
        else if (child.tag === 'OBJE') linkMedia(child, citation.id, 'citation', `${path}.SOUR`);
        else keep(citation.id, 'citation', child, `${path}.SOUR`);
      }
    }
    const position = linkPosition('citation', nodeId, nodeKind, citationId);
    if (position !== null) plan.citationLinks.push({ targetId: citationId, nodeId, nodeKind, position });
  }

  // Media.
  function mediaFields(node: GedcomNode): {
    fileReference: string;
    format: string | null;
    type: string | null;
    title: string | null;
    used: Set<GedcomNode>;
  } {
    const used = new Set<GedcomNode>();
    const first = childOf(node, 'FILE');
    // A file reference the media form would refuse (too long, a `javascript:` address): no field of the FILE is taken, and the object keeps its lines.
    const file =
      first === undefined || fits(first.value?.trim() ?? '', valueRules.fileReference, first.line, `${node.tag}.FILE`)
        ? first
        : undefined;
    if (first !== undefined && file === undefined)
      return { fileReference: '', format: null, type: null, title: null, used };
    if (file) used.add(file);
    const form = (file && childOf(file, 'FORM')) ?? childOf(node, 'FORM');
    if (form && !file?.children.includes(form)) used.add(form);
    const type = form ? (childOf(form, 'TYPE') ?? childOf(form, 'MEDI')) : undefined;
    const titl = (file && childOf(file, 'TITL')) ?? childOf(node, 'TITL');
    if (titl && !file?.children.includes(titl)) used.add(titl);
    // What FILE carries beyond FORM (with its TYPE) and TITL is kept with the object.
    const fileRest = file?.children.filter((child) => child !== form && child !== titl) ?? [];
    const formRest = form?.children.filter((child) => child !== type) ?? [];
    if (fileRest.length > 0 || formRest.length > 0) used.delete(file as GedcomNode);
    // FORM, its TYPE and TITL the media form would refuse stay lines (under FILE: FILE stays whole).
    const taken = (line: GedcomNode | undefined, rule: ValueRule): string | null => {
      if (line === undefined || fits(textOf(line), rule, line.line, `${node.tag}.${line.tag}`)) return textOf(line);
      used.delete(line);
      if (file?.children.includes(line) || form?.children.includes(line)) used.delete(file as GedcomNode);
      if (line === type && form && !file?.children.includes(form)) used.delete(form);
      return null;
    };
    const format = taken(form, valueRules.mediaFormat);
    const formRefused = form !== undefined && format === null && textOf(form) !== null;
    return {
      fileReference: file?.value ?? '',
      format,
      type: formRefused ? null : taken(type, valueRules.mediaFormat),
      title: taken(titl, valueRules.mediaTitle),
      used,
    };
  }
  function linkMedia(
    node: GedcomNode,
    nodeId: string,
    nodeKind: 'person' | 'event' | 'location' | 'citation' | 'record' | 'repository' | 'note',
    path: string,
  ): void {
    let mediaId: string | undefined;
    if (node.pointer !== undefined) {
      mediaId = resolve(node.pointer, 'media', node.line);
      if (mediaId === undefined) return;
    } else {
      mediaId = uuidv7();
      const { used, ...fields } = mediaFields(node);
      plan.media.push({ id: mediaId, ...fields, ...noReferences });
      for (const child of node.children) {
        if (used.has(child)) continue;
        if (child.tag === 'NOTE' || child.tag === 'SNOTE') {
          // As under an OBJE record: the note gets the media object.
          const noteId = noteIdOf(child, `${path}.OBJE`);
          const position = noteId === undefined ? null : linkPosition('media', noteId, 'note', mediaId);
          if (noteId !== undefined && position !== null) {
            plan.mediaLinks.push({ targetId: mediaId, nodeId: noteId, nodeKind: 'note', position });
          }
        } else keep(mediaId, 'media', child, `${path}.OBJE`);
      }
    }
    const position = linkPosition('media', nodeId, nodeKind, mediaId);
    if (position !== null) plan.mediaLinks.push({ targetId: mediaId, nodeId, nodeKind, position });
  }

  /** RIN, REFN (+TYPE), CHAN.DATE (+TIME) of a record: the reference fields of notes and media. */
  function referenceFields(record: GedcomRecord, used: Set<GedcomNode>): GedcomReferenceFields {
    const rin = childOf(record, 'RIN');
    const refn = childOf(record, 'REFN');
    const chan = childOf(record, 'CHAN');
    const chanDate = chan ? childOf(chan, 'DATE') : undefined;
    if (rin && rin.children.length === 0) used.add(rin);
    if (refn?.children.every((child) => child.tag === 'TYPE')) used.add(refn);
    const chanTime = chanDate ? childOf(chanDate, 'TIME') : undefined;
    if (chan && chanDate && chan.children.length === 1 && chanDate.children.every((child) => child === chanTime))
      used.add(chan);
    return {
      gedcomId: record.xref ?? null,
      automatedRecordId: used.has(rin as GedcomNode) ? textOf(rin) : null,
      userReferenceNumber: used.has(refn as GedcomNode) ? textOf(refn) : null,
      userReferenceType: used.has(refn as GedcomNode) ? textOf(childOf(refn as GedcomNode, 'TYPE')) : null,
      gedcomChangeDate: used.has(chan as GedcomNode)
        ? [textOf(chanDate), textOf(chanTime)].filter(Boolean).join(' ') || null
        : null,
    };
  }

  // Events.
  const lifeEvents = new Map<string, Set<EventType>>();
  function mapEvent(
    node: GedcomNode,
    mapping: EventMapping | null,
    participants: ParticipantWrite[],
    path: string,
  ): void {
    const id = uuidv7();
    let type: EventType = mapping?.type ?? 'other';
    let subtype: string | null = mapping?.subtype ?? null;
    let typeName: string | null = null;
    const own = childOf(node, 'TYPE');
    const isGeneric = node.tag === 'EVEN' || node.tag === 'FACT';
    if (type === 'other') {
      typeName = otherEventName(node.tag, language);
      const ownName = isGeneric ? textOf(own) : null;
      if (own !== undefined && ownName !== null) {
        // A TYPE the event form would refuse: shortened, or the language's name; export writes the file's TYPE back.
        const problem = problemOf(ownName, valueRules.eventTypeName);
        if (problem === null) typeName = ownName;
        else if (problem === 'value-too-long')
          typeName = shortened(id, 'event', own, ownName, valueRules.eventTypeName, `${path}.TYPE`);
        else keepOriginal(id, 'event', own, typeName, problem, valueRules.eventTypeName, `${path}.TYPE`);
      }
      if (node.tag !== 'EVEN') tagExtra(id, 'event', node.tag, null);
    }
    // A second birth or death of one person (two sources disagreeing) stays, as an event of its own type name.
    if ((oncePerPersonTypes as readonly EventType[]).includes(type)) {
      const primary = participants[0]?.personId;
      const had = primary === undefined ? undefined : lifeEvents.get(primary);
      if (had?.has(type)) {
        report.warn('second-life-event', node.line, node.tag);
        typeName = otherEventName(node.tag, language);
        tagExtra(id, 'event', node.tag, null);
        type = 'other';
        subtype = null;
      } else if (primary !== undefined) {
        lifeEvents.set(primary, new Set([...(had ?? []), type]));
      }
    }
    // `1 DEAT Y` says only that the event happened; an attribute's value is its fact.
    const value = node.value?.trim();
    let description = value && !(value === 'Y' && !attributeTags.has(node.tag)) ? value : null;
    let date = { startDate: null, startDateType: 'exact', endDate: null, endDateType: 'exact' } as {
      startDate: string | null;
      startDateType: string;
      endDate: string | null;
      endDateType: string;
    };
    let dateText: string | null = null;
    let locationId: string | null = null;
    let causeOfEvent: string | null = null;
    for (const child of node.children) {
      switch (child.tag) {
        case 'TYPE':
          if (isGeneric && type === 'other') break;
          keep(id, 'event', child, path);
          break;
        case 'DATE': {
          if (date.startDate !== null || dateText !== null) {
            keep(id, 'event', child, path);
            break;
          }
          const phrase = childOf(child, 'PHRASE');
          const text = dateWithPhrase(child.value ?? '', textOf(phrase));
          const mapped = mapGedcomDate(text);
          date = mapped.date;
          if (!mapped.exact) dateText = text;
          if (mapped.warning) report.warn(mapped.warning, child.line, child.value?.trim());
          const rest = child.children.filter((part) => part !== phrase || text === (child.value ?? ''));
          if (rest.length > 0) keepUnder(id, 'event', child, rest, path);
          break;
        }
        case 'PLAC':
          if (locationId !== null) keep(id, 'event', child, path);
          else {
            const place = placeOf(child, id, path);
            if (place === null || typeof place === 'string') locationId = place;
            else {
              report.warn(place.problem, child.line, place.detail);
              keep(id, 'event', child, path);
            }
          }
          break;
        case 'CAUS':
          if (
            causeOfEvent === null &&
            child.children.length === 0 &&
            fits(textOf(child), valueRules.causeOfEvent, child.line, `${path}.CAUS`)
          )
            causeOfEvent = textOf(child);
          else keep(id, 'event', child, path);
          break;
        case 'NOTE':
        case 'SNOTE':
          linkNote(child, id, 'event', path);
          break;
        case 'SOUR':
          cite(child, id, 'event', path);
          break;
        case 'OBJE':
          linkMedia(child, id, 'event', path);
          break;
        case 'ASSO': {
          // A participant has a role and nothing else: an ASSO with notes or sources of its own is kept whole.
          const onlyRole = child.children.every(
            (part) =>
              part.tag === 'RELA' || (part.tag === 'ROLE' && part.children.every((phrase) => phrase.tag === 'PHRASE')),
          );
          const personId =
            child.pointer === undefined || !onlyRole ? undefined : resolve(child.pointer, 'person', child.line);
          if (personId === undefined || participants.some((p) => p.personId === personId)) {
            keep(id, 'event', child, path);
            break;
          }
          const role = textOf(childOf(child, 'ROLE')) ?? textOf(childOf(child, 'RELA')) ?? 'witness';
          const phrase = textOf(childOf(childOf(child, 'ROLE') ?? child, 'PHRASE'));
          const roleKey = gedcomRoles[role.toUpperCase()] ?? normaliseRole(phrase ?? role, type);
          if (!fits(roleKey, valueRules.role, child.line, `${path}.ASSO`)) {
            keep(id, 'event', child, path);
            break;
          }
          participants.push({
            personId,
            role: roleKey,
            description: null,
            startDate: null,
            startDateType: null,
            endDate: null,
            endDateType: null,
          });
          break;
        }
        default:
          keep(id, 'event', child, path);
      }
    }
    // Anor keeps an occupation's title in the cause field (the editor's "Occupation"); a CAUS of its own was kept.
    // A title the cause field would refuse stays the description (export writes either as OCCU's value).
    if (type === 'occupation' && description !== null && problemOf(description, valueRules.causeOfEvent) === null) {
      if (causeOfEvent !== null)
        keep(id, 'event', { level: 0, tag: 'CAUS', value: causeOfEvent, line: node.line, children: [] }, path);
      causeOfEvent = description;
      description = null;
    }
    if (description !== null && description.length > valueRules.eventDescription.max)
      description = shortened(id, 'event', node, description, valueRules.eventDescription, path);
    const range = eventDateIsoRange(date);
    plan.events.push({
      id,
      values: {
        type,
        subtype,
        typeName,
        typeNameVerb: null,
        startDate: date.startDate,
        startDateType: date.startDate === null ? null : date.startDateType,
        endDate: date.endDate,
        endDateType: date.endDate === null ? null : date.endDateType,
        dateFrom: range?.from ?? null,
        dateTo: range?.to ?? null,
        causeOfEvent,
        description,
        locationId,
        dateText,
      },
      participants,
    });
  }

  function primary(personId: string): ParticipantWrite {
    return {
      personId,
      role: 'primary',
      description: null,
      startDate: null,
      startDateType: null,
      endDate: null,
      endDateType: null,
    };
  }

  /** A custom `_TAG` with a date or a place is an event; other custom tags are kept as lines. */
  function isCustomEvent(node: GedcomNode): boolean {
    return node.tag.startsWith('_') && node.children.some((child) => child.tag === 'DATE' || child.tag === 'PLAC');
  }

  // Families: their members come from the FAM record and from the individuals' FAMC and FAMS lines.
  const families = new Map<string, FamilyInfo>();
  function familyOf(xref: string, line: number): FamilyInfo | undefined {
    const id = resolve(xref, 'family', line);
    if (id === undefined) return undefined;
    let family = families.get(id);
    if (!family) {
      family = { id, record: undefined, partners: [], children: [] };
      families.set(id, family);
    }
    return family;
  }
  function readFamily(record: GedcomRecord): void {
    const id = claim(record, 'family');
    const family = id === undefined || record.xref === undefined ? undefined : familyOf(record.xref, record.line);
    if (family === undefined) {
      keepTreeRecord(record);
      return;
    }
    family.record = { xref: record.xref as string, line: record.line };
    for (const child of record.children) {
      if ((child.tag === 'HUSB' || child.tag === 'WIFE') && child.pointer !== undefined) {
        const personId = resolve(child.pointer, 'person', child.line);
        if (personId !== undefined && !family.partners.includes(personId)) family.partners.push(personId);
      } else if (child.tag === 'CHIL' && child.pointer !== undefined) {
        const personId = resolve(child.pointer, 'person', child.line);
        if (personId !== undefined && !family.children.includes(personId)) family.children.push(personId);
      }
    }
    // The family's events (its partners are their primary participants) and kept lines, now; the
    // relations at the end, when the individuals' FAMC and FAMS lines are known too.
    const parents = family.partners.slice(0, 2);
    for (const child of record.children) {
      const mapping = familyEventTags[child.tag];
      if (mapping || isOtherEventTag(child.tag) || isCustomEvent(child)) {
        mapEvent(child, mapping ?? null, parents.map(primary), `FAM.${child.tag}`);
        continue;
      }
      if ((child.tag === 'HUSB' || child.tag === 'WIFE' || child.tag === 'CHIL') && child.children.length === 0)
        continue;
      keep(family.id, 'family', child, 'FAM');
    }
  }

  /** Families kept lines point at (filled in finish): they get an anchored gedcom_extra row. */
  const namedFamilies = new Set<string>();
  const parentsOf = new Map<string, string[]>();
  const partnerPairs = new Set<string>();
  const siblingPairs = new Set<string>();

  const treeLines: KeptGedcomLine[] = [];
  function add(record: GedcomRecord): void {
    startRecord();
    switch (record.tag) {
      case 'INDI':
        mapIndividual(record);
        break;
      case 'FAM':
        // Mapped at the end, once every individual is known.
        readFamily(record);
        break;
      case 'SOUR':
        mapSourceRecord(record);
        break;
      case 'REPO':
        mapRepository(record);
        break;
      case 'NOTE':
      case 'SNOTE':
        mapNoteRecord(record);
        break;
      case 'OBJE':
        mapMediaRecord(record);
        break;
      default:
        // HEAD is not among the records; SUBM, SUBN and custom records are kept with the tree.
        keepTreeRecord(record);
    }
  }

  function keepTreeRecord(record: GedcomRecord): void {
    const kept = keepLine(record);
    if (record.xref !== undefined) kept.xref = record.xref;
    treeLines.push(kept);
    report.keep(record.tag, record.line);
  }

  function mapIndividual(record: GedcomRecord): void {
    const id = claim(record, 'person');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    if (plan.rootId === null) plan.rootId = id;
    let fName: string | null = null;
    let lName: string | null = null;
    let pName: string | null = null;
    let occupation: string | null = null;
    let gender: Gender = 'unknown';
    let named = false;
    let sexed = false;
    for (const child of record.children) {
      const mapping = individualEventTags[child.tag];
      if (mapping || isOtherEventTag(child.tag) || isCustomEvent(child)) {
        if (['ANUL', 'DIVF', 'MARC', 'MARL', 'MARS', 'SLGS'].includes(child.tag)) {
          keep(id, 'person', child, 'INDI');
          continue;
        }
        mapEvent(child, mapping ?? null, [primary(id)], `INDI.${child.tag}`);
        // The person's occupation when the field takes it (the OCCU event has it either way).
        const title: string | null = child.tag === 'OCCU' && occupation === null ? textOf(child) : null;
        if (title !== null && problemOf(title, valueRules.occupation) === null) occupation = title;
        continue;
      }
      switch (child.tag) {
        case 'NAME': {
          if (named) {
            keep(id, 'person', child, 'INDI');
            break;
          }
          named = true;
          const parts = nameParts(child.value ?? '');
          const givn = textOf(childOf(child, 'GIVN'));
          const surn = textOf(childOf(child, 'SURN'));
          fName = nullIfEmpty(parts.given) ?? (child.value?.includes('/') ? null : givn);
          lName = nullIfEmpty(parts.surname) ?? (child.value?.includes('/') ? null : surn);
          if (!child.value?.trim()) {
            fName = givn;
            lName = surn;
          }
          // A name with characters the name form refuses stays the file's line; Anor's names stay empty.
          if (
            (fName !== null && hasInvalidNameCharacters(fName)) ||
            (lName !== null && hasInvalidNameCharacters(lName))
          ) {
            fits(child.value?.trim() ?? '', { max: Number.POSITIVE_INFINITY, name: true }, child.line, 'INDI.NAME');
            fName = null;
            lName = null;
            keep(id, 'person', child, 'INDI');
            break;
          }
          // A name too long for the form: shortened; export writes the file's NAME while the names are unchanged.
          const long =
            (fName !== null && fName.length > valueRules.firstName.max) ||
            (lName !== null && lName.length > valueRules.lastName.max);
          if (long) {
            fName = fName === null ? null : shorten(fName, valueRules.firstName.max);
            lName = lName === null ? null : shorten(lName, valueRules.lastName.max);
            const rule = { max: Math.max(valueRules.firstName.max, valueRules.lastName.max) };
            keepOriginal(id, 'person', child, nameLineValue(fName, lName) ?? '', 'value-shortened', rule, 'INDI.NAME');
          }
          const leftOver: GedcomNode[] = [];
          for (const part of child.children) {
            if (part.tag === 'GIVN' && part.children.length === 0 && textOf(part) === fName) continue;
            if (part.tag === 'SURN' && part.children.length === 0 && textOf(part) === lName) continue;
            if (
              part.tag === 'NICK' &&
              pName === null &&
              part.children.length === 0 &&
              fits(textOf(part), valueRules.nickname, part.line, 'INDI.NAME.NICK')
            ) {
              pName = textOf(part);
              continue;
            }
            if (part.tag === 'NOTE' || part.tag === 'SNOTE') {
              linkNote(part, id, 'person', 'INDI.NAME');
              continue;
            }
            if (part.tag === 'SOUR') {
              cite(part, id, 'person', 'INDI.NAME');
              continue;
            }
            leftOver.push(part);
          }
          if (!long && parts.suffix !== '' && !childOf(child, 'NSFX')) {
            leftOver.push({ level: 2, tag: 'NSFX', value: parts.suffix, line: child.line, children: [] });
          }
          keepUnder(id, 'person', child, leftOver, 'INDI');
          break;
        }
        case 'NICK':
          if (
            pName === null &&
            child.children.length === 0 &&
            fits(textOf(child), valueRules.nickname, child.line, 'INDI.NICK')
          )
            pName = textOf(child);
          else keep(id, 'person', child, 'INDI');
          break;
        case 'SEX':
          if (sexed) keep(id, 'person', child, 'INDI');
          else {
            sexed = true;
            gender = genderOf(textOf(child));
            if (child.children.length > 0) keepUnder(id, 'person', child, [...child.children], 'INDI');
          }
          break;
        case 'FAMC':
        case 'FAMS': {
          const family = child.pointer === undefined ? undefined : familyOf(child.pointer, child.line);
          if (family === undefined) {
            if (child.pointer === undefined) report.warn('missing-record', child.line, child.tag);
            else if (child.children.length > 0) keep(id, 'person', child, 'INDI');
            break;
          }
          if (child.tag === 'FAMC' && !family.children.includes(id)) family.children.push(id);
          if (child.tag === 'FAMS' && !family.partners.includes(id)) family.partners.push(id);
          // Pedigree (adopted, foster), a status, notes on the link: kept, pointing at the family.
          if (child.children.length > 0) keep(id, 'person', child, 'INDI');
          break;
        }
        case 'NOTE':
        case 'SNOTE':
          linkNote(child, id, 'person', 'INDI');
          break;
        case 'SOUR':
          cite(child, id, 'person', 'INDI');
          break;
        case 'OBJE':
          linkMedia(child, id, 'person', 'INDI');
          break;
        default:
          keep(id, 'person', child, 'INDI');
      }
    }
    plan.persons.push({
      id,
      fName,
      pName,
      lName,
      gender,
      occupation,
      description: null,
      searchText: foldForSearch([fName, pName, lName, occupation].filter(Boolean).join(' ')),
      sortKey: personSortKey({ fName, lName, pName }),
    });
  }

  // Relations, checked as a whole: at most two parents, no one their own ancestor, no self links.
  function mapFamily(family: FamilyInfo, node: { xref: string; line: number }): void {
    const { id } = family;
    if (family.partners.length > 2) report.warn('too-many-parents', node.line, `@${node.xref}@`);
    const [a, b] = family.partners;
    if (a !== undefined && b !== undefined) {
      if (a === b) report.warn('self-relation', node.line, `@${node.xref}@`);
      else {
        const [x, y] = a < b ? [a, b] : [b, a];
        if (!partnerPairs.has(`${x} ${y}`)) {
          partnerPairs.add(`${x} ${y}`);
          plan.partnerLinks.push({ personA: x, personB: y });
        }
      }
    }
    const parents = family.partners.slice(0, 2);
    for (const childId of family.children) {
      for (const parentId of parents) {
        if (parentId === childId) {
          report.warn('self-relation', node.line, `@${node.xref}@`);
          continue;
        }
        const current = parentsOf.get(childId) ?? [];
        if (current.includes(parentId)) continue;
        if (current.length >= 2) {
          report.warn('too-many-parents', node.line, `@${node.xref}@`);
          continue;
        }
        current.push(parentId);
        parentsOf.set(childId, current);
        plan.parentLinks.push({ parentId, childId, line: node.line });
      }
    }
    if (parents.length === 0) {
      const children = [...family.children].sort();
      for (let i = 0; i < children.length; i++) {
        for (let j = i + 1; j < children.length; j++) {
          const key = `${children[i]} ${children[j]}`;
          if (siblingPairs.has(key)) continue;
          siblingPairs.add(key);
          plan.siblingLinks.push({ personA: children[i] as string, personB: children[j] as string });
        }
      }
    }
    // A family is no node of Anor's: its kept lines name its members, so export finds it again;
    // so do the kept lines that point at it (a FAMC with its pedigree, an ADOP's FAMC).
    if (extras.has(id) || namedFamilies.has(id)) {
      tagExtra(
        id,
        'family',
        null,
        family.partners.length > 0 ? [...family.partners].sort() : [...family.children].sort(),
      );
    }
  }

  function mapSourceRecord(record: GedcomRecord): void {
    const id = claim(record, 'record');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const used = new Set<GedcomNode>();
    /** A line's value for a field that takes it; a value the field refuses leaves the line to be kept. */
    const take = (tag: string, rule: ValueRule): string | null => {
      const node = childOf(record, tag);
      if (node === undefined || node.children.length > 0) return null;
      if (!fits(textOf(node), rule, node.line, `SOUR.${tag}`)) return null;
      used.add(node);
      return textOf(node);
    };
    const titl = childOf(record, 'TITL');
    let title = titl === undefined || titl.children.length > 0 ? '' : (textOf(titl) ?? '');
    if (titl !== undefined && titl.children.length === 0) used.add(titl);
    if (titl !== undefined && title.length > valueRules.recordTitle.max)
      title = shortened(id, 'record', titl, title, valueRules.recordTitle, 'SOUR.TITL');
    const originator = take('AUTH', valueRules.recordAuthor);
    const filedByEntry = take('ABBR', valueRules.recordAuthor);
    const publicationFacts = take('PUBL', valueRules.publicationFacts);
    const www = childOf(record, 'WWW') ?? childOf(record, '_URL') ?? childOf(record, '_LINK');
    const url = www && www.children.length === 0 ? take(www.tag, valueRules.webAddress) : null;
    let repositoryId: string | null = null;
    const repo = childOf(record, 'REPO');
    if (repo?.pointer !== undefined) {
      repositoryId = resolve(repo.pointer, 'repository', repo.line) ?? null;
      if (repositoryId !== null && repo.children.length === 0) used.add(repo);
    }
    plan.records.push({
      id,
      repositoryId,
      title,
      titleKey: foldForSearch(title),
      originator,
      filedByEntry,
      publicationFacts,
      url,
    });
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'NOTE' || child.tag === 'SNOTE') linkNote(child, id, 'record', 'SOUR');
      else if (child.tag === 'OBJE') linkMedia(child, id, 'record', 'SOUR');
      else keep(id, 'record', child, 'SOUR');
    }
  }

  function mapRepository(record: GedcomRecord): void {
    const id = claim(record, 'repository');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const used = new Set<GedcomNode>();
    /** A line's value for a field that takes it; a value the field refuses leaves the line to be kept. */
    const take = (parent: GedcomNode | undefined, tag: string, rule: ValueRule): string | null => {
      const node = parent === undefined ? undefined : childOf(parent, tag);
      if (node === undefined || node.children.length > 0) return null;
      if (!fits(textOf(node), rule, node.line, `REPO.${tag}`)) return null;
      used.add(node);
      return textOf(node);
    };
    const name = childOf(record, 'NAME');
    let title = name === undefined || name.children.length > 0 ? '' : (textOf(name) ?? '');
    if (name !== undefined && name.children.length === 0) used.add(name);
    if (name !== undefined && title.length > valueRules.repositoryTitle.max)
      title = shortened(id, 'repository', name, title, valueRules.repositoryTitle, 'REPO.NAME');
    // An address the form would refuse stays the ADDR line whole.
    const wholeAddr = childOf(record, 'ADDR');
    const addr =
      wholeAddr === undefined || fits(textOf(wholeAddr), valueRules.repositoryAddress, wholeAddr.line, 'REPO.ADDR')
        ? wholeAddr
        : undefined;
    const address = addr ? textOf(addr) : null;
    const addrUsed = new Set<GedcomNode>();
    const takeAddr = (tag: string, rule: ValueRule): string | null => {
      const fromAddr = addr ? childOf(addr, tag) : undefined;
      if (
        fromAddr &&
        fromAddr.children.length === 0 &&
        fits(textOf(fromAddr), rule, fromAddr.line, `REPO.ADDR.${tag}`)
      ) {
        addrUsed.add(fromAddr);
        return textOf(fromAddr);
      }
      return null;
    };
    const city = takeAddr('CITY', valueRules.repositoryPlace);
    const state = takeAddr('STAE', valueRules.repositoryPlace);
    const postalCode = takeAddr('POST', valueRules.postalCode);
    const country = takeAddr('CTRY', valueRules.repositoryPlace);
    plan.repositories.push({
      id,
      title,
      titleKey: foldForSearch(title),
      address,
      city,
      state,
      postalCode,
      country,
      phone: take(record, 'PHON', valueRules.phone) ?? (addr ? takeAddr('PHON', valueRules.phone) : null),
      email: take(record, 'EMAIL', valueRules.repositoryEmail) ?? take(record, '_EMAIL', valueRules.repositoryEmail),
      fax: take(record, 'FAX', valueRules.phone),
      www: take(record, 'WWW', valueRules.webAddress),
    });
    if (addr) {
      used.add(addr);
      const rest = addr.children.filter((child) => !addrUsed.has(child));
      keepUnder(id, 'repository', addr, rest, 'REPO');
    }
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'NOTE' || child.tag === 'SNOTE') linkNote(child, id, 'repository', 'REPO');
      else keep(id, 'repository', child, 'REPO');
    }
  }

  function mapNoteRecord(record: GedcomRecord): void {
    const id = claim(record, 'note');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const used = new Set<GedcomNode>();
    const references = referenceFields(record, used);
    const mime = childOf(record, 'MIME');
    if (mime) used.add(mime);
    plan.notes.push({ id, title: null, text: noteHtml(record), ...references });
    if ((record.value ?? '').trim() === '') report.warn('empty-record', record.line, `@${record.xref}@`);
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'SOUR') cite(child, id, 'note', 'NOTE');
      else keep(id, 'note', child, 'NOTE');
    }
  }

  function mapMediaRecord(record: GedcomRecord): void {
    const id = claim(record, 'media');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const { used, ...fields } = mediaFields(record);
    const references = referenceFields(record, used);
    plan.media.push({ id, ...fields, ...references });
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'NOTE' || child.tag === 'SNOTE') {
        // Anor links media to nodes, not notes to media: the note gets the media object.
        const noteId = noteIdOf(child, 'OBJE');
        const position = noteId === undefined ? null : linkPosition('media', noteId, 'note', id);
        if (noteId !== undefined && position !== null) {
          plan.mediaLinks.push({ targetId: id, nodeId: noteId, nodeKind: 'note', position });
        }
      } else keep(id, 'media', child, 'OBJE');
    }
  }

  /** Records and citations kept back because they point at a record not read yet. */
  const heldRecords = new Set<string>();
  const heldCitations = new Set<string>();

  /** Takes out the rows that can be written now (see DrainedRows); the rest waits in the plan. */
  function drain(): DrainedRows {
    const ready = (id: string | null) => id === null || !pendingIds.has(id);
    const split = <T>(rows: T[], canGo: (row: T) => boolean): [T[], T[]] => {
      const go: T[] = [];
      const wait: T[] = [];
      for (const row of rows) (canGo(row) ? go : wait).push(row);
      return [go, wait];
    };
    for (const event of plan.events) {
      event.participants.forEach((participant, position) => {
        plan.participants.push({ ...participant, eventId: event.id, position });
      });
      event.participants = [];
    }
    const [records, waitingRecords] = split(plan.records, (r) => ready(r.repositoryId));
    for (const record of records) heldRecords.delete(record.id);
    for (const record of waitingRecords) heldRecords.add(record.id);
    const recordWritten = (id: string | null) => ready(id) && (id === null || !heldRecords.has(id));
    const [citations, waitingCitations] = split(plan.citations, (c) => recordWritten(c.recordId));
    for (const citation of citations) heldCitations.delete(citation.id);
    for (const citation of waitingCitations) heldCitations.add(citation.id);
    const [participants, waitingParticipants] = split(plan.participants, (p) => ready(p.personId));
    const [citationLinks, waitingCitationLinks] = split(plan.citationLinks, (l) => !heldCitations.has(l.targetId));
    const [noteLinks, waitingNoteLinks] = split(plan.noteLinks, (l) => ready(l.targetId));
    const [mediaLinks, waitingMediaLinks] = split(plan.mediaLinks, (l) => ready(l.targetId) && ready(l.nodeId));
    const rows: DrainedRows = {
      persons: plan.persons,
      locations: plan.locations,
      events: plan.events,
      notes: plan.notes,
      media: plan.media,
      repositories: plan.repositories,
      records,
      citations,
      participants,
      citationLinks,
      noteLinks,
      mediaLinks,
    };
    for (const location of rows.locations) drainedPlaces.add(location.id);
    plan.persons = [];
    plan.locations = [];
    plan.events = [];
    plan.notes = [];
    plan.media = [];
    plan.repositories = [];
    plan.records = waitingRecords;
    plan.citations = waitingCitations;
    plan.participants = waitingParticipants;
    plan.citationLinks = waitingCitationLinks;
    plan.noteLinks = waitingNoteLinks;
    plan.mediaLinks = waitingMediaLinks;
    return rows;
  }

  function finish(): MapResult {
    // What pointers named and no record answered: said once, at the first line that named it, and its links taken out.
    const missing = new Set<string>();
    for (const entry of [...ids.values(), ...abandoned]) {
      if (entry.defined) continue;
      missing.add(entry.id);
      report.warn('missing-record', entry.line, `@${entry.xref}@`);
    }
    const persons = new Set([...ids.values()].filter((e) => e.kind === 'person' && e.defined).map((e) => e.id));
    const nameFamilies = (lines: readonly KeptGedcomLine[]) => {
      for (const kept of lines) {
        const entry = kept.pointer === undefined ? undefined : ids.get(kept.pointer.slice(1));
        if (entry?.kind === 'family') namedFamilies.add(entry.id);
        nameFamilies(kept.children);
      }
    };
    nameFamilies(treeLines);
    for (const extra of extras.values()) nameFamilies(extra.lines);
    for (const family of families.values()) {
      if (family.record === undefined) continue;
      family.partners = family.partners.filter((id) => persons.has(id));
      family.children = family.children.filter((id) => persons.has(id));
      mapFamily(family, family.record);
    }
    plan.families = [...families.values()].filter((family) => family.record !== undefined).length;
    if (missing.size > 0) {
      plan.noteLinks = plan.noteLinks.filter((link) => !missing.has(link.targetId));
      plan.mediaLinks = plan.mediaLinks.filter((link) => !missing.has(link.targetId) && !missing.has(link.nodeId));
      for (const event of plan.events) event.participants = event.participants.filter((p) => !missing.has(p.personId));
      plan.participants = plan.participants.filter((p) => !missing.has(p.personId));
      for (const citation of plan.citations)
        if (citation.recordId !== null && missing.has(citation.recordId)) citation.recordId = null;
      for (const record of plan.records)
        if (record.repositoryId !== null && missing.has(record.repositoryId)) record.repositoryId = null;
    }
    // A parent link that makes someone their own ancestor is left out (and said); the rest stay.
    removeCycles(plan, persons, report);

    if (header) treeLines.unshift(keepLine(header));
    const idOf = (xref: string) => {
      const entry = ids.get(xref);
      return entry?.defined ? entry.id : undefined;
    };
    if (treeLines.length > 0) {
      resolveKeptPointers(treeLines, idOf);
      plan.extras.push({ nodeId: '', nodeKind: 'tree', tag: null, anchor: null, lines: treeLines });
    }
    for (const [nodeId, extra] of extras) {
      resolveKeptPointers(extra.lines, idOf);
      plan.extras.push({ nodeId, nodeKind: extra.kind, tag: extra.tag, anchor: extra.anchor, lines: extra.lines });
    }
    return { plan, report };
  }

  /** Rows waiting to be drained. */
  function pending(): number {
    return plan.persons.length + plan.locations.length + plan.events.length + plan.notes.length + plan.citations.length;
  }

  return { add, drain, pending, finish };
}

const noReferences: GedcomReferenceFields = {
  gedcomId: null,
  automatedRecordId: null,
  userReferenceNumber: null,
  userReferenceType: null,
  gedcomChangeDate: null,
};

/** Kahn's algorithm over the parent links; links into a cycle are dropped with a warning. */
function removeCycles(plan: ImportPlan, persons: ReadonlySet<string>, report: ImportReport): void {
  const childrenOf = new Map<string, string[]>();
  const waiting = new Map<string, number>();
  for (const { parentId, childId } of plan.parentLinks) {
    const list = childrenOf.get(parentId);
    if (list) list.push(childId);
    else childrenOf.set(parentId, [childId]);
    waiting.set(childId, (waiting.get(childId) ?? 0) + 1);
  }
  const ready = [...persons].filter((id) => !waiting.has(id));
  while (ready.length > 0) {
    const id = ready.pop() as string;
    for (const child of childrenOf.get(id) ?? []) {
      const left = (waiting.get(child) ?? 0) - 1;
      waiting.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  const stuck = new Set([...waiting].filter(([, left]) => left > 0).map(([id]) => id));
  if (stuck.size === 0) return;
  // Every cycle lies among the persons Kahn could not order (their ancestors are ordered or stuck
  // themselves), so the links between them are taken again one by one, in file order, leaving out
  // each one whose parent already descends from the child.
  const accepted = new Map<string, string[]>();
  function isAncestor(candidate: string, of: string): boolean {
    const seen = new Set<string>();
    const stack = [of];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (id === candidate) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(accepted.get(id) ?? []));
    }
    return false;
  }
  plan.parentLinks = plan.parentLinks.filter(({ parentId, childId, line }) => {
    if (!(stuck.has(parentId) && stuck.has(childId))) return true;
    if (isAncestor(childId, parentId)) {
      report.warn('parent-cycle', line);
      return false;
    }
    accepted.set(childId, [...(accepted.get(childId) ?? []), parentId]);
    return true;
  });
}
