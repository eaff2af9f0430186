import {
  type DuplicatePage,
  type DuplicatePerson,
  type DuplicateSuggestAnswer,
  type duplicateListQuerySchema,
  type duplicateSuggestQuerySchema,
  fullName,
  type NotDuplicateBody,
  personMatchKeys,
} from '@anor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { placePaths } from '../event/event.repository.ts';
import { assertAccess } from '../tree/tree.access.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import { findTreeAccess } from '../tree/tree.repository.ts';
import * as repository from './duplicate.repository.ts';
import { clampScore, type PairPoints, reasonsOf, weights, yearPoints } from './duplicate.scoring.ts';

type ListQuery = z.output<typeof duplicateListQuerySchema>;
type SuggestQuery = z.output<typeof duplicateSuggestQuerySchema>;

/** The persons a suggestion may name: at most this many of the tree's persons under the typed name's keys are scored. */
const SUGGEST_CANDIDATES = 300;
const SUGGESTIONS = 5;

async function toPersons(
  db: Db,
  treeId: string,
  rows: repository.DuplicatePersonRow[],
): Promise<Map<string, DuplicatePerson>> {
  const placeIds = [...new Set(rows.map((row) => row.birth_place).filter((id): id is string => Boolean(id)))];
  const places = new Map((await placePaths(db, treeId, placeIds)).map((place) => [place.id, place.name]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        fName: row.f_name,
        pName: row.p_name,
        lName: row.l_name,
        gender: row.gender,
        birthYear: row.born,
        deathYear: row.died,
        birthPlace: row.birth_place ? (places.get(row.birth_place) ?? null) : null,
      },
    ]),
  );
}

/**
 * The duplicate finder (issue 21): the tree's likely duplicate pairs, "not a duplicate", and the
 * persons a new person may already be. The tree's editors' only: visitors and viewers never get it
 * (the routes say `access: 'edit'`, and each call checks again here).
 */
export function createDuplicateService({ db }: { db: Db }) {
  const gate = createTreeGate(db);

  async function requireOwner(treeId: string, viewer: Viewer, level: 'edit' | 'propose' = 'edit') {
    assertAccess(await findTreeAccess(db, treeId, viewer.user?.id ?? null), viewer, level);
  }

  return {
    async list(treeId: string, viewer: Viewer, query: ListQuery): Promise<DuplicatePage> {
      await requireOwner(treeId, viewer);
      await repository.computePendingKeys(db, treeId);
      const rows = await repository.findDuplicatePairs(db, treeId, {
        minScore: query.minScore,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const persons = await toPersons(
        db,
        treeId,
        await repository.personsWithLife(
          db,
          treeId,
          rows.flatMap((row) => [row.x, row.y]),
        ),
      );
      const items = rows.flatMap((row) => {
        const a = persons.get(row.x);
        const b = persons.get(row.y);
        if (!a || !b) return [];
        return [{ score: row.score, a, b, reasons: reasonsOf(a, b, row) }];
      });
      return { items, total: rows[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
    },

    async markNotDuplicate(treeId: string, viewer: Viewer, body: NotDuplicateBody): Promise<{ ok: true }> {
      const personId = body.personId.toLowerCase();
      const otherPersonId = body.otherPersonId.toLowerCase();
      return gate.write(treeId, viewer, async (tx) => {
        if (personId === otherPersonId) throw new AppError('duplicate.error.samePerson');
        const found = await repository.existingPersons(tx, treeId, [personId, otherPersonId]);
        if (!found.has(personId)) throw new AppError('person.error.notFound', { path: ['personId'] });
        if (!found.has(otherPersonId)) throw new AppError('person.error.notFound', { path: ['otherPersonId'] });
        await repository.insertNotDuplicate(tx, treeId, personId, otherPersonId);
        return { ok: true as const };
      });
    },

    async suggest(treeId: string, viewer: Viewer, query: SuggestQuery): Promise<DuplicateSuggestAnswer> {
      // A contributor's person dialog asks too (issue 26): they add persons, for review.
      await requireOwner(treeId, viewer, 'propose');
      const typed = { fName: query.fName ?? null, pName: query.pName ?? null, lName: query.lName ?? null };
      const keys = personMatchKeys([typed]);
      if (keys.length === 0) return { suggestions: [] };
      await repository.computePendingKeys(db, treeId);
      const rows = await repository.personsUnderKeys(db, treeId, keys, SUGGEST_CANDIDATES);
      const birthYear = query.birthDate ? Number(query.birthDate.slice(0, 4)) : null;
      const typedName = fullName(typed);
      const scored = rows
        .map((row) => {
          const rowName = fullName({ fName: row.f_name, lName: row.l_name });
          const points: PairPoints = {
            name_pts: rowName.toLowerCase() === typedName.toLowerCase() ? weights.sameName : weights.nameVariant,
            birth_pts: yearPoints(birthYear, row.born, 'birth'),
            death_pts: 0,
            birth_place_pts: 0,
            death_place_pts: 0,
            parent_pts: 0,
            shared_parents: 0,
            father_pts: 0,
            mother_pts: 0,
            gender_pts:
              query.gender &&
              ['male', 'female'].includes(query.gender) &&
              ['male', 'female'].includes(row.gender) &&
              query.gender !== row.gender
                ? weights.differentGender
                : 0,
          };
          const sum = Object.entries(points)
            .filter(([key]) => key !== 'shared_parents')
            .reduce((total, [, value]) => total + value, 0);
          return { row, points, score: clampScore(sum) };
        })
        // A name match alone is worth showing; a far birth year or another gender is not.
        .filter((candidate) => candidate.score >= weights.nameVariant)
        .sort((x, y) => y.score - x.score || x.row.id.localeCompare(y.row.id))
        .slice(0, SUGGESTIONS);
      const persons = await toPersons(
        db,
        treeId,
        scored.map((candidate) => candidate.row),
      );
      const asTyped: DuplicatePerson = {
        id: '',
        ...typed,
        gender: query.gender ?? 'unknown',
        birthYear,
        deathYear: null,
        birthPlace: null,
      };
      return {
        suggestions: scored.flatMap((candidate) => {
          const person = persons.get(candidate.row.id);
          return person
            ? [{ score: candidate.score, person, reasons: reasonsOf(asTyped, person, candidate.points) }]
            : [];
        }),
      };
    },
  };
}

export type DuplicateService = ReturnType<typeof createDuplicateService>;
