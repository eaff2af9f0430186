import {
  fullName,
  type QualityDismissBody,
  type QualityGroup,
  type QualityItem,
  type QualityPerson,
  type QualityReport,
  qualityItemsOf,
  qualityObjectKindOf,
  type qualityReportQuerySchema,
  qualityRules,
  type SanityCode,
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

/** The rules the repository finds in SQL (`ruleParts`), skipped by the rules in memory. */
const foundInSql: ReadonlySet<SanityCode> = new Set(['sanity.afterDeath', 'sanity.afterBurial']);

/** How many trees' computations are kept (a 100,000-node tree's is some 40 MB). */
const keptTrees = 4;

interface Computed {
  /** The tree's content revision it was computed at. */
  revision: number;
  items: QualityItem[];
  persons: QualityPerson[];
}

const keyOf = (item: { rule: string; objectId: string; relatedId: string | null }) =>
  `${item.rule}|${item.objectId}|${item.relatedId ?? ''}`;

/** The item's object, of the kind its rule is about, is in the tree (else 404 of that kind). */
async function assertObject(tx: Db, treeId: string, item: { rule: QualityDismissBody['rule']; objectId: string }) {
  const kind = qualityObjectKindOf(item.rule);
  if (!(await repository.objectExists(tx, treeId, kind, item.objectId))) {
    throw new AppError(notFoundCode[kind], { path: ['objectId'] });
  }
}

/**
 * The data-quality report (issue 24): the tree read whole in six set-based statements, the rules of
 * @anor/core run over it in one pass (the events after a death in SQL), the computation kept while
 * the tree is unchanged, the owner's dismissals set apart on every call. For editors only: it is
 * an editing tool, and its findings are about living persons' dates as much as anyone's.
 */
export function createQualityService({ db }: { db: Db }) {
  const gate = createTreeGate(db);

  /** The last computations, by tree, most recently used last; and those under way, by tree and revision. */
  const kept = new Map<string, Computed>();
  const underWay = new Map<string, Promise<Computed>>();

  /**
   * Every finding of the tree (open and dismissed alike) and its persons, as computed at the tree's
   * present content revision: kept from an earlier call while the revision is unchanged (the
   * triggers of migration 0036 raise it on every change the report could see), else computed
   * once however many calls ask at the same time. The revision is read before the tree, so a
   * change made during the computation only makes the next call compute again.
   */
  async function computedFindings(treeId: string): Promise<Computed> {
    const revision = await repository.contentRevision(db, treeId);
    const last = kept.get(treeId);
    if (last && last.revision === revision) {
      kept.delete(treeId);
      kept.set(treeId, last);
      return last;
    }
    const key = `${treeId}:${revision}`;
    let computing = underWay.get(key);
    if (!computing) {
      computing = computeFindings(treeId, revision).finally(() => underWay.delete(key));
      underWay.set(key, computing);
    }
    const computed = await computing;
    const now = kept.get(treeId);
    if (!now || now.revision <= computed.revision) {
      kept.delete(treeId);
      kept.set(treeId, computed);
      for (const oldest of kept.keys()) {
        if (kept.size <= keptTrees) break;
        kept.delete(oldest);
      }
    }
    return computed;
  }

  /**
   * The tree read whole in set-based statements and the rules of @anor/core run over it in one
   * pass (163,000 findings on the bench's tree); the events after a death or burial are found in
   * SQL (`ruleParts`).
   */
  async function computeFindings(treeId: string, revision: number): Promise<Computed> {
    const [lived, parts, eventlessPersonIds, eventFacts, places] = await Promise.all([
      repository.ruleLives(db, treeId),
      repository.ruleParts(db, treeId),
      repository.eventlessPersonIds(db, treeId),
      repository.placedUndatedUnsourced(db, treeId),
      repository.placesWithCoordinates(db, treeId),
    ]);
    const { persons } = lived;
    // The candidates by their person's index (ruleLives orders the persons).
    const wanted = new Map<string, repository.RuleEvent[]>();
    for (const part of parts.candidates) {
      const list = wanted.get(part.personId);
      if (list) list.push(part);
      else wanted.set(part.personId, [part]);
    }
    const partsOf = persons.map((person) => wanted.get(person.id));
    const items = qualityItemsOf(
      { ...lived, partsOf },
      { persons, eventlessPersonIds, eventFacts, places },
      undefined,
      (event) => (event as repository.RuleEvent).range,
      foundInSql,
    );
    for (const item of parts.afterEnd) items.push(item);
    return { revision, items, persons };
  }

  /**
   * Every finding of the tree by rule, the open ones and the dismissed ones apart (the dismissals
   * read anew each time). A finding's key is written only for a rule that has dismissals.
   */
  async function findings(treeId: string) {
    const [{ items, persons }, dismissed] = await Promise.all([
      computedFindings(treeId),
      repository.dismissals(db, treeId),
    ]);
    const dismissedKeys = new Set(dismissed.map(keyOf));
    const rulesDismissed = new Set(dismissed.map((row) => row.rule));
    const byRule = new Map<string, { open: QualityItem[]; closed: QualityItem[] }>(
      qualityRules.map((rule) => [rule, { open: [], closed: [] }]),
    );
    for (const item of items) {
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
