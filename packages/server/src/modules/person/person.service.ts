import {
  type ChartAnswer,
  type ChildrenAnswer,
  type CreatePersonBody,
  type FamilyAnswer,
  type Gender,
  type MainNodesAnswer,
  may,
  type NewPersonRelation,
  type Person,
  type PersonListAnswer,
  type PersonListParams,
  type PersonNamesValues,
  type PersonValues,
  personMatchKeys,
  personSearchTerms,
  personSearchText,
  personSortKey,
  privacyRule,
  uuidv7,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { lifeSummaryOf } from '../event/event.life.ts';
import { deleteEvents, eventsDependingOn } from '../event/event.repository.ts';
import { privateMediaIds } from '../media/media.privacy.ts';
import { portraitsOf } from '../media/media.repository.ts';
import { countPublicItems } from '../privacy/privacy.repository.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { assertAccess, assertWithinLimits, roleInTree } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import * as trees from '../tree/tree.repository.ts';
import { type BulkFamily, checkFamily, insertFamily } from './person.bulk.ts';
import { CHART_LIMIT, chartOf } from './person.chart.ts';
import { lifeYearsOf, withLifeYears } from './person.life-years.ts';
import * as persons from './person.repository.ts';
import * as personNames from './person-names.repository.ts';

export interface PersonServiceDeps {
  db: Db;
  /** Born longer ago than this: presumed dead, so listed to visitors (see modules/privacy/). */
  livingYears?: number;
}

interface NameFields {
  fName: string | null;
  pName: string | null;
  lName: string | null;
  occupation?: string | null;
}

/**
 * The derived columns that make search and Swedish sorting work in SQL: the search text holds the
 * person's other names too, so that search finds a person by any of them.
 */
function derivedColumns(values: NameFields, otherNames: readonly NameFields[] = []) {
  return {
    searchText: personSearchText([values, ...otherNames], values.occupation),
    sortKey: personSortKey(values),
    // The duplicate finder's name keys (modules/duplicate).
    matchKeys: personMatchKeys([values, ...otherNames]),
  };
}

/**
 * Gives each name a new id, in the names' order: version-7 ids made in the same millisecond are
 * not ordered among themselves, so they are sorted before they are handed out.
 */
function withOrderedIds<T>(names: readonly T[]): (T & { id: string })[] {
  const ids = names.map(() => uuidv7()).sort();
  return names.map((name, index) => ({ ...name, id: ids[index] as string }));
}

export function createPersonService({ db, livingYears = privacyRule.livingYears }: PersonServiceDeps) {
  const { read, write, counted } = createTreeGate(db);

  async function requirePerson(tx: Db, treeId: string, id: string) {
    const row = await persons.findPerson(tx, treeId, id);
    if (!row) throw new AppError('person.error.notFound');
    return row;
  }

  async function requirePersons(tx: Db, treeId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const found = await persons.existingIds(tx, treeId, unique);
    if (found.size !== unique.length) throw new AppError('person.error.notFound');
  }

  /** Makes `parentId` a parent of `childId`, refusing self links, a third parent and cycles. Idempotent. */
  async function linkParent(tx: Db, treeId: string, parentId: string, childId: string) {
    if (parentId === childId) throw new AppError('person.error.selfRelation');
    const current = await persons.parentIdsOf(tx, treeId, childId);
    if (current.includes(parentId)) return;
    // The parent must not already descend from the child: nobody becomes their own ancestor.
    if (await persons.isAncestor(tx, treeId, childId, parentId)) throw new AppError('person.error.cycle');
    if (current.length >= 2) throw new AppError('person.error.tooManyParents');
    await persons.insertParentLink(tx, treeId, parentId, childId);
    // The two parents of a child are a couple, as every genealogy program shows them.
    const [otherParent] = current;
    if (otherParent) await persons.insertPartnerLink(tx, treeId, otherParent, parentId);
    const relations = await persons.rootRelationsOf(tx, treeId, [parentId, childId]);
    await persons.propagateRootRelation(
      tx,
      treeId,
      { id: parentId, rootRelation: relations.get(parentId) ?? 'none' },
      { id: childId, rootRelation: relations.get(childId) ?? 'none' },
    );
  }

  async function linkPartner(tx: Db, treeId: string, a: string, b: string, childIds: readonly string[] = []) {
    if (a === b) throw new AppError('person.error.selfRelation');
    await persons.insertPartnerLink(tx, treeId, a, b);
    if (childIds.length === 0) return;
    const children = new Set(await persons.childIdsOf(tx, treeId, a));
    for (const childId of childIds) {
      if (!children.has(childId)) throw new AppError('person.error.relationNotFound');
      await linkParent(tx, treeId, b, childId);
    }
  }

  /** Siblings share parents: the one without parents gets the other's; neither has any: an explicit link. */
  async function linkSibling(tx: Db, treeId: string, a: string, b: string) {
    if (a === b) throw new AppError('person.error.selfRelation');
    const parentsOfA = await persons.parentIdsOf(tx, treeId, a);
    const parentsOfB = await persons.parentIdsOf(tx, treeId, b);
    if (parentsOfA.length === 0 && parentsOfB.length === 0) {
      await persons.insertSiblingLink(tx, treeId, a, b);
      return;
    }
    const [from, to] = parentsOfA.length > 0 ? [parentsOfA, b] : [parentsOfB, a];
    for (const parentId of from) await linkParent(tx, treeId, parentId, to);
  }

  /** A new person, with their other names (issue 19 item 14) in the same transaction. */
  async function insertNew(tx: Db, treeId: string, values: PersonValues): Promise<string> {
    assertWithinLimits(await counted(tx, treeId), 'persons');
    const id = uuidv7();
    const { names = [], ...own } = values;
    await persons.insertPerson(tx, treeId, id, { ...own, ...derivedColumns(own, names) });
    if (names.length > 0) await personNames.replaceNames(tx, treeId, id, withOrderedIds(names));
    return id;
  }

  async function attachNew(tx: Db, treeId: string, newId: string, relation: NewPersonRelation) {
    await requirePerson(tx, treeId, relation.personId);
    switch (relation.type) {
      case 'parent':
        await linkParent(tx, treeId, newId, relation.personId);
        return;
      case 'child':
        await linkParent(tx, treeId, relation.personId, newId);
        if (relation.otherParentId) {
          await requirePerson(tx, treeId, relation.otherParentId);
          await linkParent(tx, treeId, relation.otherParentId, newId);
        }
        return;
      case 'partner':
        await linkPartner(tx, treeId, relation.personId, newId, relation.childIds ?? []);
        return;
      case 'sibling':
        await linkSibling(tx, treeId, relation.personId, newId);
        return;
    }
  }

  /**
   * The person with their relatives. With `lifeYears` the relatives carry their life years and
   * birthplaces (the person page's chips); `onlyPublic` for a visitor's answer.
   */
  async function loadPerson(
    tx: Db,
    tree: trees.TreeAccessRow,
    id: string,
    lifeYears?: { onlyPublic: boolean },
  ): Promise<Person> {
    // One after another: inside a transaction the queries share one connection.
    const row = await requirePerson(tx, tree.id, id);
    let parents = await persons.parentsOf(tx, tree.id, id);
    let children = await persons.childrenOf(tx, tree.id, id);
    let partners = await persons.partnersOf(tx, tree.id, id);
    let siblings = await persons.siblingsOf(tx, tree.id, id);
    const life = await lifeSummaryOf(tx, tree.id, id);
    // The person's own life years too, for the labels that name them (a new event's main person).
    let own: Partial<Pick<Person, 'born' | 'died' | 'birthPlace'>> = {};
    if (lifeYears) {
      const ids = [id, ...parents, ...children, ...partners, ...siblings].map((p) =>
        typeof p === 'string' ? p : p.id,
      );
      const years = await lifeYearsOf(tx, tree.id, ids, lifeYears);
      own = years.get(id) ?? { born: null, died: null, birthPlace: null };
      parents = withLifeYears(parents, years);
      children = withLifeYears(children, years);
      partners = withLifeYears(partners, years);
      siblings = withLifeYears(siblings, years);
    }
    const names = await personNames.namesOf(tx, tree.id, id);
    let [portrait = null] = await portraitsOf(tx, tree.id, [id]);
    // A visitor is not shown a portrait from media linked to anyone living (the person's own privacy: redact.ts).
    if (portrait && lifeYears?.onlyPublic) {
      if ((await privateMediaIds(tx, tree.id, [portrait.mediaId], livingYears)).size > 0) portrait = null;
    }
    return {
      id: row.id,
      treeId: row.treeId,
      fName: row.fName,
      pName: row.pName,
      lName: row.lName,
      gender: row.gender,
      occupation: row.occupation,
      description: row.description,
      revision: row.revision,
      rootRelation: row.rootRelation,
      isRoot: tree.rootId === row.id,
      rootId: tree.rootId,
      parentIds: parents.map((p) => p.id),
      childIds: children.map((p) => p.id),
      partnerIds: partners.map((p) => p.id),
      siblingIds: siblings.map((p) => p.id),
      parents,
      children,
      partners,
      siblings,
      ...life,
      ...own,
      names,
      portrait: portrait && { mediaId: portrait.mediaId, crop: portrait.crop },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * Writes a change of the person's own fields with a new revision. `basedOn` is the revision the
   * edit started from (absent: SPEC §7's bodies carry none, so the stored one): if the person was
   * saved since, nothing is written and the answer is 409 with the stored person, so a second
   * session cannot overwrite the first one's change unseen. An unchanged person is not written.
   */
  async function writeOwnFields(
    tx: Db,
    tree: trees.TreeAccessRow,
    id: string,
    basedOn: number | undefined,
    values: Partial<Omit<PersonValues, 'names'>>,
  ): Promise<void> {
    const current = await requirePerson(tx, tree.id, id);
    const conflict = async () => new AppError('person.error.conflict', { current: await loadPerson(tx, tree, id) });
    if (basedOn !== undefined && basedOn !== current.revision) throw await conflict();
    // A field the request left out (undefined) keeps its stored value.
    const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<
      Omit<PersonValues, 'names'>
    >;
    const keys = Object.keys(changes) as (keyof Omit<PersonValues, 'names'>)[];
    if (keys.every((key) => changes[key] === current[key])) return;
    const written = await persons.updatePerson(tx, tree.id, id, current.revision, {
      ...changes,
      ...derivedColumns({ ...current, ...changes }, await personNames.namesOf(tx, tree.id, id)),
    });
    // The tree lock already serialises writes; the statement checks again, so the rule does not rest on it.
    if (!written) throw await conflict();
  }

  /**
   * A change of relations in one transaction, answering the person. New parent links keep root
   * relations up to date themselves; work that removes links answers whether the root's lineage
   * was touched, and then root relations are recomputed.
   */
  async function relationWrite(
    treeId: string,
    viewer: Viewer,
    answerFor: string,
    work: (tx: Db, tree: trees.TreeAccessRow) => Promise<boolean | undefined>,
  ): Promise<Person> {
    return write(treeId, viewer, async (tx, tree) => {
      await requirePerson(tx, treeId, answerFor);
      if (await work(tx, tree)) await persons.recomputeRootRelations(tx, treeId);
      return loadPerson(tx, tree, answerFor);
    });
  }

  /** Whether removing links around these persons can change root relations: only if one is in the lineage. */
  async function touchesLineage(tx: Db, treeId: string, ids: readonly string[]) {
    const relations = await persons.rootRelationsOf(tx, treeId, ids);
    return [...relations.values()].some((relation) => relation !== 'none');
  }

  /** A chart from the start person: the lineage `rows` finds, cut at `CHART_LIMIT` (person.chart.ts). */
  async function chart(
    treeId: string,
    viewer: Viewer,
    startId: string,
    rows: (tx: Db) => Promise<persons.ChartRow[]>,
    withPartners: boolean,
  ): Promise<ChartAnswer> {
    await read(treeId, viewer);
    const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
    await requirePerson(db, treeId, startId);
    return chartOf(db, treeId, startId, await rows(db), { withPartners, onlyPublic });
  }

  return {
    async mainNodes(treeId: string, viewer: Viewer): Promise<MainNodesAnswer> {
      const tree = await trees.findTree(db, treeId, viewer.user?.id ?? null);
      assertAccess(tree, viewer, 'read');
      const [root] = tree.rootId ? await persons.findSummaries(db, treeId, [tree.rootId]) : [];
      // A visitor's counts are those of what their lists show (issue 18): no living person counts.
      const visible = (await leavesOutPrivate(db, treeId, viewer, livingYears))
        ? await countPublicItems(db, treeId)
        : { persons: tree.personsAmount, events: tree.eventsAmount, sources: tree.sourcesAmount };
      return {
        treeId,
        name: tree.name,
        rootId: tree.rootId,
        root: root ?? null,
        personsAmount: visible.persons,
        locationsAmount: tree.locationsAmount,
        eventsAmount: visible.events,
        sourcesAmount: visible.sources,
        // A contributor edits too: their changes are kept for review (issue 26, modules/proposal/).
        canEdit: may(roleInTree(tree, viewer), 'propose'),
      };
    },

    async list(treeId: string, viewer: Viewer, query: PersonListParams): Promise<PersonListAnswer> {
      await read(treeId, viewer);
      const { page, pageSize } = query;
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const { items, total } = await persons.listPersons(db, treeId, {
        onlyPublic,
        terms: personSearchTerms(query.q ?? ''),
        gender: query.gender,
        directLineage: query.lineage === 'direct',
        sort: query.sort,
        exclude: query.exclude,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const years = await lifeYearsOf(
        db,
        treeId,
        items.map((item) => item.id),
        { onlyPublic },
      );
      return { items: withLifeYears(items, years), total, page, pageSize };
    },

    async get(treeId: string, viewer: Viewer, id: string): Promise<Person> {
      const tree = await read(treeId, viewer);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      return loadPerson(db, tree, id, { onlyPublic });
    },

    async children(treeId: string, viewer: Viewer, id: string): Promise<ChildrenAnswer> {
      await read(treeId, viewer);
      await requirePerson(db, treeId, id);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const children = await persons.childrenOf(db, treeId, id);
      const otherIds = [...new Set(children.map((c) => c.otherParentId).filter((x): x is string => x !== null))];
      const otherParents = await persons.findSummaries(db, treeId, otherIds);
      const years = await lifeYearsOf(db, treeId, [...children.map((c) => c.id), ...otherIds], { onlyPublic });
      return { children: withLifeYears(children, years), otherParents: withLifeYears(otherParents, years) };
    },

    async family(treeId: string, viewer: Viewer, id: string): Promise<FamilyAnswer> {
      const tree = await read(treeId, viewer);
      const person = await loadPerson(db, tree, id);
      const grandparents = (
        await Promise.all(
          person.parents.map(async (parent) =>
            (await persons.parentsOf(db, treeId, parent.id)).map((gp) => ({ ...gp, childId: parent.id })),
          ),
        )
      ).flat();
      const { parents, partners, children, siblings, ...rest } = person;
      const summary = {
        id: rest.id,
        fName: rest.fName,
        pName: rest.pName,
        lName: rest.lName,
        gender: rest.gender,
        occupation: rest.occupation,
        rootRelation: rest.rootRelation,
        portrait: rest.portrait ?? null,
      };
      const partnerIds = new Set(partners.map((p) => p.id));
      const otherParentIds = [
        ...new Set(
          children.map((c) => c.otherParentId).filter((id): id is string => id !== null && !partnerIds.has(id)),
        ),
      ];
      const otherParents = await persons.findSummaries(db, treeId, otherParentIds);
      const onlyPublic = await leavesOutPrivate(db, treeId, viewer, livingYears);
      const everyone = [summary, ...parents, ...partners, ...children, ...siblings, ...grandparents, ...otherParents];
      const years = await lifeYearsOf(
        db,
        treeId,
        everyone.map((p) => p.id),
        { onlyPublic },
      );
      return {
        person: withLifeYears([summary], years)[0] ?? summary,
        parents: withLifeYears(parents, years),
        partners: withLifeYears(partners, years),
        children: withLifeYears(children, years),
        siblings: withLifeYears(siblings, years),
        grandparents: withLifeYears(grandparents, years),
        otherParents: withLifeYears(otherParents, years),
      };
    },

    ancestors(treeId: string, viewer: Viewer, id: string, generations: number) {
      return chart(
        treeId,
        viewer,
        id,
        (tx) => persons.lineageOf(tx, treeId, id, 'up', generations, CHART_LIMIT + 1),
        false,
      );
    },

    descendants(treeId: string, viewer: Viewer, id: string, depth: number) {
      return chart(treeId, viewer, id, (tx) => persons.lineageOf(tx, treeId, id, 'down', depth, CHART_LIMIT + 1), true);
    },

    /** Creates a person, attached to a relation or as the new root, within the tree's limits. */
    async create(treeId: string, viewer: Viewer, body: CreatePersonBody & { person: PersonValues }) {
      return write(treeId, viewer, async (tx, tree) => {
        const id = await insertNew(tx, treeId, body.person);
        if (body.relation) await attachNew(tx, treeId, id, body.relation);
        if (body.asRoot) {
          await persons.setRoot(tx, treeId, id);
          await persons.recomputeRootRelations(tx, treeId);
        }
        return loadPerson(tx, { ...tree, rootId: body.asRoot ? id : tree.rootId }, id);
      });
    },

    async createChild(treeId: string, viewer: Viewer, child: PersonValues, parentIds: string[]) {
      return write(treeId, viewer, async (tx, tree) => {
        await requirePersons(tx, treeId, parentIds);
        const id = await insertNew(tx, treeId, child);
        for (const parentId of new Set(parentIds)) await linkParent(tx, treeId, parentId, id);
        return loadPerson(tx, tree, id);
      });
    },

    /** Changes some of the person's own fields (names, gender, occupation, description). */
    async update(
      treeId: string,
      viewer: Viewer,
      id: string,
      { revision, names, ...values }: Partial<PersonValues> & { revision?: number | undefined },
    ) {
      return write(treeId, viewer, async (tx, tree) => {
        if (names === undefined) {
          await writeOwnFields(tx, tree, id, revision, values);
          return loadPerson(tx, tree, id);
        }
        // The name and the other names from the person dialog (issue 19 item 14): one revision, one transaction.
        const current = await requirePerson(tx, tree.id, id);
        const conflict = async () => new AppError('person.error.conflict', { current: await loadPerson(tx, tree, id) });
        if (revision !== undefined && revision !== current.revision) throw await conflict();
        const changes = Object.fromEntries(
          Object.entries(values).filter(([, value]) => value !== undefined),
        ) as Partial<PersonValues>;
        await personNames.replaceNames(tx, tree.id, id, withOrderedIds(names));
        const written = await persons.updatePerson(tx, tree.id, id, current.revision, {
          ...changes,
          ...derivedColumns({ ...current, ...changes }, names),
        });
        if (!written) throw await conflict();
        return loadPerson(tx, tree, id);
      });
    },

    /**
     * Replaces the person's other names (issue 19, item 14) from the revision the edit started
     * from, in one transaction with the person's new search text and revision.
     */
    async setNames(treeId: string, viewer: Viewer, id: string, { names, revision }: PersonNamesValues) {
      return write(treeId, viewer, async (tx, tree) => {
        const current = await requirePerson(tx, tree.id, id);
        const conflict = async () => new AppError('person.error.conflict', { current: await loadPerson(tx, tree, id) });
        if (revision !== undefined && revision !== current.revision) throw await conflict();
        await personNames.replaceNames(tx, tree.id, id, withOrderedIds(names));
        const written = await persons.updatePerson(tx, tree.id, id, current.revision, derivedColumns(current, names));
        if (!written) throw await conflict();
        return loadPerson(tx, tree, id);
      });
    },

    /** SPEC §7 answers the new gender; the new revision comes with it for the client's next edit. */
    async setGender(treeId: string, viewer: Viewer, id: string, gender: Gender, revision?: number) {
      return write(treeId, viewer, async (tx, tree) => {
        await writeOwnFields(tx, tree, id, revision, { gender });
        const row = await requirePerson(tx, treeId, id);
        return { gender: row.gender, revision: row.revision };
      });
    },

    addParent: (treeId: string, viewer: Viewer, childId: string, parentId: string) =>
      relationWrite(treeId, viewer, childId, async (tx) => {
        await requirePerson(tx, treeId, parentId);
        await linkParent(tx, treeId, parentId, childId);
      }),

    addPartner: (treeId: string, viewer: Viewer, id: string, partnerId: string, childIds: string[]) =>
      relationWrite(treeId, viewer, id, async (tx) => {
        await requirePerson(tx, treeId, partnerId);
        await linkPartner(tx, treeId, id, partnerId, childIds);
      }),

    addSibling: (treeId: string, viewer: Viewer, id: string, siblingId: string) =>
      relationWrite(treeId, viewer, id, async (tx) => {
        await requirePerson(tx, treeId, siblingId);
        await linkSibling(tx, treeId, id, siblingId);
      }),

    addChild: (treeId: string, viewer: Viewer, id: string, childId: string, partnerId?: string | null) =>
      relationWrite(treeId, viewer, id, async (tx) => {
        await requirePersons(tx, treeId, partnerId ? [childId, partnerId] : [childId]);
        await linkParent(tx, treeId, id, childId);
        if (partnerId) await linkParent(tx, treeId, partnerId, childId);
      }),

    /** Links two existing persons (SPEC POST relationship): parent means startId is endId's parent. */
    async relate(
      treeId: string,
      viewer: Viewer,
      type: 'parent' | 'partner' | 'sibling',
      startId: string,
      endId: string,
      childIds: string[],
    ) {
      await relationWrite(treeId, viewer, startId, async (tx) => {
        await requirePerson(tx, treeId, endId);
        if (type === 'parent') await linkParent(tx, treeId, startId, endId);
        else if (type === 'partner') await linkPartner(tx, treeId, startId, endId, childIds);
        else await linkSibling(tx, treeId, startId, endId);
      });
      return { ok: true as const };
    },

    removeParent: (
      treeId: string,
      viewer: Viewer,
      childId: string,
      options: { parentId: string; removeBothParents?: boolean; removeFromSiblings?: boolean },
    ) =>
      relationWrite(treeId, viewer, childId, async (tx) => {
        const removed = await persons.deleteParentLinks(tx, treeId, childId, [options.parentId]);
        if (removed === 0) throw new AppError('person.error.relationNotFound');
        if (options.removeBothParents) await persons.deleteParentLinks(tx, treeId, childId);
        if (options.removeFromSiblings) await persons.deleteSiblingLinks(tx, treeId, childId);
        return touchesLineage(tx, treeId, [childId, options.parentId]);
      }),

    removePartner: (treeId: string, viewer: Viewer, id: string, partnerId: string) =>
      relationWrite(treeId, viewer, id, async (tx) => {
        if ((await persons.deletePartnerLink(tx, treeId, id, partnerId)) === 0) {
          throw new AppError('person.error.relationNotFound');
        }
        return false;
      }),

    removeSibling: (treeId: string, viewer: Viewer, id: string, siblingId: string) =>
      relationWrite(treeId, viewer, id, async (tx) => {
        if ((await persons.deleteSiblingLinks(tx, treeId, id, siblingId)) > 0) return false;
        const mine = await persons.parentIdsOf(tx, treeId, id);
        const theirs = await persons.parentIdsOf(tx, treeId, siblingId);
        if (mine.some((parentId) => theirs.includes(parentId)))
          throw new AppError('person.error.siblingThroughParents');
        throw new AppError('person.error.relationNotFound');
      }),

    removeFromFamily: (treeId: string, viewer: Viewer, id: string) =>
      relationWrite(treeId, viewer, id, async (tx) => {
        await persons.deleteAllLinks(tx, treeId, id);
        return touchesLineage(tx, treeId, [id]);
      }),

    /** Removes whatever direct relation the two have (SPEC DELETE relationship). */
    async unrelate(treeId: string, viewer: Viewer, startId: string, endId: string) {
      await relationWrite(treeId, viewer, startId, async (tx) => {
        await requirePerson(tx, treeId, endId);
        const removed =
          (await persons.deleteParentLinks(tx, treeId, endId, [startId])) +
          (await persons.deleteParentLinks(tx, treeId, startId, [endId])) +
          (await persons.deletePartnerLink(tx, treeId, startId, endId)) +
          (await persons.deleteSiblingLinks(tx, treeId, startId, endId));
        if (removed === 0) throw new AppError('person.error.relationNotFound');
        return touchesLineage(tx, treeId, [startId, endId]);
      });
      return { ok: true as const };
    },

    /**
     * Adds a whole family at once (seed data, imports) within the tree's limits: checked in
     * memory, written in batches, root relations recomputed once. Answers the new ids by key.
     */
    async importFamily(treeId: string, viewer: Viewer, family: BulkFamily) {
      checkFamily(family);
      const ids = await write(treeId, viewer, async (tx) => {
        assertWithinLimits(await counted(tx, treeId), 'persons', family.persons.length);
        const created = await insertFamily(tx, treeId, family);
        await persons.recomputeRootRelations(tx, treeId);
        return created;
      });
      // A large import changes the tables' statistics at once: refresh them for the planner.
      if (family.persons.length >= 1000) await persons.analyzeTables(db);
      return ids;
    },

    /**
     * Deletes a person with all their relations and the events that cannot stand without them
     * (their birth, an event nobody else takes part in). The root person cannot be deleted. The
     * answer lists the person's id and the deleted events' ids.
     */
    async remove(treeId: string, viewer: Viewer, id: string) {
      return write(treeId, viewer, async (tx, tree) => {
        const row = await requirePerson(tx, treeId, id);
        if (tree.rootId === id) throw new AppError('person.error.rootCannotBeDeleted');
        const eventIds = await eventsDependingOn(tx, treeId, id);
        await deleteEvents(tx, treeId, eventIds);
        await persons.deletePerson(tx, treeId, id);
        // Someone outside the root's lineage carries no one else's relation to the root.
        if (row.rootRelation !== 'none') await persons.recomputeRootRelations(tx, treeId);
        return { deletedIds: [id, ...eventIds] };
      });
    },

    async setRoot(treeId: string, viewer: Viewer, rootId: string) {
      await write(treeId, viewer, async (tx) => {
        await requirePerson(tx, treeId, rootId);
        await persons.setRoot(tx, treeId, rootId);
        await persons.recomputeRootRelations(tx, treeId);
      });
      return this.mainNodes(treeId, viewer);
    },
  };
}

export type PersonService = ReturnType<typeof createPersonService>;

/**
 * New persons without relations, in one statement, inside the caller's transaction (an event's new
 * participants, SPEC §3 `isNew`); the caller checks the person limit after writing them.
 */
export async function insertUnrelatedPersons(
  tx: Db,
  treeId: string,
  rows: readonly { id: string; values: PersonValues }[],
): Promise<void> {
  await persons.insertPersons(
    tx,
    treeId,
    rows.map(({ id, values }) => ({ id, ...values, ...derivedColumns(values) })),
  );
}
