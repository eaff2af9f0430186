import { z } from 'zod';
import { genders, lifeYearSchema } from './person.ts';

/** How two persons are related (issue 24): the answer of GET /api/:treeId/relationship/:personId/:otherPersonId. */

const kinSexSchema = z.enum(['male', 'female', 'unknown']);

/** The shape of one path (see @anor/core kinship): up from A, across, down to B. */
export const kinshipSchema = z.object({
  partnerFirst: kinSexSchema.nullable(),
  up: z.array(kinSexSchema),
  step: kinSexSchema.nullable(),
  down: z.array(kinSexSchema),
  half: z.boolean(),
  partnerLast: kinSexSchema.nullable(),
});

export const relationshipPersonSchema = z.object({
  id: z.string(),
  fName: z.string().nullable(),
  pName: z.string().nullable(),
  lName: z.string().nullable(),
  gender: z.enum(genders),
  born: lifeYearSchema.nullable().optional(),
  died: lifeYearSchema.nullable().optional(),
  /** Set for a visitor when this is a living person: the name and sex are blanked. */
  private: z.boolean().optional(),
});
export type RelationshipPerson = z.infer<typeof relationshipPersonSchema>;

export const relationshipPathSchema = z.object({
  /** The persons of the path from the first person to the other, in order. */
  personIds: z.array(z.string()),
  /** `steps[i]` leads from `personIds[i]` to `personIds[i + 1]`. */
  steps: z.array(z.enum(['parent', 'child', 'partner', 'sibling'])),
  /** Full blood: the top's partner, the other common ancestor (drawn beside the top). */
  topPartnerId: z.string().nullable(),
  kinship: kinshipSchema,
  /** What the other person is to the first, in the request's language ("farmors far"). */
  words: z.string(),
});
export type RelationshipPath = z.infer<typeof relationshipPathSchema>;

export const relationshipAnswerSchema = z.object({
  persons: z.array(relationshipPersonSchema),
  /** Every path, shortest first (a pedigree collapse gives several). */
  paths: z.array(relationshipPathSchema),
  /** More paths exist than the answer holds. */
  truncated: z.boolean(),
});
export type RelationshipAnswer = z.infer<typeof relationshipAnswerSchema>;
