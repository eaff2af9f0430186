import {
  fullName,
  type QualityDismissBody,
  type QualityGroup,
  type QualityItem,
  type QualityPerson,
  type QualityReport,
  qualityItems,
  qualityObjectKindOf,
  type qualityReportQuerySchema,
  qualityRules,
} from '@anor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import * as repository from './quality.repository.ts';

type ReportQuery = z.output<typeof qualityReportQuerySchema>;

const notFoundCode = {
  person: 'person.error.notFound',
  event: 'events.error.notFound',
  place: 'location.error.notFound',
} as const;

const keyOf = (item: { rule: string; objectId: string; relatedId: string | null }) =>
  `${item.rule}|${item.objectId}|${item.relatedId ?? ''}`;

/**
 * The data-quality report (issue 24): the tree read whole in six set-based statements, the rules of
 * @anor/core run over it in one pass, the owner's dismissals set apart. The owner's only: it is an
 * editing tool, and its findings are about living persons' dates as much as anyone's (the routes
 * say `ownerOnly`, and each call checks again here).
 */
/** The item's object, of the kind its rule is about, is in the tree (else 404 of that kind). */
async function assertObject(tx: Db, treeId: string, item: { rule: QualityDismissBody['rule']; objectId: string }) {
  const kind = qualityObjectKindOf(item.rule);
  if (!(await repository.objectExists(tx, treeId, kind, item.objectId))) {
    throw new AppError(notFoundCode[kind], { path: ['objectId'] });
  }
}

export function createQualityService({ db }: { db: Db }) {
  const gate = createTreeGate(db);

  /**
   * Every finding of the tree by rule, the open ones and the dismissed ones apart. A finding's key
   * is written only for a rule that has dismissals (163,000 findings on the bench's tree).
   */
  async function findings(treeId: string) {
    const [persons, events, eventlessPersonIds, eventFacts, parentLinks, places, dismissed] = await Promise.all([
      repository.persons(db, treeId),
      repository.ruleEvents(db, treeId),
      repository.eventlessPersonIds(db, treeId),
      repository.placedUndatedUnsourced(db, treeId),
      repository.parentLinks(db, treeId),
      repository.placesWithCoordinates(db, treeId),
      repository.dismissals(db, treeId),
    ]);
    const dismissedKeys = new Set(dismissed.map(keyOf));
    const rulesDismissed = new Set(dismissed.map((row) => row.rule));
    const all = qualityItems(
      { persons, events, eventlessPersonIds, eventFacts, parentLinks, places },
      undefined,
      (event) => (event as repository.RuleEvent).range,
    );
    const byRule = new Map<string, { open: QualityItem[]; closed: QualityItem[] }>(
      qualityRules.map((rule) => [rule, { open: [], closed: [] }]),
    );
    for (const item of all) {
      const lists = byRule.get(item.rule);
      if (!lists) continue;
      if (rulesDismissed.has(item.rule) && dismissedKeys.has(keyOf(item))) lists.closed.push(item);
      else lists.open.push(item);
    }
    return { persons, byRule };
  }

  async function labels(treeId: string, items: QualityItem[], persons: readonly QualityPerson[]) {
    const ids = (kind: 'person' | 'event' | 'place') => [
      ...new Set(
        items.flatMap((item) => [
          ...(item.objectKind === kind ? [item.objectId] : []),
          ...(item.relatedKind === kind && item.relatedId ? [item.relatedId] : []),
          ...(kind === 'event' ? item.eventIds : []),
        ]),
      ),
    ];
    const [places, events] = await Promise.all([
      repository.placeNames(db, treeId, ids('place')),
      repository.eventLabels(db, treeId, ids('event')),
    ]);
    // Only the shown persons' names are written (the counts-only call shows none).
    const personIds = ids('person');
    const wanted = new Set(personIds);
    const names = new Map<string, string>();
    if (wanted.size > 0) {
      for (const p of persons) if (wanted.has(p.id)) names.set(p.id, fullName({ fName: p.fName, lName: p.lName }));
    }
    return {
      persons: Object.fromEntries(personIds.map((id) => [id, { name: names.get(id) ?? '' }])),
      places: Object.fromEntries(places.map((place) => [place.id, { name: place.name }])),
      events: Object.fromEntries(events.map(({ id, ...label }) => [id, label])),
    };
  }

  return {
    async report(treeId: string, viewer: Viewer, query: ReportQuery): Promise<QualityReport> {
      await gate.readAsEditor(treeId, viewer);
      const { byRule, persons } = await findings(treeId);
      const groups: QualityGroup[] = qualityRules.map((rule) => {
        const { open, closed } = byRule.get(rule) ?? { open: [], closed: [] };
        const shown = query.rule === undefined || query.rule === rule ? query.limit : 0;
        return {
          rule,
          count: open.length,
          dismissedCount: closed.length,
          items: [
            ...open.slice(0, shown).map((item) => ({ ...item, dismissed: false })),
            ...closed.slice(0, shown).map((item) => ({ ...item, dismissed: true })),
          ],
        };
      });
      const shownItems = groups.flatMap((group) => group.items);
      return { groups, ...(await labels(treeId, shownItems, persons)) };
    },

    /** "Checked, it is right": the item is not counted again while it stays dismissed. A tree change. */
    async dismiss(treeId: string, viewer: Viewer, body: QualityDismissBody): Promise<{ ok: true }> {
      const item = { ...body, objectId: body.objectId.toLowerCase(), relatedId: body.relatedId?.toLowerCase() ?? null };
      return gate.write(treeId, viewer, async (tx) => {
        await assertObject(tx, treeId, item);
        await repository.insertDismissal(tx, treeId, item);
        return { ok: true as const };
      });
    },

    /** Takes a dismissal back: the item is counted again if it is still found. */
    async undismiss(treeId: string, viewer: Viewer, body: QualityDismissBody): Promise<{ ok: true }> {
      const item = { ...body, objectId: body.objectId.toLowerCase(), relatedId: body.relatedId?.toLowerCase() ?? null };
      return gate.write(treeId, viewer, async (tx) => {
        // As for a dismissal: an object of another tree (or of none) is not found.
        await assertObject(tx, treeId, item);
        await repository.deleteDismissal(tx, treeId, item);
        return { ok: true as const };
      });
    },
  };
}

export type QualityService = ReturnType<typeof createQualityService>;
