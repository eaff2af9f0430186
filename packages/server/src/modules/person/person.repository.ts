import type { ChildSummary, Gender, PersonSummary, Portrait, RootRelation, SiblingSummary } from '@anor/core';
import { type AnyColumn, and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { parentChild, partner, person, personPortrait, siblingLink, tree } from '../../db/schema.ts';

/** All SQL about persons and their relations. Every statement filters by tree_id. */

/**
 * A person summary's portrait (issue 22), `{ mediaId, crop }` or null, as a column of the statement
 * that reads the summaries: one primary-key look-up per row, no statement per person. `treeId` and
 * `personId` are the person row's columns (`sql\`p.tree_id\``, or drizzle's `person.treeId`). A
 * visitor never gets a living person's (the privacy hook blanks it, and nulls one whose image is
 * linked to anyone living).
 */
export function portraitColumn(treeId: SQL | AnyColumn, personId: SQL | AnyColumn): SQL<Portrait | null> {
  return sql<Portrait | null>`(select json_build_object('mediaId', pp.media_id,
      'crop', json_build_object('x', pp.crop_x, 'y', pp.crop_y, 'width', pp.crop_width, 'height', pp.crop_height))
    from ${personPortrait} pp where pp.tree_id = ${treeId} and pp.person_id = ${personId})`;
}

export const summaryColumns = {
  id: person.id,
  fName: person.fName,
  pName: person.pName,
  lName: person.lName,
  gender: person.gender,
  occupation: person.occupation,
  rootRelation: person.rootRelation,
  portrait: portraitColumn(person.treeId, person.id),
};

export interface PersonRow extends PersonSummary {
  treeId: string;
  description: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface PersonWrite {
  fName: string | null;
  pName: string | null;
  lName: string | null;
  gender: Gender;
  occupation: string | null;
  description: string | null;
  searchText: string;
  sortKey: string;
  /** The duplicate finder's name keys (@anor/core personMatchKeys); null: computed at the finder's next run. */
  matchKeys?: string[] | null;
}

export async function findPerson(db: Db, treeId: string, id: string): Promise<PersonRow | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      treeId: person.treeId,
      description: person.description,
      revision: person.revision,
      createdAt: person.createdAt,
      updatedAt: person.updatedAt,
    })
    .from(person)
    .where(and(eq(person.treeId, treeId), eq(person.id, id)));
  return row;
}

export function findSummaries(db: Db, treeId: string, ids: readonly string[]): Promise<PersonSummary[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(summaryColumns)
    .from(person)
    .where(and(eq(person.treeId, treeId), inArray(person.id, [...ids])))
    .orderBy(asc(person.id));
}

