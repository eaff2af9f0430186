import type { ChartAnswer, ChartPerson } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { lifeDetailsOf } from './person.life-years.ts';
import * as persons from './person.repository.ts';

/** Charts stop at this many persons and say they were cut (ten generations above a person are 2,046). */
export const CHART_LIMIT = 5000;

/**
 * An ancestor or descendant chart from the lineage found (`found`, in generation order, one more
 * than the limit when there are more): each person with their life's years and places, parents and
 * partners within the chart. A descendant chart (`withPartners`) also shows the other parents of
 * descendants' children, as partners. The caller has checked the viewer and the start person;
 * `onlyPublic` leaves the living's life details out for a visitor.
 */
export async function chartOf(
  db: Db,
  treeId: string,
  startId: string,
  found: persons.ChartRow[],
  { withPartners, onlyPublic }: { withPartners: boolean; onlyPublic: boolean },
): Promise<ChartAnswer> {
  const truncated = found.length > CHART_LIMIT;
  const members = found.slice(0, CHART_LIMIT);
  const ids = members.map((p) => p.id);
  const [parentLinks, partnerLinks] = await Promise.all([
    persons.parentLinksOf(db, treeId, ids),
    persons.partnerLinksOf(db, treeId, ids),
  ]);
  const generationOf = new Map(members.map((p) => [p.id, p.generation]));
  const partnerIds = new Map<string, string[]>();
  const addPartner = (a: string, b: string) => partnerIds.set(a, [...(partnerIds.get(a) ?? []), b]);
  for (const { a, b } of partnerLinks) {
    addPartner(a, b);
    addPartner(b, a);
  }
  // In a descendant chart, the other parents of descendants' children count as partners too.
  const extra = new Map<string, number>();
  if (withPartners) {
    for (const { a, b } of partnerLinks) {
      for (const [member, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const generation = generationOf.get(member);
        if (generation !== undefined && !generationOf.has(other)) extra.set(other, generation);
      }
    }
    for (const { parentId, childId } of parentLinks) {
      const childGeneration = generationOf.get(childId);
      if (childGeneration !== undefined && !generationOf.has(parentId) && childId !== startId) {
        extra.set(parentId, childGeneration - 1);
      }
    }
  }
  const extraSummaries = await persons.findSummaries(db, treeId, [...extra.keys()]);
  const inChart = new Set([...ids, ...extra.keys()]);
  const years = await lifeDetailsOf(db, treeId, [...inChart], { onlyPublic, withEvents: true });
  const parentsByChild = new Map<string, string[]>();
  for (const { parentId, childId } of parentLinks) {
    if (inChart.has(parentId)) parentsByChild.set(childId, [...(parentsByChild.get(childId) ?? []), parentId]);
  }
  const toChart = (p: persons.ChartRow, isPartner: boolean): ChartPerson => ({
    id: p.id,
    fName: p.fName,
    pName: p.pName,
    lName: p.lName,
    gender: p.gender,
    occupation: p.occupation,
    rootRelation: p.rootRelation,
    portrait: p.portrait ?? null,
    born: years.get(p.id)?.born ?? null,
    died: years.get(p.id)?.died ?? null,
    birthPlace: years.get(p.id)?.birthPlace ?? null,
    birth: years.get(p.id)?.birth ?? null,
    death: years.get(p.id)?.death ?? null,
    generation: p.generation,
    parentIds: parentsByChild.get(p.id) ?? [],
    partnerIds: (partnerIds.get(p.id) ?? []).filter((id) => inChart.has(id)),
    isPartner,
  });
  return {
    startId,
    truncated,
    persons: [
      ...members.map((p) => toChart(p, false)),
      ...extraSummaries.map((p) => toChart({ ...p, generation: extra.get(p.id) ?? 0 }, true)),
    ],
  };
}
