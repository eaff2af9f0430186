import type { PersonName, PersonNameType, PersonNameValues } from '@anor/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { personName } from '../../db/schema.ts';

/** All SQL about a person's other names (issue 19, item 14). Every statement filters by tree_id. */

const columns = {
  id: personName.id,
  personId: personName.personId,
  type: personName.type,
  typeText: personName.typeText,
  fName: personName.fName,
  pName: personName.pName,
  lName: personName.lName,
  fromDate: personName.fromDate,
  toDate: personName.toDate,
};

type NameRow = PersonName & { personId: string };

function answer({ personId: _personId, ...row }: NameRow): PersonName {
  return { ...row, type: row.type as PersonNameType };
}

export async function namesOf(db: Db, treeId: string, personId: string): Promise<PersonName[]> {
  const rows = await db
    .select(columns)
    .from(personName)
    .where(and(eq(personName.treeId, treeId), eq(personName.personId, personId)))
    .orderBy(asc(personName.position), asc(personName.id));
  return rows.map((row) => answer(row as NameRow));
}

/** The other names of many persons at once, by person, each list in order. */
export async function namesOfPersons(
  db: Db,
  treeId: string,
  personIds: readonly string[],
): Promise<Map<string, PersonName[]>> {
  const byPerson = new Map<string, PersonName[]>();
  if (personIds.length === 0) return byPerson;
  const rows = await db
    .select(columns)
    .from(personName)
    .where(and(eq(personName.treeId, treeId), inArray(personName.personId, [...personIds])))
    .orderBy(asc(personName.personId), asc(personName.position), asc(personName.id));
  for (const row of rows) {
    const list = byPerson.get(row.personId) ?? [];
    list.push(answer(row as NameRow));
    byPerson.set(row.personId, list);
  }
  return byPerson;
}

export interface NameInsert extends PersonNameValues {
  id: string;
  personId: string;
  position: number;
}

/** Inserts names in one statement (none: nothing). */
export async function insertNames(db: Db, treeId: string, names: readonly NameInsert[]): Promise<void> {
  if (names.length === 0) return;
  await db.insert(personName).values(names.map((name) => ({ treeId, ...name })));
}

/** Replaces a person's other names with `names`, in their order. */
export async function replaceNames(
  db: Db,
  treeId: string,
  personId: string,
  names: readonly (PersonNameValues & { id: string })[],
): Promise<void> {
  await db.delete(personName).where(and(eq(personName.treeId, treeId), eq(personName.personId, personId)));
  await insertNames(
    db,
    treeId,
    names.map((name, position) => ({ ...name, personId, position })),
  );
}
