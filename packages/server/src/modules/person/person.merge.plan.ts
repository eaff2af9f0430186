import type {
  PersonMergeField,
  PersonMergeItem,
  PersonMergeProblem,
  PersonMergeRelative,
  PersonName,
  PersonNameValues,
} from '@anor/core';
import type { MergeEventRow, MergeRelativeRow } from './person.merge.repository.ts';

/**
 * What a person merge does, worked out from both persons' rows without writing (issue 21): the
 * preview answers it and the merge carries it out, so what was shown is what is done.
 *
 * - Events: an event of the other's is joined into one of the survivor's when both are its
 *   primary participant, of the same type and subtype, with the same other primary participants
 *   (a marriage's partner), and no field both have differs (dates, place, description, cause):
 *   the kept event takes the fields it lacks. Otherwise it moves. Two births (or deaths) that
 *   cannot be joined stay both: the one not chosen (`takeFromOther: birth`) becomes an
 *   alternative birth. An event both take part in keeps the survivor's part.
 * - Relatives: joined by person; a link between the two themselves is dropped and listed; more
 *   than two parents together, or one the other's ancestor, refuses the merge.
 * - Names: the losing name becomes an other name (`variant`) unless a name says the same already;
 *   the other's other names move unless the survivor has one just like it.
 */

export interface NameParts {
  fName: string | null;
  pName: string | null;
  lName: string | null;
}

export const nameText = (name: NameParts) =>
  [name.fName, name.pName ? `”${name.pName}”` : null, name.lName].filter(Boolean).join(' ');

const sameParts = (a: NameParts, b: NameParts) => a.fName === b.fName && a.pName === b.pName && a.lName === b.lName;

const sameName = (a: PersonName, b: PersonName) =>
  sameParts(a, b) &&
  a.type === b.type &&
  a.typeText === b.typeText &&
  a.fromDate === b.fromDate &&
  a.toDate === b.toDate;

export interface EventPlan {
  items: PersonMergeItem[];
  /** Other's event → survivor's event it is joined into. */
  joins: [string, string][];
  alternatives: string[];
  shared: string[];
}

const agree = (a: string | null, b: string | null) => a === null || b === null || a === b;

function joinable(kept: MergeEventRow, other: MergeEventRow) {
  return (
    kept.id !== other.id &&
    kept.role === 'primary' &&
    other.role === 'primary' &&
    kept.type === other.type &&
    (kept.subtype ?? '') === (other.subtype ?? '') &&
    (kept.type_name ?? '') === (other.type_name ?? '') &&
    kept.others.join() === other.others.join() &&
    agree(kept.start_date, other.start_date) &&
    agree(kept.start_date_type, other.start_date_type) &&
    agree(kept.end_date, other.end_date) &&
    agree(kept.date_text, other.date_text) &&
    agree(kept.location_id, other.location_id) &&
    agree(kept.description, other.description) &&
    agree(kept.cause_of_event, other.cause_of_event)
  );
}

const isMain = (row: MergeEventRow, type: string) =>
  row.type === type &&
  row.role === 'primary' &&
  row.subtype !== 'alternativeBirth' &&
  row.subtype !== 'alternativeDeath';

export const eventText = (row: MergeEventRow | undefined) =>
  row ? [row.date_text ?? row.start_date, row.place].filter(Boolean).join(', ') || '–' : null;

