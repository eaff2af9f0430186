import { z } from 'zod';
import { currentPasswordSchema, treeNameSchema } from './common.ts';

export const createTreeBodySchema = z.strictObject({ treeName: treeNameSchema });
export type CreateTreeBody = z.infer<typeof createTreeBodySchema>;

export const renameTreeBodySchema = z.strictObject({ name: treeNameSchema });
export type RenameTreeBody = z.infer<typeof renameTreeBodySchema>;

export const deleteTreeBodySchema = z.strictObject({ password: currentPasswordSchema });
export type DeleteTreeBody = z.infer<typeof deleteTreeBodySchema>;

export const treeCountsSchema = z.object({
  persons: z.number().int(),
  locations: z.number().int(),
  events: z.number().int(),
  sources: z.number().int(),
});
export type TreeCounts = z.infer<typeof treeCountsSchema>;

/** A tree as the tree list and the tree card show it (SPEC §2 tree card, §3 tree info). */
export const treeInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  rootId: z.string().nullable(),
  ownerId: z.string(),
  isOwner: z.boolean(),
  personsAmount: z.number().int(),
  locationsAmount: z.number().int(),
  eventsAmount: z.number().int(),
  sourcesAmount: z.number().int(),
  /** Persons + locations + events + sources. */
  total: z.number().int(),
  /** The owner's node ceiling. */
  limit: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TreeInfo = z.infer<typeof treeInfoSchema>;
