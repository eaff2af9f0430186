import {
  type ErrorCode,
  type MergeAnswer,
  type PersonMergeAttachment,
  type PersonMergeField,
  type PersonMergePreview,
  type PersonMergeProblem,
  type PersonMergeValues,
  personMatchKeys,
  personMergeFields,
  personSearchText,
  personSortKey,
  uuidv7,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { deleteEvents } from '../event/event.repository.ts';
import { currentChangeSet } from '../history/change-set.ts';
import { movePortrait } from '../media/media.repository.ts';
import { attachmentGroups, moveAttachments } from '../note/node-merge.repository.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import type { TreeAccessRow } from '../tree/tree.repository.ts';
import { eventText, nameText, planEvents, planNames, planRelatives } from './person.merge.plan.ts';
import * as merging from './person.merge.repository.ts';
import * as persons from './person.repository.ts';
import * as personNames from './person-names.repository.ts';

/**
 * Merging two persons (issue 21): the person in the path survives; the other's names, events,
 * relatives, notes, citations, media and kept GEDCOM lines move to it, what both have becomes one
 * (person.merge.plan.ts says how), and the other is deleted: one change set of kind `merge`, which
 * undo takes back. The preview answers the same plan without writing, so nothing is dropped
 * unseen; the merge names both revisions the preview showed and is refused with 409 if either
 * person was saved since. The privacy cache follows from the triggers on events, participants
 * and parent links (as for any write); root relations are recomputed; the tree's root moves to
 * the survivor when the other was the root.
 */

type Row = persons.PersonRow;

function fieldText(row: Row, field: PersonMergeField, events: merging.MergeEventRow[]): string | null {
  switch (field) {
    case 'name':
      return nameText(row) || null;
    case 'birth':
    case 'death':
      return eventText(
        events.find(
          (e) =>
            e.person_id === row.id &&
            e.type === field &&
            e.role === 'primary' &&
            e.subtype !== 'alternativeBirth' &&
            e.subtype !== 'alternativeDeath',
        ),
      );
    default:
      return row[field];
  }
}

export function createPersonMerge({ db }: { db: Db }) {
  const gate = createTreeGate(db);

  async function requirePerson(tx: Db, treeId: string, id: string) {
    const row = await persons.findPerson(tx, treeId, id);
    if (!row) throw new AppError('person.error.notFound');
    return row;
  }

  /** Both persons and the whole plan, with the refusal, if any. */
  async function inspect(tx: Db, tree: TreeAccessRow, id: string, otherId: string, take: Set<PersonMergeField>) {
    const treeId = tree.id;
    // The person in the path first: an unknown one is a 404 whatever the body names.
    const kept = await requirePerson(tx, treeId, id);
    if (id === otherId) throw new AppError('personMerge.error.same', { path: ['otherId'] });
    const other = await requirePerson(tx, treeId, otherId);
    const pair = [id, otherId] as const;
    const eventRows = await merging.eventsOfBoth(tx, treeId, pair);
    const events = planEvents(eventRows, id, otherId, take);
    const relatives = planRelatives(await merging.relativesOfBoth(tx, treeId, pair), id, otherId);
    const keptNames = await personNames.namesOf(tx, treeId, id);
    const otherNames = await personNames.namesOf(tx, treeId, otherId);
    const [winner, loser] = take.has('name') ? [other, kept] : [kept, other];
    const names = planNames(keptNames, otherNames, winner, loser);
    const problems: PersonMergeProblem[] = [...relatives.problems];
    let refusal: { code: ErrorCode; details?: Record<string, unknown> } | null = null;
    if (problems.some((p) => p.code === 'tooManyParents')) refusal = { code: 'personMerge.error.tooManyParents' };
    if ((await persons.isAncestor(tx, treeId, id, otherId)) || (await persons.isAncestor(tx, treeId, otherId, id))) {
      problems.unshift({
        code: 'related',
        refuses: true,
        items: [
          { id, label: nameText(kept) },
          { id: otherId, label: nameText(other) },
        ],
      });
      refusal = { code: 'personMerge.error.related' };
    }
    const byId = new Map(eventRows.map((row) => [row.id, row]));
    const listed = (ids: string[]) =>
      ids.map((eventId) => {
        const row = byId.get(eventId);
        return { id: eventId, label: row ? [row.type, eventText(row)].join(' ') : eventId };
      });
    if (events.alternatives.length > 0) {
      problems.push({ code: 'alternativeEvent', refuses: false, items: listed(events.alternatives) });
    }
    if (events.shared.length > 0) problems.push({ code: 'sharedEvent', refuses: false, items: listed(events.shared) });
    return { kept, other, eventRows, events, relatives, names, keptNames, otherNames, problems, refusal, winner };
  }

  async function attachments(tx: Db, treeId: string, id: string, otherId: string) {
    const own = await attachmentGroups(tx, treeId, id, otherId);
    const theirs = await attachmentGroups(tx, treeId, otherId, id);
    const items: PersonMergeAttachment[] = [];
    let gedcomBoth = 0;
    for (const [groups, side, outcome] of [
      [own.moves, 'kept', 'kept'],
      [theirs.joins, 'both', 'joined'],
      [theirs.moves, 'other', 'moved'],
    ] as const) {
      for (const group of groups) {
        if (group.kind === 'gedcom') {
          gedcomBoth += 1;
          items.push({ id: side, label: String(group.total), kind: 'gedcom', side, outcome });
          continue;
        }
        if (group.kind !== 'source' && group.kind !== 'note' && group.kind !== 'media') continue;
        for (const item of group.items) items.push({ id: item.id, label: item.label, kind: group.kind, side, outcome });
      }
    }
    return { items, gedcomBoth: gedcomBoth === 2 };
  }

  return {
    async preview(
      treeId: string,
      viewer: Viewer,
      id: string,
      body: { otherId: string; takeFromOther?: PersonMergeField[] | undefined },
    ): Promise<PersonMergePreview> {
      const tree = await gate.readAsEditor(treeId, viewer);
      const take = new Set(body.takeFromOther ?? []);
      const plan = await inspect(db, tree, id, body.otherId, take);
      const { kept, other } = plan;
      const attached = await attachments(db, treeId, id, body.otherId);
      const problems = [...plan.problems];
      if (attached.gedcomBoth) problems.push({ code: 'gedcomJoined', refuses: false, items: [] });
      const side = (row: Row) => ({
        id: row.id,
        label: nameText(row),
        revision: row.revision,
        isRoot: tree.rootId === row.id,
        born: fieldText(row, 'birth', plan.eventRows),
        died: fieldText(row, 'death', plan.eventRows),
      });
      return {
        person: side(kept),
        other: side(other),
        fields: personMergeFields.map((field) => ({
          field,
          value: fieldText(kept, field, plan.eventRows),
          otherValue: fieldText(other, field, plan.eventRows),
        })),
        names: [
          { id: kept.id, label: nameText(kept), side: 'kept', outcome: take.has('name') ? 'added' : 'kept' },
          { id: other.id, label: nameText(other), side: 'other', outcome: take.has('name') ? 'kept' : 'added' },
          ...plan.names.items.filter((item) => item.outcome !== 'added'),
        ],
        events: plan.events.items,
        relatives: plan.relatives.items,
        attachments: attached.items,
        problems,
        refusal: plan.refusal?.code ?? null,
      };
    },

    async merge(treeId: string, viewer: Viewer, id: string, body: PersonMergeValues): Promise<MergeAnswer> {
      const { otherId } = body;
      const take = new Set(body.takeFromOther);
      return gate.write(
        treeId,
        viewer,
        async (tx, tree) => {
          const plan = await inspect(tx, tree, id, otherId, take);
          const { kept, other, events, names } = plan;
          if (kept.revision !== body.revision || other.revision !== body.otherRevision) {
            throw new AppError('person.error.conflict', {
              path: [kept.revision !== body.revision ? 'revision' : 'otherRevision'],
            });
          }
          if (plan.refusal) throw new AppError(plan.refusal.code, plan.refusal.details);
          // Events: joins first (their links move with them), then alternatives, then the other's part.
          await merging.joinEvents(tx, treeId, events.joins, otherId);
          await moveAttachments(tx, treeId, events.joins);
          await deleteEvents(
            tx,
            treeId,
            events.joins.map(([from]) => from),
          );
          await merging.markAlternative(tx, treeId, events.alternatives);
          await merging.moveParticipation(tx, treeId, otherId, id);
          await merging.moveRelations(tx, treeId, otherId, id);
          await merging.moveNotDuplicateMarks(tx, treeId, otherId, id);
          // Names: the other's other names, then the losing name as an other name.
          const newIds = names.moved.map(() => uuidv7()).sort();
          await merging.moveNames(
            tx,
            treeId,
            otherId,
            id,
            names.moved.map((from, index) => [from, newIds[index] as string] as const),
          );
          if (names.added) {
            await personNames.insertNames(tx, treeId, [
              { ...names.added, id: uuidv7(), personId: id, position: await merging.nextNamePosition(tx, treeId, id) },
            ]);
          }
          await moveAttachments(tx, treeId, [[otherId, id]]);
          // The other's portrait when the kept person has none (it would go with the other's row).
          await movePortrait(tx, treeId, otherId, id);
          await merging.renameInFamilyAnchors(tx, treeId, otherId, id);
          await persons.deletePerson(tx, treeId, otherId);
          const from = (field: PersonMergeField) => (take.has(field) ? other : kept);
          const nameFrom = from('name');
          const values = {
            fName: nameFrom.fName,
            pName: nameFrom.pName,
            lName: nameFrom.lName,
            gender: from('gender').gender,
            occupation: from('occupation').occupation,
            description: from('description').description,
          };
          const allNames = await personNames.namesOf(tx, treeId, id);
          const written = await persons.updatePerson(tx, treeId, id, kept.revision, {
            ...values,
            searchText: personSearchText([values, ...allNames], values.occupation),
            sortKey: personSortKey(values),
            matchKeys: personMatchKeys([values, ...allNames]),
          });
          if (!written) throw new AppError('person.error.conflict', { path: ['revision'] });
          if (tree.rootId === otherId) await persons.setRoot(tx, treeId, id);
          await persons.recomputeRootRelations(tx, treeId);
          return { id, mergedId: otherId, changeSetId: await currentChangeSet(tx) };
        },
        'merge',
      );
    },
  };
}

export type PersonMerge = ReturnType<typeof createPersonMerge>;