export function planEvents(
  rows: readonly MergeEventRow[],
  keptId: string,
  otherId: string,
  take: ReadonlySet<PersonMergeField>,
): EventPlan {
  const kept = rows.filter((row) => row.person_id === keptId);
  const keptIds = new Set(kept.map((row) => row.id));
  const other = rows.filter((row) => row.person_id === otherId);
  const joins: [string, string][] = [];
  const used = new Set<string>();
  const shared: string[] = [];
  for (const row of other) {
    if (keptIds.has(row.id)) {
      shared.push(row.id);
      continue;
    }
    const into = kept.find((candidate) => !used.has(candidate.id) && joinable(candidate, row));
    if (into) {
      used.add(into.id);
      joins.push([row.id, into.id]);
    }
  }
  const joinedFrom = new Map(joins);
  const joinedInto = new Set(joins.map(([, into]) => into));
  const alternatives: string[] = [];
  for (const type of ['birth', 'death'] as const) {
    const mine = kept.find((row) => isMain(row, type));
    const theirs = other.find((row) => isMain(row, type) && !keptIds.has(row.id));
    if (!mine || !theirs || joinedFrom.get(theirs.id) === mine.id) continue;
    // A join of the other's birth into the survivor's (or the other way round) already made one.
    if (joinedFrom.has(theirs.id) || joinedInto.has(mine.id)) continue;
    alternatives.push(take.has(type) ? mine.id : theirs.id);
  }
  const label = (row: MergeEventRow) => row.type_name ?? row.type;
  const item = (row: MergeEventRow, side: PersonMergeItem['side'], outcome: PersonMergeItem['outcome']) => ({
    id: row.id,
    label: label(row),
    side,
    outcome,
    eventType: row.type,
    subtype: row.subtype,
    date: row.start_date,
    place: row.place,
    ...(joinedFrom.has(row.id) ? { intoId: joinedFrom.get(row.id) } : {}),
  });
  const items: PersonMergeItem[] = [
    ...kept.map((row) =>
      item(row, shared.includes(row.id) ? 'both' : 'kept', alternatives.includes(row.id) ? 'alternative' : 'kept'),
    ),
    ...other
      .filter((row) => !shared.includes(row.id))
      .map((row) =>
        item(row, 'other', joinedFrom.has(row.id) ? 'joined' : alternatives.includes(row.id) ? 'alternative' : 'moved'),
      ),
  ];
  return { items, joins, alternatives, shared };
}

export interface RelativePlan {
  items: PersonMergeRelative[];
  problems: PersonMergeProblem[];
}

export function planRelatives(rows: readonly MergeRelativeRow[], keptId: string, otherId: string): RelativePlan {
  const items: PersonMergeRelative[] = [];
  const between: { id: string; label: string }[] = [];
  const seen = new Map<string, PersonMergeRelative>();
  for (const row of rows) {
    const label = nameText({ fName: row.f_name, pName: row.p_name, lName: row.l_name });
    const themselves = row.relative_id === (row.person_id === keptId ? otherId : keptId);
    if (themselves) {
      if (row.person_id === keptId) between.push({ id: row.relative_id, label });
      continue;
    }
    const key = `${row.relation}:${row.relative_id}`;
    const found = seen.get(key);
    if (found) {
      found.side = 'both';
      found.outcome = 'joined';
      continue;
    }
    const mine = row.person_id === keptId;
    const entry: PersonMergeRelative = {
      id: row.relative_id,
      label,
      relation: row.relation,
      side: mine ? 'kept' : 'other',
      outcome: mine ? 'kept' : 'moved',
    };
    seen.set(key, entry);
    items.push(entry);
  }
  const problems: PersonMergeProblem[] = [];
  const parents = items.filter((item) => item.relation === 'parent');
  if (parents.length > 2) {
    problems.push({
      code: 'tooManyParents',
      refuses: true,
      items: parents.map(({ id, label }) => ({ id, label })),
    });
  }
  if (between.length > 0) problems.push({ code: 'linkBetween', refuses: false, items: between });
  return { items, problems };
}

export interface NamePlan {
  items: PersonMergeItem[];
  /** The other's other names that move (the rest are joined into the survivor's). */
  moved: string[];
  /** The losing name, as a new other name, or null. */
  added: PersonNameValues | null;
}

export function planNames(
  keptNames: readonly PersonName[],
  otherNames: readonly PersonName[],
  winner: NameParts,
  loser: NameParts,
): NamePlan {
  const items: PersonMergeItem[] = keptNames.map((name) => ({
    id: name.id,
    label: nameText(name),
    side: 'kept',
    outcome: 'kept',
  }));
  const moved: string[] = [];
  for (const name of otherNames) {
    const twin = keptNames.find((mine) => sameName(mine, name));
    if (twin) {
      items.push({ id: name.id, label: nameText(name), side: 'other', outcome: 'joined', intoId: twin.id });
    } else {
      moved.push(name.id);
      items.push({ id: name.id, label: nameText(name), side: 'other', outcome: 'moved' });
    }
  }
  const known = [winner, ...keptNames, ...otherNames].some((name) => sameParts(name, loser));
  const added: PersonNameValues | null =
    known || (!loser.fName && !loser.lName)
      ? null
      : { type: 'variant', typeText: null, ...loser, fromDate: null, toDate: null };
  if (added) items.push({ id: 'added', label: nameText(loser), side: 'other', outcome: 'added' });
  return { items, moved, added };
}
