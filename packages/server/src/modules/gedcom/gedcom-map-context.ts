import { type Language, uuidv7 } from '@anor/core';
import type { GedcomNode, GedcomRecord } from '@anor/gedcom';
import type { GedcomExtraKind, KeptGedcomLine } from '../../db/schema.ts';
import { emptyPlan, type GedcomReferenceFields, type ImportPlan, ImportReport } from './gedcom.plan.ts';
import { problemDetail, problemOf, shorten, type ValueProblem, type ValueRule } from './gedcom-values.ts';

/**
 * What every part of the GEDCOM mapper (gedcom.mapper.ts) shares while one file is read: the plan
 * and the report being built, the file's xrefs and the ids they got, the kept GEDCOM lines by node,
 * and the checks of values against the API's rules.
 */

export interface MapOptions {
  /** The importing user's language: names of event types Anor has no type for. */
  language: Language;
}

export interface MapResult {
  plan: ImportPlan;
  report: ImportReport;
}

export type NodeKind = 'person' | 'family' | 'record' | 'repository' | 'note' | 'media';

export interface XrefEntry {
  id: string;
  kind: NodeKind;
  /** Whether a record of that kind with this xref has been read (else only pointers named it so far). */
  defined: boolean;
  xref: string;
  /** The first line that named it. */
  line: number;
}

/**
 * A new id. uuidv7 returns it as one flat string (not a rope of the pieces it was built from): the
 * mapper keeps an id for every xref, family, place and shared citation of the file until its end.
 */
export function newId(): string {
  return uuidv7();
}

export function childOf(node: GedcomNode, tag: string): GedcomNode | undefined {
  for (const child of node.children) if (child.tag === tag) return child;
  return undefined;
}

export function textOf(node: GedcomNode | undefined): string | null {
  const value = node?.value?.trim();
  return value ? value : null;
}

export function nullIfEmpty(text: string): string | null {
  return text === '' ? null : text;
}

/** A copy of a line and everything under it, for gedcom_extra; pointers as `?xref` until the end resolves them. */
export function keepLine(node: GedcomNode): KeptGedcomLine {
  const kept: KeptGedcomLine = { tag: node.tag, children: node.children.map(keepLine) };
  if (node.value !== undefined) kept.value = node.value;
  if (node.pointer !== undefined) kept.pointer = `?${node.pointer}`;
  return kept;
}

/** Pointers of kept lines to the Anor ids of the records they name; those naming nothing kept stay `?xref`. */
export function resolveKeptPointers(lines: KeptGedcomLine[], idOf: (xref: string) => string | undefined): void {
  for (const line of lines) {
    if (line.pointer !== undefined) line.pointer = idOf(line.pointer.slice(1)) ?? line.pointer;
    resolveKeptPointers(line.children, idOf);
  }
}

export const noReferences: GedcomReferenceFields = {
  gedcomId: null,
  automatedRecordId: null,
  userReferenceNumber: null,
  userReferenceType: null,
  gedcomChangeDate: null,
};

/** The shared state and bookkeeping of one mapping (see gedcom.mapper.ts). */
export function createMapContext(header: GedcomNode | null, options: MapOptions) {
  const plan = emptyPlan();
  const report = new ImportReport();
  const { language } = options;

  const ids = new Map<string, XrefEntry>();
  /** Ids that pointers named before (or without) their record: rows pointing at them wait. */
  const pendingIds = new Set<string>();
  /** Places already drained (written): coordinates found for them later go to plan.coordinates. */
  const drainedPlaces = new Set<string>();
  /** Entries whose pointers expected another kind of record than the file has: their links go. */
  const abandoned: XrefEntry[] = [];
  function resolve(xref: string, kind: NodeKind, line: number): string | undefined {
    // 7.0's @VOID@ names no record: the line is kept as it was (a citation has no source record).
    if (xref === 'VOID') return undefined;
    const found = ids.get(xref);
    if (found === undefined) {
      const entry: XrefEntry = { id: newId(), kind, defined: false, xref, line };
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
    const entry: XrefEntry = { id: newId(), kind, defined: true, xref: record.xref, line: record.line };
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

  /** Records kept whole with the tree (SUBM, custom records, duplicates); the header joins them at the end. */
  const treeLines: KeptGedcomLine[] = [];
  function keepTreeRecord(record: GedcomRecord): void {
    const kept = keepLine(record);
    if (record.xref !== undefined) kept.xref = record.xref;
    treeLines.push(kept);
    report.keep(record.tag, record.line);
  }

  return {
    header,
    language,
    plan,
    report,
    ids,
    pendingIds,
    drainedPlaces,
    abandoned,
    resolve,
    claim,
    extras,
    extraOf,
    keep,
    fits,
    shortened,
    keepOriginal,
    keepUnder,
    tagExtra,
    treeLines,
    keepTreeRecord,
  };
}

export type MapContext = ReturnType<typeof createMapContext>;
