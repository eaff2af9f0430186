import {
  type KinSex,
  kinshipOfPath,
  kinshipWords,
  type Language,
  privacyRule,
  type RelationshipAnswer,
  type RelationshipPath,
} from '@anor/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { lifeYearsOf } from '../person/person.life-years.ts';
import { publicPersonIds } from '../privacy/privacy.repository.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import { loadKinGraph } from './relationship.repository.ts';
import { findRelationshipPaths } from './relationship.search.ts';

/** Paths an answer holds at most (a collapsed pedigree can join two persons by hundreds of lines). */
export const pathLimit = 20;

export interface RelationshipRequest {
  treeId: string;
  viewer: Viewer;
  language: Language;
}

/**
 * How two persons are related (issue 24): every path between them, shortest first, each with its
 * kinship and its words. The search reads the two persons' ancestors set-wise and walks them in
 * memory. Anyone but the owner gets the living as unknown sex in the words (the privacy hook
 * blanks their names in the answer), so no word tells a living person's sex.
 */
export function createRelationshipService({
  db,
  livingYears = privacyRule.livingYears,
}: {
  db: Db;
  livingYears?: number;
}) {
  const { read } = createTreeGate(db);

  return {
    async between(request: RelationshipRequest, personId: string, otherId: string): Promise<RelationshipAnswer> {
      const { treeId } = request;
      await read(treeId, request.viewer);
      const a = personId.toLowerCase();
      const b = otherId.toLowerCase();
      const loaded = await loadKinGraph(db, treeId, [a, b]);
      if (!loaded) throw new AppError('person.error.notFound');
      const found = findRelationshipPaths(loaded.graph, a, b, pathLimit);
      const onPaths = [
        ...new Set([a, b, ...found.paths.flatMap((path) => [...path.personIds, path.topPartnerId ?? a])]),
      ];
      const isVisitor = await leavesOutPrivate(db, treeId, request.viewer, livingYears);
      const shown = isVisitor ? await publicPersonIds(db, treeId, onPaths) : null;
      const sexOf = (id: string): KinSex => (shown && !shown.has(id) ? 'unknown' : (loaded.sexes.get(id) ?? 'unknown'));
      const paths: RelationshipPath[] = [];
      for (const path of found.paths) {
        const kinship = kinshipOfPath(path.steps, path.personIds.map(sexOf), path.half);
        if (!kinship) continue;
        paths.push({ ...path, kinship, words: kinshipWords(kinship, request.language) });
      }
      const years = await lifeYearsOf(db, treeId, onPaths, { onlyPublic: isVisitor });
      const persons = onPaths.flatMap((id) => {
        const row = loaded.persons.get(id);
        if (!row) return [];
        const life = years.get(id);
        return [{ ...row, born: life?.born ?? null, died: life?.died ?? null }];
      });
      return { persons, paths, truncated: found.truncated };
    },
  };
}

export type RelationshipService = ReturnType<typeof createRelationshipService>;
