import { z } from 'zod';
import { dateTypes } from '../dates/date-types.ts';
import { textLimits } from '../limits.ts';
import { hasInvalidNameCharacters } from '../rules.ts';
import { type LifeYear, lifeYearSchema } from './life-year.ts';
import { portraitSchema } from './media.ts';
import { PERSON_NAMES_MAX, personNameInputSchema, personNameSchema } from './person-name.ts';

export const genders = ['male', 'female', 'other', 'unknown'] as const;
export type Gender = (typeof genders)[number];
export const genderSchema = z.enum(genders, { error: 'person.validation.invalidGender' });

export const rootRelations = ['root', 'ancestor', 'descendant', 'none'] as const;
export type RootRelation = (typeof rootRelations)[number];

export const personIdSchema = z.uuid({ error: 'person.error.notFound' });

function nameField(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' });
}

function text(max: number, tooLong: string) {
  return z
    .string({ error: 'common.error.validation' })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' });
}

/** Optional text: absent, empty or only spaces is stored as null. */
function optionalText(max: number, tooLong: string) {
  return text(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Optional text in a change: empty or only spaces clears it (null), absent leaves it as it is (undefined). */
function changedText(max: number, tooLong: string) {
  return text(max, tooLong)
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();
}

export const firstNameFieldSchema = nameField(
  'person.validation.firstNameRequired',
  'person.validation.firstNameTooLong',
  textLimits.firstName,
);
export const lastNameFieldSchema = nameField(
  'person.validation.lastNameRequired',
  'person.validation.lastNameTooLong',
  textLimits.lastName,
);
export const nicknameFieldSchema = optionalText(textLimits.nickname, 'person.validation.nicknameTooLong');
export const occupationFieldSchema = optionalText(textLimits.occupation, 'person.validation.occupationTooLong');

const descriptionText = z
  .string({ error: 'common.error.validation' })
  .max(textLimits.description, { error: 'person.validation.descriptionTooLong' });

/** Plain text; line breaks allowed. Rich text arrives with notes. */
export const descriptionFieldSchema = descriptionText.nullish().transform((value) => (value?.trim() ? value : null));

/**
 * The revision of the person an edit started from (the `revision` of the person it loaded). A
 * stale one is refused with 409 `person.error.conflict`, so a second session cannot overwrite the
 * first one's change unseen. Optional because the bodies of SPEC §7 have none; the web app always
 * sends it.
 */
const personRevisionSchema = z.number({ error: 'common.error.validation' }).int().min(1);
const basedOn = { revision: personRevisionSchema.optional() };

/**
 * A person's other names (issue 19 item 14) sent with the person's own name, so the person dialog
 * saves both in one transaction; absent: the stored ones stay.
 */
const otherNamesField = {
  names: z.array(personNameInputSchema).max(PERSON_NAMES_MAX, { error: 'common.error.validation' }).optional(),
};

export const nameBodySchema = z.strictObject({
  fName: firstNameFieldSchema,
  pName: nicknameFieldSchema,
  lName: lastNameFieldSchema,
  ...otherNamesField,
  ...basedOn,
});
export type NameBody = z.input<typeof nameBodySchema>;

/** A person as the create and edit forms send it. */
export const personInputSchema = z.strictObject({
  fName: firstNameFieldSchema,
  pName: nicknameFieldSchema,
  lName: lastNameFieldSchema,
  gender: genderSchema.default('unknown'),
  occupation: occupationFieldSchema,
  description: descriptionFieldSchema,
  ...otherNamesField,
});
export type PersonInput = z.input<typeof personInputSchema>;
export type PersonValues = z.output<typeof personInputSchema>;

/**
 * PUT person/{id}: the person's fields from the revision it was loaded at. A field left out keeps
 * its stored value (a client that sends only the names must not reset the gender or clear the
 * occupation); one sent empty is cleared.
 */
export const updatePersonBodySchema = z.strictObject({
  fName: firstNameFieldSchema.optional(),
  pName: changedText(textLimits.nickname, 'person.validation.nicknameTooLong'),
  lName: lastNameFieldSchema.optional(),
  gender: genderSchema.optional(),
  occupation: changedText(textLimits.occupation, 'person.validation.occupationTooLong'),
  description: descriptionText
    .nullable()
    .transform((value) => (value?.trim() ? value : null))
    .optional(),
  ...basedOn,
});
export type UpdatePersonBody = z.input<typeof updatePersonBodySchema>;

export const relationTypes = ['parent', 'child', 'partner', 'sibling'] as const;
export type RelationType = (typeof relationTypes)[number];

/**
 * How a new person is attached as it is created: as parent, child, partner or sibling of an
 * existing person. A child may get a second parent (otherParentId); a partner may become the
 * other parent of some of the person's children (childIds).
 */
export const newPersonRelationSchema = z.strictObject({
  type: z.enum(relationTypes, { error: 'common.error.validation' }),
  personId: personIdSchema,
  otherParentId: personIdSchema.nullish(),
  childIds: z.array(personIdSchema).max(100).optional(),
});
export type NewPersonRelation = z.input<typeof newPersonRelationSchema>;

export const createPersonBodySchema = z.strictObject({
  person: personInputSchema,
  relation: newPersonRelationSchema.nullish(),
  /** Makes the new person the tree's root (creation mode "root"). */
  asRoot: z.boolean().optional(),
});
export type CreatePersonBody = z.input<typeof createPersonBodySchema>;

export const createChildBodySchema = z.strictObject({
  child: personInputSchema,
  parentIds: z.array(personIdSchema).max(2, { error: 'person.error.tooManyParents' }).min(1, {
    error: 'person.validation.parentsAtLeastOne',
  }),
});
export type CreateChildBody = z.input<typeof createChildBodySchema>;

export const relationshipBodySchema = z.strictObject({
  /**
   * parent: startId is a parent of endId; partner and sibling: either way; event: the person
   * startId joins the event endId with relData's role and description.
   */
  type: z.enum(['parent', 'partner', 'sibling', 'event'], { error: 'common.error.validation' }),
  startId: personIdSchema,
  endId: z.uuid({ error: 'common.error.notFound' }),
  relData: z
    .strictObject({
      childIds: z.array(personIdSchema).max(100).optional(),
      role: z.string().max(200).optional(),
      description: z.string().max(2000).nullish(),
    })
    .optional(),
});
export type RelationshipBody = z.input<typeof relationshipBodySchema>;

export const removeRelationshipBodySchema = z.strictObject({ startId: personIdSchema, endId: personIdSchema });

export const setParentBodySchema = z.strictObject({ parentId: personIdSchema });
export const setPartnerBodySchema = z.strictObject({
  partnerId: personIdSchema,
  childIds: z.array(personIdSchema).max(100).optional(),
});
export const setSiblingBodySchema = z.strictObject({ siblingId: personIdSchema });
export const setChildBodySchema = z.strictObject({ childId: personIdSchema, partnerId: personIdSchema.nullish() });
export const removeParentBodySchema = z.strictObject({
  parentId: personIdSchema,
  /** Also remove the child from its other parent. */
  removeBothParents: z.boolean().optional(),
  /** Also remove the child's explicit sibling links. */
  removeFromSiblings: z.boolean().optional(),
});
export const removePartnerBodySchema = z.strictObject({ partnerId: personIdSchema });
export const removeSiblingBodySchema = z.strictObject({ siblingId: personIdSchema });
export const occupationBodySchema = z.strictObject({ occupation: occupationFieldSchema, ...basedOn });
export const genderBodySchema = z.strictObject({ gender: genderSchema, ...basedOn });
export const descriptionBodySchema = z.strictObject({ description: descriptionFieldSchema, ...basedOn });
export const setRootBodySchema = z.strictObject({ rootId: personIdSchema });

// ---- Answers ----

export { type LifeYear, lifeYearSchema };

export const personSummarySchema = z.object({
  id: z.string(),
  fName: z.string().nullable(),
  pName: z.string().nullable(),
  lName: z.string().nullable(),
  gender: z.enum(genders),
  occupation: z.string().nullable(),
  rootRelation: z.enum(rootRelations),
  /** Set for a visitor when this is a living person (or their event, note, citation): everything telling is blanked. */
  private: z.boolean().optional(),
  /**
   * Life years and birthplace, so that namesakes can be told apart (issue 19 item 12): the year of
   * the birth and the death with the date's type, and the birth place's path (nearest first).
   * null when not known; absent where an answer does not carry them.
   */
  born: lifeYearSchema.nullable().optional(),
  died: lifeYearSchema.nullable().optional(),
  birthPlace: z.string().nullable().optional(),
  /**
   * The person's portrait, to show small beside the name in lists and charts (issue 22): the image
   * and its crop, read in the same query as the list. null when none, or when a visitor may not see
   * it (a living person); absent where an answer does not carry it.
   */
  portrait: portraitSchema.nullable().optional(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const childSummarySchema = personSummarySchema.extend({
  /** The child's other parent from the viewed person's side; null when unknown. */
  otherParentId: z.string().nullable(),
});
export type ChildSummary = z.infer<typeof childSummarySchema>;

export const siblingSummarySchema = personSummarySchema.extend({
  /** full: both parents shared; half: one shared; explicit: a sibling link without known parents. */
  kind: z.enum(['full', 'half', 'explicit']),
});
export type SiblingSummary = z.infer<typeof siblingSummarySchema>;

/** A person's birth or death as the person page shows it (the age line, the summary). */
export const lifeEventSummarySchema = z.object({
  eventId: z.string(),
  startDate: z.string().nullable(),
  startDateType: z.enum(dateTypes),
  endDate: z.string().nullable(),
  endDateType: z.enum(dateTypes),
  /** The date as an imported file wrote it, shown when there is no start date (a Julian or BCE date, a phrase). */
  dateText: z.string().nullable().optional(),
  /** The place's path, nearest first. */
  place: z.string().nullable(),
});
export type LifeEventSummary = z.infer<typeof lifeEventSummarySchema>;

export const personSchema = personSummarySchema.extend({
  treeId: z.string(),
  description: z.string().nullable(),
  /** Raised by every change of the person's own fields; an update names the revision it started from. */
  revision: z.number().int(),
  isRoot: z.boolean(),
  rootId: z.string().nullable(),
  parentIds: z.array(z.string()),
  childIds: z.array(z.string()),
  partnerIds: z.array(z.string()),
  siblingIds: z.array(z.string()),
  parents: z.array(personSummarySchema),
  children: z.array(childSummarySchema),
  partners: z.array(personSummarySchema),
  siblings: z.array(siblingSummarySchema),
  birth: lifeEventSummarySchema.nullable(),
  death: lifeEventSummarySchema.nullable(),
  /** The person's other names (birth, married, also-known-as, variants), in the user's order. */
  names: z.array(personNameSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const childrenAnswerSchema = z.object({
  children: z.array(childSummarySchema),
  /** The other parents of the children (each once); children with otherParentId null have none known. */
  otherParents: z.array(personSummarySchema),
});
export type ChildrenAnswer = z.infer<typeof childrenAnswerSchema>;

export const familyAnswerSchema = z.object({
  person: personSummarySchema,
  parents: z.array(personSummarySchema),
  partners: z.array(personSummarySchema),
  children: z.array(childSummarySchema),
  siblings: z.array(siblingSummarySchema),
  /** The parents' own parents; childId says whose parent each is. */
  grandparents: z.array(personSummarySchema.extend({ childId: z.string() })),
  /** The other parents of the person's children who are not among the partners. */
  otherParents: z.array(personSummarySchema),
});
export type FamilyAnswer = z.infer<typeof familyAnswerSchema>;

export const chartPersonSchema = personSummarySchema.extend({
  parentIds: z.array(z.string()),
  partnerIds: z.array(z.string()),
  /** 0 for the starting person, 1 for parents (or children), and so on. Partners share their partner's.
   * ancestors/{n} reaches n generations above the person: n = 9 draws a ten-generation pedigree. */
  generation: z.number().int(),
  /** In a descendant chart: a partner of a descendant, not a descendant. */
  isPartner: z.boolean(),
  /** The birth and death with their dates and places, for the box's hover text (issue 23); null when unknown. */
  birth: lifeEventSummarySchema.nullable().optional(),
  death: lifeEventSummarySchema.nullable().optional(),
});
export type ChartPerson = z.infer<typeof chartPersonSchema>;

export const chartAnswerSchema = z.object({
  startId: z.string(),
  persons: z.array(chartPersonSchema),
  /** True when the chart was cut at the size limit before reaching the asked depth. */
  truncated: z.boolean(),
});
export type ChartAnswer = z.infer<typeof chartAnswerSchema>;

export const personListQuerySchema = z.strictObject({
  q: z.string().max(200).optional(),
  gender: z.enum(genders).optional(),
  /** Only the root, its ancestors and its descendants. */
  lineage: z.enum(['direct']).optional(),
  /** name: Swedish alphabetical by last name; created: first added first; recent: last added first. */
  sort: z.enum(['name', 'created', 'recent']).default('name'),
  /** Comma-separated ids to leave out (the person a dialog is for, relatives already chosen). */
  exclude: z
    .string()
    .max(50 * 37)
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : []))
    .pipe(z.array(personIdSchema).max(50)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type PersonListQuery = z.input<typeof personListQuerySchema>;
export type PersonListParams = z.output<typeof personListQuerySchema>;

export const personListAnswerSchema = z.object({
  items: z.array(personSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PersonListAnswer = z.infer<typeof personListAnswerSchema>;

export const mainNodesAnswerSchema = z.object({
  treeId: z.string(),
  name: z.string(),
  rootId: z.string().nullable(),
  root: personSummarySchema.nullable(),
  personsAmount: z.number().int(),
  locationsAmount: z.number().int(),
  eventsAmount: z.number().int(),
  sourcesAmount: z.number().int(),
  canEdit: z.boolean(),
});
export type MainNodesAnswer = z.infer<typeof mainNodesAnswerSchema>;

/** PUT person/{id}/gender answers the new gender (SPEC §7), and the new revision for the next edit. */
export const genderAnswerSchema = z.object({ gender: genderSchema, revision: z.number().int() });
export type GenderAnswer = z.infer<typeof genderAnswerSchema>;

export const deletedAnswerSchema = z.object({ deletedIds: z.array(z.string()) });