/** Which of these ids are persons of the tree. */
export async function existingIds(db: Db, treeId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: person.id })
    .from(person)
    .where(and(eq(person.treeId, treeId), inArray(person.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function insertPerson(db: Db, treeId: string, id: string, values: PersonWrite): Promise<void> {
  await db.insert(person).values({ treeId, id, ...values });
}

/** Several new persons in one statement. */
export async function insertPersons(
  db: Db,
  treeId: string,
  rows: readonly ({ id: string } & PersonWrite)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(person).values(rows.map((row) => ({ treeId, ...row })));
}

/**
 * Writes the person's own fields with a new revision if the stored revision is still `revision`;
 * answers whether it did. The check is in the statement, so two writers cannot both pass it.
 */
export async function updatePerson(
  db: Db,
  treeId: string,
  id: string,
  revision: number,
  values: Partial<PersonWrite>,
): Promise<boolean> {
  const updated = await db
    .update(person)
    .set({ ...values, revision: sql`${person.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(person.treeId, treeId), eq(person.id, id), eq(person.revision, revision)))
    .returning({ id: person.id });
  return updated.length === 1;
}

export async function deletePerson(db: Db, treeId: string, id: string): Promise<void> {
  await db.delete(person).where(and(eq(person.treeId, treeId), eq(person.id, id)));
}

// ---- Relations ----

export async function parentIdsOf(db: Db, treeId: string, childId: string): Promise<string[]> {
  const rows = await db
    .select({ id: parentChild.parentId })
    .from(parentChild)
    .where(and(eq(parentChild.treeId, treeId), eq(parentChild.childId, childId)))
    .orderBy(asc(parentChild.createdAt), asc(parentChild.parentId));
  return rows.map((row) => row.id);
}

export async function childIdsOf(db: Db, treeId: string, parentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: parentChild.childId })
    .from(parentChild)
    .where(and(eq(parentChild.treeId, treeId), eq(parentChild.parentId, parentId)));
  return rows.map((row) => row.id);
}

export async function explicitSiblingIdsOf(db: Db, treeId: string, personId: string): Promise<string[]> {
  const rows = await db
    .select({ a: siblingLink.personA, b: siblingLink.personB })
    .from(siblingLink)
    .where(
      and(eq(siblingLink.treeId, treeId), or(eq(siblingLink.personA, personId), eq(siblingLink.personB, personId))),
    )
    .orderBy(asc(siblingLink.createdAt), asc(siblingLink.personA), asc(siblingLink.personB));
  return rows.map((row) => (row.a === personId ? row.b : row.a));
}

export function parentsOf(db: Db, treeId: string, childId: string): Promise<PersonSummary[]> {
  return db
    .select(summaryColumns)
    .from(parentChild)
    .innerJoin(person, and(eq(person.treeId, parentChild.treeId), eq(person.id, parentChild.parentId)))
    .where(and(eq(parentChild.treeId, treeId), eq(parentChild.childId, childId)))
    .orderBy(asc(parentChild.createdAt), asc(person.id));
}

export function partnersOf(db: Db, treeId: string, personId: string): Promise<PersonSummary[]> {
  return db
    .select(summaryColumns)
    .from(partner)
    .innerJoin(
      person,
      and(
        eq(person.treeId, partner.treeId),
        sql`${person.id} = case when ${partner.personA} = ${personId} then ${partner.personB} else ${partner.personA} end`,
      ),
    )
    .where(and(eq(partner.treeId, treeId), or(eq(partner.personA, personId), eq(partner.personB, personId))))
    .orderBy(asc(partner.createdAt), asc(person.id));
}

/** The person's children, each with its other parent (null when unknown), in the order they were added. */
export async function childrenOf(db: Db, treeId: string, parentId: string): Promise<ChildSummary[]> {
  const otherParent = sql<string | null>`(
    select other.parent_id from ${parentChild} other
    where other.tree_id = ${treeId} and other.child_id = ${person.id} and other.parent_id <> ${parentId}
    order by other.created_at, other.parent_id limit 1)`;
  return db
    .select({ ...summaryColumns, otherParentId: otherParent })
    .from(parentChild)
    .innerJoin(person, and(eq(person.treeId, parentChild.treeId), eq(person.id, parentChild.childId)))
    .where(and(eq(parentChild.treeId, treeId), eq(parentChild.parentId, parentId)))
    .orderBy(asc(parentChild.createdAt), asc(person.createdAt), asc(person.id));
}

/**
 * Siblings through shared parents (full when they share all known parents of both, else half),
 * then siblings by explicit link.
 */
export async function siblingsOf(db: Db, treeId: string, personId: string): Promise<SiblingSummary[]> {
  const derived = await queryRows<PersonSummary & { shared: number; theirs: number; mine: number }>(
    db,
    sql`
    with mine as (
      select parent_id from ${parentChild} where tree_id = ${treeId} and child_id = ${personId}
    ), candidates as (
      select pc.child_id as id, count(*)::int as shared
      from ${parentChild} pc join mine on pc.parent_id = mine.parent_id
      where pc.tree_id = ${treeId} and pc.child_id <> ${personId}
      group by pc.child_id
    )
    select p.id, p.f_name as "fName", p.p_name as "pName", p.l_name as "lName", p.gender, p.occupation,
      p.root_relation as "rootRelation", ${portraitColumn(sql`p.tree_id`, sql`p.id`)} as portrait, c.shared,
      (select count(*)::int from ${parentChild} t where t.tree_id = ${treeId} and t.child_id = p.id) as theirs,
      (select count(*)::int from mine) as mine
    from candidates c join ${person} p on p.tree_id = ${treeId} and p.id = c.id
    order by p.created_at, p.id`,
  );
  const siblings: SiblingSummary[] = derived.map(({ shared, theirs, mine, ...summary }) => ({
    ...summary,
    kind: shared === theirs && shared === mine ? 'full' : 'half',
  }));
  const explicitIds = (await explicitSiblingIdsOf(db, treeId, personId)).filter(
    (id) => !siblings.some((sibling) => sibling.id === id),
  );
  const explicit = await findSummaries(db, treeId, explicitIds);
  return [...siblings, ...explicit.map((summary) => ({ ...summary, kind: 'explicit' as const }))];
}

export async function insertParentLink(db: Db, treeId: string, parentId: string, childId: string): Promise<void> {
  await db.insert(parentChild).values({ treeId, parentId, childId }).onConflictDoNothing();
}

export async function insertPartnerLink(db: Db, treeId: string, a: string, b: string): Promise<void> {
  const [personA, personB] = ordered(a, b);
  await db.insert(partner).values({ treeId, personA, personB }).onConflictDoNothing();
}

export async function insertSiblingLink(db: Db, treeId: string, a: string, b: string): Promise<void> {
  const [personA, personB] = ordered(a, b);
  await db.insert(siblingLink).values({ treeId, personA, personB }).onConflictDoNothing();
}

/** Deletes parent links of the child (all, or those of the given parents); answers how many went. */
export async function deleteParentLinks(
  db: Db,
  treeId: string,
  childId: string,
  parentIds?: string[],
): Promise<number> {
  const conditions: SQL[] = [eq(parentChild.treeId, treeId), eq(parentChild.childId, childId)];
  if (parentIds) {
    if (parentIds.length === 0) return 0;
    conditions.push(inArray(parentChild.parentId, parentIds));
  }
  const deleted = await db
    .delete(parentChild)
    .where(and(...conditions))
    .returning({ id: parentChild.parentId });
  return deleted.length;
}

export async function deletePartnerLink(db: Db, treeId: string, a: string, b: string): Promise<number> {
  const [personA, personB] = ordered(a, b);
  const deleted = await db
    .delete(partner)
    .where(and(eq(partner.treeId, treeId), eq(partner.personA, personA), eq(partner.personB, personB)))
    .returning({ id: partner.personA });
  return deleted.length;
}

/** Deletes explicit sibling links of a person (all, or only the one with `other`). */
export async function deleteSiblingLinks(db: Db, treeId: string, personId: string, other?: string): Promise<number> {
  const condition = other
    ? and(eq(siblingLink.personA, ordered(personId, other)[0]), eq(siblingLink.personB, ordered(personId, other)[1]))
    : or(eq(siblingLink.personA, personId), eq(siblingLink.personB, personId));
  const deleted = await db
    .delete(siblingLink)
    .where(and(eq(siblingLink.treeId, treeId), condition))
    .returning({ id: siblingLink.personA });
  return deleted.length;
}

/** Removes every relation of a person: parents, children, partners and explicit siblings. */
export async function deleteAllLinks(db: Db, treeId: string, personId: string): Promise<void> {
  await db
    .delete(parentChild)
    .where(
      and(eq(parentChild.treeId, treeId), or(eq(parentChild.parentId, personId), eq(parentChild.childId, personId))),
    );
  await db
    .delete(partner)
    .where(and(eq(partner.treeId, treeId), or(eq(partner.personA, personId), eq(partner.personB, personId))));
  await deleteSiblingLinks(db, treeId, personId);
}

/** Whether `candidate` is an ancestor of `personId` (walks up from the person; UNION stops at repeats). */
export async function isAncestor(db: Db, treeId: string, candidate: string, personId: string): Promise<boolean> {
  const result = await queryRows<{ found: number }>(
    db,
    sql`
    with recursive up(id) as (
      select parent_id from ${parentChild} where tree_id = ${treeId} and child_id = ${personId}
      union
      select pc.parent_id from ${parentChild} pc join up on pc.child_id = up.id where pc.tree_id = ${treeId}
    )
    select 1 as found from up where id = ${candidate} limit 1`,
  );
  return result.length > 0;
}

/** The root's lineage (root, ancestors, descendants) by recursive queries over parent links. */
function lineage(treeId: string) {
  return sql`
    with recursive root as (
      select root_id as id from ${tree} where id = ${treeId} and root_id is not null
    ), ancestors(id) as (
      select pc.parent_id from ${parentChild} pc join root on pc.child_id = root.id where pc.tree_id = ${treeId}
      union
      select pc.parent_id from ${parentChild} pc join ancestors a on pc.child_id = a.id where pc.tree_id = ${treeId}
    ), descendants(id) as (
      select pc.child_id from ${parentChild} pc join root on pc.parent_id = root.id where pc.tree_id = ${treeId}
      union
      select pc.child_id from ${parentChild} pc join descendants d on pc.parent_id = d.id where pc.tree_id = ${treeId}
    ), target as (
      select id, 'root' as relation from root
      union all select id, 'ancestor' from ancestors
      union all select id, 'descendant' from descendants
    )`;
}

/**
 * Recomputes every person's relation to the root set-wise. Only the lineage and the persons that
 * were in it are touched (a partial index finds the latter), so the cost follows the size of the
 * root's lineage, not of the tree.
 */
export async function recomputeRootRelations(db: Db, treeId: string): Promise<void> {
  await db.execute(sql`
    ${lineage(treeId)}
    update ${person} p set root_relation = 'none'
    where p.tree_id = ${treeId} and p.root_relation <> 'none' and p.id not in (select id from target)`);
  await db.execute(sql`
    ${lineage(treeId)}
    update ${person} p set root_relation = target.relation
    from target
    where p.tree_id = ${treeId} and p.id = target.id and p.root_relation <> target.relation`);
}

/**
 * After a new link parent → child: if the child is the root or its ancestor, the parent and all
 * their ancestors become ancestors; if the parent is the root or its descendant, the child and all
 * theirs become descendants. (Nobody can be both: cycles are refused.)
 */
export async function propagateRootRelation(
  db: Db,
  treeId: string,
  parent: { id: string; rootRelation: RootRelation },
  child: { id: string; rootRelation: RootRelation },
): Promise<void> {
  if (child.rootRelation === 'root' || child.rootRelation === 'ancestor') {
    await db.execute(sql`
      with recursive up(id) as (
        select ${parent.id}::uuid
        union
        select pc.parent_id from ${parentChild} pc join up on pc.child_id = up.id where pc.tree_id = ${treeId}
      )
      update ${person} set root_relation = 'ancestor'
      where tree_id = ${treeId} and id in (select id from up) and root_relation = 'none'`);
  }
  if (parent.rootRelation === 'root' || parent.rootRelation === 'descendant') {
    await db.execute(sql`
      with recursive down(id) as (
        select ${child.id}::uuid
        union
        select pc.child_id from ${parentChild} pc join down on pc.parent_id = down.id where pc.tree_id = ${treeId}
      )
      update ${person} set root_relation = 'descendant'
      where tree_id = ${treeId} and id in (select id from down) and root_relation = 'none'`);
  }
}

/** The root relations of some persons, by id. */
export async function rootRelationsOf(
  db: Db,
  treeId: string,
  ids: readonly string[],
): Promise<Map<string, RootRelation>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: person.id, rootRelation: person.rootRelation })
    .from(person)
    .where(and(eq(person.treeId, treeId), inArray(person.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.rootRelation]));
}

/** Refreshes the planner's statistics of the person tables after a bulk import. */
export async function analyzeTables(db: Db): Promise<void> {
  await db.execute(sql`analyze ${person}, ${parentChild}, ${partner}`);
}

export async function setRoot(db: Db, treeId: string, rootId: string): Promise<void> {
  await db.update(tree).set({ rootId, updatedAt: new Date() }).where(eq(tree.id, treeId));
}

// ---- Charts ----

export interface ChartRow extends PersonSummary {
  generation: number;
}

const chartSummary = sql`p.id, p.f_name as "fName", p.p_name as "pName", p.l_name as "lName", p.gender,
  p.occupation, p.root_relation as "rootRelation", ${portraitColumn(sql`p.tree_id`, sql`p.id`)} as portrait`;

/**
 * The person and their ancestors (up) or descendants (down) to `generations`, each once at their
 * nearest generation. UNION over (id, generation) keeps pedigree collapse from multiplying rows.
 */
export function lineageOf(
  db: Db,
  treeId: string,
  startId: string,
  direction: 'up' | 'down',
  generations: number,
  limit: number,
): Promise<ChartRow[]> {
  const [from, to] =
    direction === 'up' ? [sql.raw('child_id'), sql.raw('parent_id')] : [sql.raw('parent_id'), sql.raw('child_id')];
  return queryRows<ChartRow>(
    db,
    sql`
    with recursive walk(id, generation) as (
      select ${startId}::uuid, 0
      union
      select pc.${to}, walk.generation + 1
      from ${parentChild} pc join walk on pc.${from} = walk.id
      where pc.tree_id = ${treeId} and walk.generation < ${generations}
    ), nearest as (
      select id, min(generation) as generation from walk group by id
    )
    select ${chartSummary}, n.generation::int as generation
    from nearest n join ${person} p on p.tree_id = ${treeId} and p.id = n.id
    order by n.generation, p.id
    limit ${limit}`,
  );
}

/** Parent links among and from a set of persons (child in the set). */
export async function parentLinksOf(db: Db, treeId: string, childIds: readonly string[]) {
  if (childIds.length === 0) return [];
  return db
    .select({ parentId: parentChild.parentId, childId: parentChild.childId })
    .from(parentChild)
    .where(and(eq(parentChild.treeId, treeId), inArray(parentChild.childId, [...childIds])))
    .orderBy(asc(parentChild.createdAt), asc(parentChild.parentId), asc(parentChild.childId));
}

/** Partner links touching a set of persons (two index lookups rather than one OR). */
export async function partnerLinksOf(db: Db, treeId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const columns = { a: partner.personA, b: partner.personB };
  const [fromA, fromB] = [
    await db
      .select(columns)
      .from(partner)
      .where(and(eq(partner.treeId, treeId), inArray(partner.personA, [...ids])))
      .orderBy(asc(partner.createdAt), asc(partner.personA), asc(partner.personB)),
    await db
      .select(columns)
      .from(partner)
      .where(and(eq(partner.treeId, treeId), inArray(partner.personB, [...ids])))
      .orderBy(asc(partner.createdAt), asc(partner.personA), asc(partner.personB)),
  ];
  const unique = new Map([...fromA, ...fromB].map((link) => [`${link.a} ${link.b}`, link]));
  return [...unique.values()];
}

// ---- Lists: person-list.repository.ts ----

export { listPersons, type PersonListFilter } from './person-list.repository.ts';

function ordered(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}
