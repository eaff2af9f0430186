import { z } from 'zod';
import { changeSetIdSchema } from './history.ts';

/**
 * The trash (issue 21): deleted objects and deleted trees stay restorable for `trashDays` days;
 * then the server's sweep purges them (modules/trash/). Visitors never see it.
 */
export const trashDays = 30;

/** When something deleted at `deletedAt` is purged. */
export function purgeDateOf(deletedAt: string | Date): Date {
  return new Date(new Date(deletedAt).getTime() + trashDays * 24 * 60 * 60 * 1000);
}

/** The kinds of object the trash lists. */
export const trashObjectKinds = [
  'person',
  'event',
  'place',
  'note',
  'citation',
  'record',
  'repository',
  'media',
] as const;
export type TrashObjectKind = (typeof trashObjectKinds)[number];

export const trashQuerySchema = z.strictObject({
  /** Paging: the items deleted before this one (the `next` of the previous page). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TrashQuery = z.infer<typeof trashQuerySchema>;

/** One deleted object, as it was when deleted. */
export const trashItemSchema = z.object({
  /** The delete's change set: restoring it restores everything it deleted. */
  changeSetId: z.number().int(),
  kind: z.enum(trashObjectKinds),
  id: z.string(),
  /** Its name, title or text as it was (null: it had none). */
  label: z.string().nullable(),
  /** An event's type (its label is its own name, if any). */
  eventType: z.string().nullable(),
  deletedAt: z.string(),
  /** When it is purged and can no longer be restored. */
  purgeAt: z.string(),
  userName: z.string().nullable(),
  /** The links that went with it, by kind (relations, participants, citations, notes…). */
  links: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  /** How many objects the same delete removed (all come back together). */
  objectsInDelete: z.number().int(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

export const trashAnswerSchema = z.object({
  items: z.array(trashItemSchema),
  next: z.number().int().nullable(),
});
export type TrashAnswer = z.infer<typeof trashAnswerSchema>;

export const trashRestoreParamsSchema = z.object({ changeSetId: changeSetIdSchema });

export const trashRestoreAnswerSchema = z.object({
  restored: z.number().int(),
  /** The undo's own change set. */
  changeSet: z.number().int(),
});
export type TrashRestoreAnswer = z.infer<typeof trashRestoreAnswerSchema>;

/** A deleted tree, for its owner's trees page. */
export const deletedTreeSchema = z.object({
  id: z.string(),
  name: z.string(),
  deletedAt: z.string(),
  purgeAt: z.string(),
  personsAmount: z.number().int(),
  total: z.number().int(),
});
export type DeletedTree = z.infer<typeof deletedTreeSchema>;
