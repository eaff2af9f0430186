import { z } from 'zod';
import { changeObjectKinds, changeSchema, objectLabelsSchema } from './history.ts';

/**
 * Contributors' proposals (issue 26, reviewed changes): a contributor's write is kept, not applied,
 * until an editor, a co-owner or the owner accepts it (applied in one transaction, refused with a
 * conflict when the rows it changes changed since), rejects it with a comment, or changes it and
 * accepts it. The contributor can withdraw a pending one.
 */
export const proposalStatuses = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export const proposalStatusSchema = z.enum(proposalStatuses);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;

export const proposalIdSchema = z.uuid({ error: 'proposal.error.notFound' });

/** The answer of a contributor's write (HTTP 202): the proposal it made, waiting for review. */
export const proposalMadeSchema = z.object({
  proposal: z.object({ id: z.string(), status: z.literal('pending') }),
});
export type ProposalMade = z.infer<typeof proposalMadeSchema>;

export const proposalSummarySchema = z.object({
  id: z.string(),
  status: proposalStatusSchema,
  /** Who proposed it (null once their account is deleted). */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  /** The request as it came: method, the route's pattern and the path called. */
  method: z.string(),
  route: z.string(),
  path: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The reviewer's comment (a rejection's reason). */
  comment: z.string().nullable(),
  /** The change set that applied it, once accepted (undo it there). */
  changeSetId: z.number().int().nullable(),
  /** How many rows it changes, and the first object it changes (what a list shows). */
  changeCount: z.number().int(),
  objectKind: z.enum(changeObjectKinds).nullable(),
  objectId: z.string().nullable(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

/** One proposal with its request's body and every row it changes, shown as the history shows changes. */
export const proposalSchema = proposalSummarySchema.extend({
  body: z.unknown(),
  changes: z.array(changeSchema),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalListQuerySchema = z.strictObject({
  status: proposalStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const proposalListAnswerSchema = z.object({
  proposals: z.array(proposalSummarySchema),
  labels: objectLabelsSchema,
  /** Pending proposals of the tree (of the caller's own, for a contributor). */
  pending: z.number().int(),
});
export type ProposalListAnswer = z.infer<typeof proposalListAnswerSchema>;

export const proposalAnswerSchema = z.object({ proposal: proposalSchema, labels: objectLabelsSchema });
export type ProposalAnswer = z.infer<typeof proposalAnswerSchema>;

export const rejectProposalBodySchema = z.strictObject({
  comment: z.string().trim().max(2000, { error: 'proposal.validation.commentTooLong' }).optional(),
});
export type RejectProposalBody = z.infer<typeof rejectProposalBodySchema>;
