import { z } from 'zod';
import { type QualityObjectKind, type QualityRule, qualityRules } from './rules.ts';

/**
 * The data-quality report (issue 24): GET /api/{treeId}/quality answers every rule with its count
 * and the first items, open ones and dismissed ones apart; POST …/quality/dismiss and
 * …/quality/undismiss store or drop "checked, it is right" for one item. The owner's only.
 */
const objectKinds = ['person', 'event', 'place'] as const satisfies readonly QualityObjectKind[];

/** The kind of object each rule is about (what a dismissal's object id must name). */
export function qualityObjectKindOf(rule: QualityRule): QualityObjectKind {
  if (rule === 'quality.placeWithoutDateOrSource') return 'event';
  if (rule === 'quality.placeFarFromParent') return 'place';
  return 'person';
}

export const qualityRuleSchema = z.enum(qualityRules, { error: 'common.error.validation' });

/** Items answered per rule and state (open, dismissed) at most; the counts are always whole. */
export const QUALITY_ITEMS_MAX = 500;

export const qualityReportQuerySchema = z.strictObject({
  /** Only this rule's items (the counts of every rule are answered all the same). */
  rule: qualityRuleSchema.optional(),
  /** Items per rule and state; 0 answers the counts only (the overview). */
  limit: z.coerce.number().int().min(0).max(QUALITY_ITEMS_MAX).default(50),
});
export type QualityReportQuery = z.input<typeof qualityReportQuerySchema>;

export const qualityItemSchema = z.object({
  rule: qualityRuleSchema,
  objectKind: z.enum(objectKinds),
  objectId: z.string(),
  relatedKind: z.enum(objectKinds).nullable(),
  relatedId: z.string().nullable(),
  eventIds: z.array(z.string()),
  values: z.record(z.string(), z.number()),
  dismissed: z.boolean(),
});
export type QualityReportItem = z.infer<typeof qualityItemSchema>;

export const qualityGroupSchema = z.object({
  rule: qualityRuleSchema,
  /** Open items (not dismissed). */
  count: z.number().int(),
  dismissedCount: z.number().int(),
  items: z.array(qualityItemSchema),
});
export type QualityGroup = z.infer<typeof qualityGroupSchema>;

export const qualityReportSchema = z.object({
  groups: z.array(qualityGroupSchema),
  /** What the items name, to show them: persons' names, places' names, events' type and date. */
  persons: z.record(z.string(), z.object({ name: z.string() })),
  places: z.record(z.string(), z.object({ name: z.string() })),
  events: z.record(
    z.string(),
    z.object({ type: z.string(), startDate: z.string().nullable(), startDateType: z.string().nullable() }),
  ),
});
export type QualityReport = z.infer<typeof qualityReportSchema>;

export const qualityDismissBodySchema = z.strictObject({
  rule: qualityRuleSchema,
  objectId: z.uuid({ error: 'common.error.notFound' }),
  relatedId: z.uuid({ error: 'common.error.validation' }).nullable(),
});
export type QualityDismissBody = z.infer<typeof qualityDismissBodySchema>;
