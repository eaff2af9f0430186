import { type Gender, uuidv7 } from '@anor/core';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parentChild, partner, person, tree as treeTable } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Creating many persons and relations at once (seed data now, GEDCOM import later): checked as a
 * whole in memory (no self links, at most two parents, no cycles), then written with multi-row
 * inserts in batches, and the root relations recomputed once.
 */

export interface BulkPerson {
  /** The caller's own key (a GEDCOM xref, a generator index); ids are made here. */
  key: string;
  fName: string | null;
  pName?: string | null;
  lName: string | null;
  gender: Gender;
  occupation?: string | null;
  description?: string | null;
  searchText: string;
  sortKey: string;
  /** The duplicate finder's name keys (@anor/core personMatchKeys); left out, they are computed at its next run. */
  matchKeys?: string[];
}

export interface BulkFamily {
  persons: BulkPerson[];
  /** [parent key, child key] */
  parents: [string, string][];
  /** [key, key] */
  partners: [string, string][];
  /** The person to make the tree's root, if any. */
  rootKey?: string;
}

const BATCH = 1000;

/** Throws the catalogue error for the first structural problem of the family. */
export function checkFamily(family: BulkFamily): void {
  const keys = new Set(family.persons.map((p) => p.key));
  if (keys.size !== family.persons.length) throw new AppError('common.error.validation', { reason: 'duplicateKey' });
  const parentsOf = new Map<string, string[]>();
  const childrenOf = new Map<string, string[]>();
  for (const [parentKey, childKey] of family.parents) {
    if (!keys.has(parentKey) || !keys.has(childKey)) throw new AppError('person.error.notFound');
    if (parentKey === childKey) throw new AppError('person.error.selfRelation');
    const parents = parentsOf.get(childKey) ?? [];
    if (parents.includes(parentKey)) continue;
    if (parents.length >= 2) throw new AppError('person.error.tooManyParents');
    parentsOf.set(childKey, [...parents, parentKey]);
    childrenOf.set(parentKey, [...(childrenOf.get(parentKey) ?? []), childKey]);
  }
  for (const [a, b] of family.partners) {
    if (!keys.has(a) || !keys.has(b)) throw new AppError('person.error.notFound');
    if (a === b) throw new AppError('person.error.selfRelation');
  }
  if (family.rootKey !== undefined && !keys.has(family.rootKey)) throw new AppError('person.error.notFound');
  // Kahn's algorithm: if not every person can be ordered parents-first, someone is their own ancestor.
  const waiting = new Map([...keys].map((key) => [key, parentsOf.get(key)?.length ?? 0]));
  const ready = [...keys].filter((key) => waiting.get(key) === 0);
  let ordered = 0;
  while (ready.length > 0) {
    const key = ready.pop() as string;
    ordered += 1;
    for (const child of childrenOf.get(key) ?? []) {
      const left = (waiting.get(child) ?? 0) - 1;
      waiting.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  if (ordered !== keys.size) throw new AppError('person.error.cycle');
}

/** Writes a checked family into a tree (inside the caller's transaction); answers the ids by key. */
export async function insertFamily(tx: Db, treeId: string, family: BulkFamily): Promise<Map<string, string>> {
  const ids = new Map(family.persons.map((p) => [p.key, uuidv7()]));
  const idOf = (key: string) => ids.get(key) as string;
  for (let i = 0; i < family.persons.length; i += BATCH) {
    await tx.insert(person).values(
      family.persons.slice(i, i + BATCH).map((p) => ({
        treeId,
        id: idOf(p.key),
        fName: p.fName,
        pName: p.pName ?? null,
        lName: p.lName,
        gender: p.gender,
        occupation: p.occupation ?? null,
        description: p.description ?? null,
        searchText: p.searchText,
        sortKey: p.sortKey,
        matchKeys: p.matchKeys ?? null,
      })),
    );
  }
  // The links' foreign-key checks find their persons by a plan made for the table as its statistics
  // describe it: an empty table's plan scans it whole for every link. Fresh statistics (they count
  // this transaction's rows) make it a look-up.
  if (family.persons.length >= BATCH) await tx.execute(sql`analyze ${person}`);
  const parentRows = [...new Map(family.parents.map(([p, c]) => [`${p} ${c}`, { p, c }])).values()];
  for (let i = 0; i < parentRows.length; i += BATCH) {
    await tx
      .insert(parentChild)
      .values(parentRows.slice(i, i + BATCH).map(({ p, c }) => ({ treeId, parentId: idOf(p), childId: idOf(c) })));
  }
  const partnerRows = [
    ...new Map(
      family.partners.map(([a, b]) => {
        const [x, y] = [idOf(a), idOf(b)].sort() as [string, string];
        return [`${x} ${y}`, { personA: x, personB: y }];
      }),
    ).values(),
  ];
  for (let i = 0; i < partnerRows.length; i += BATCH) {
    await tx.insert(partner).values(partnerRows.slice(i, i + BATCH).map((row) => ({ treeId, ...row })));
  }
  if (family.rootKey !== undefined) {
    await tx
      .update(treeTable)
      .set({ rootId: idOf(family.rootKey) })
      .where(eq(treeTable.id, treeId));
  }
  return ids;
}
