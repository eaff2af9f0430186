import type { KeptGedcomLine } from '../../db/schema.ts';
import { type ExportContext, line, type Out, type Placed } from './gedcom-export-context.ts';
import type { Families } from './gedcom-export-families.ts';

/**
 * What the import kept as GEDCOM lines, written back by the export (gedcom.export.ts): pointers
 * to the ids of the nodes they named become those nodes' xrefs, values the import shortened or
 * refused are restored, and the kept children of a mapped line go back under the written line.
 */
export function createKeptWriter(ctx: ExportContext, families: Families) {
  const { isSeven, originalXrefs, stateOf, recordXref, repositoryXref, noteXref, mediaXref } = ctx;
  const { familyOfExtra, childFamilyOf, spouseFamilyOf } = families;

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

  return { fromKept, keptChildren, restored, copiesOf, withCopy, walkOf };
}

export type KeptWriter = ReturnType<typeof createKeptWriter>;

const memberKey = (kept: KeptGedcomLine): string | undefined =>
  kept.pointer === undefined
    ? undefined
    : kept.tag === 'CHIL'
      ? `child ${kept.pointer}`
      : kept.tag === 'HUSB' || kept.tag === 'WIFE'
        ? `partner ${kept.pointer}`
        : undefined;

/**
 * A FAM's kept lines with each member written once (issue 20). The import keeps two kinds of
 * member lines: its own member lines (no lines under them, first, in the FAM's order: they say
 * only that the person belongs to this FAM, see gedcom-map-families.ts) and the file's member
 * lines that had lines under them (`_FREL`, `AGE`), where the file had them. A member named by
 * both is written once, at its file line's place (the member line is left out); a member only a
 * member line names goes just before the next member both name, or after the last file line of
 * a member when none follows, so that the FAM's order agrees with both kinds and a second import
 * keeps the same lines in the same order.
 */
export function memberLinesInPlace(kept: readonly KeptGedcomLine[]): readonly KeptGedcomLine[] {
  const plain: KeptGedcomLine[] = [];
  const fileLine = new Map<string, KeptGedcomLine>();
  for (const entry of kept) {
    const key = memberKey(entry);
    if (key === undefined) continue;
    if (entry.children.length === 0) plain.push(entry);
    else if (!fileLine.has(key)) fileLine.set(key, entry);
  }
  const isShared = (entry: KeptGedcomLine) => fileLine.has(memberKey(entry) as string);
  if (!plain.some(isShared)) return kept;
  const before = new Map<KeptGedcomLine, KeptGedcomLine[]>();
  const after: KeptGedcomLine[] = [];
  const moved = new Set<KeptGedcomLine>(plain.filter(isShared));
  plain.forEach((entry, index) => {
    if (isShared(entry)) return;
    const next = plain.slice(index + 1).find(isShared);
    if (next !== undefined) {
      const target = fileLine.get(memberKey(next) as string) as KeptGedcomLine;
      before.set(target, [...(before.get(target) ?? []), entry]);
    } else after.push(entry);
    moved.add(entry);
  });
  const lastFileLine = [...fileLine.values()].reduce((last, entry) =>
    kept.indexOf(entry) > kept.indexOf(last) ? entry : last,
  );
  const out: KeptGedcomLine[] = [];
  for (const entry of kept) {
    if (moved.has(entry)) continue;
    out.push(...(before.get(entry) ?? []), entry);
    if (entry === lastFileLine) out.push(...after);
  }
  return out;
}
