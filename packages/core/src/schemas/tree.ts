import { z } from 'zod';
import { treeRoleSchema } from '../roles.ts';
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
  /** The caller's role in the tree (issue 26; @anor/core roles.ts): what the web app offers them. */
  role: treeRoleSchema,
  personsAmount: z.number().int(),
  locationsAmount: z.number().int(),
  eventsAmount: z.number().int(),
  sourcesAmount: z.number().int(),
  /** Persons + locations + events + sources. */
  total: z.number().int(),
  /** The owner's node ceiling. */
  limit: z.number().int(),
  /** Bytes the tree's media files take (issue 22); given to the owner only. */
  mediaBytes: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TreeInfo = z.infer<typeof treeInfoSchema>;

/**
 * Sharing (SPEC §1, §6): a tree is shown read-only to anyone with its share link while the owner's
 * subscription is valid. The link is `/share/{token}`; turning sharing off forgets the token, so
 * old links stop working, and turning it on again makes a new one.
 */
export const shareStateSchema = z.object({
  /** Whether the tree has a share link now. */
  shared: z.boolean(),
  /** The link's secret, null while not shared. The web app makes the URL `${origin}/share/${token}`. */
  token: z.string().nullable(),
  /** Whether the owner's subscription allows sharing (a paid feature); false offers the subscription. */
  canShare: z.boolean(),
});
export type ShareState = z.infer<typeof shareStateSchema>;

export const shareBodySchema = z.strictObject({ enabled: z.boolean({ error: 'common.error.validation' }) });
export type ShareBody = z.infer<typeof shareBodySchema>;

export const shareTokenSchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'tree.error.notFound' });

/** What a share link opens: the tree, its name and where to start (GET /api/share/{token}). */
export const sharedTreeSchema = z.object({
  treeId: z.string(),
  name: z.string(),
  rootId: z.string().nullable(),
  token: z.string(),
});
export type SharedTree = z.infer<typeof sharedTreeSchema>;

/** POST /api/tree: the shared trees of the owner with that e-mail (SPEC §7), empty when none. */
export const findTreeBodySchema = z.strictObject({ email: z.string().max(120) });
export const findTreeAnswerSchema = z.object({ trees: z.array(sharedTreeSchema) });
export type FindTreeAnswer = z.infer<typeof findTreeAnswerSchema>;
