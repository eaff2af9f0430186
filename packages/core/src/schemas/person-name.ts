import { z } from 'zod';
import { partialDateSchema } from '../dates/schema.ts';
import { textLimits } from '../limits.ts';
import { hasInvalidNameCharacters } from '../rules.ts';

/**
 * A person's other names (issue 19, item 14): birth name, married name, also-known-as, spelling
 * variants and the rest of GEDCOM's NAME TYPE values, each with optional dates. The person's own
 * fName/pName/lName stay the name the person is shown by; these are the others, all found by search.
 */
export const personNameTypes = ['birth', 'married', 'aka', 'variant', 'maiden', 'immigrant', 'other'] as const;
export type PersonNameType = (typeof personNameTypes)[number];

/** At most this many other names per person. */
export const PERSON_NAMES_MAX = 50;

function namePart(tooLong: string, max: number) {
  return z
    .string({ error: 'common.error.validation' })
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' })
    .nullish()
    .transform((value) => (value ? value : null));
}

export const personNameInputSchema = z
  .strictObject({
    type: z.enum(personNameTypes, { error: 'common.error.validation' }),
    /** The file's own TYPE text when it was none of the known ones (type is then `other`); kept for export. */
    typeText: z
      .string({ error: 'common.error.validation' })
      .trim()
      .max(100, { error: 'common.error.validation' })
      .nullish()
      .transform((value) => (value ? value : null)),
    fName: namePart('person.validation.firstNameTooLong', textLimits.firstName),
    pName: namePart('person.validation.nicknameTooLong', textLimits.nickname),
    lName: namePart('person.validation.lastNameTooLong', textLimits.lastName),
    /** From when the name was used (a married name: the wedding), and until when; partial dates. */
    fromDate: partialDateSchema,
    toDate: partialDateSchema,
  })
  .superRefine((name, context) => {
    if (!name.fName && !name.lName) {
      context.addIssue({ code: 'custom', path: ['lName'], message: 'person.validation.nameRequired' });
    }
    if (name.fromDate && name.toDate && name.fromDate.slice(0, name.toDate.length) > name.toDate) {
      context.addIssue({ code: 'custom', path: ['toDate'], message: 'events.validation.endBeforeStart' });
    }
  });
export type PersonNameInput = z.input<typeof personNameInputSchema>;
export type PersonNameValues = z.output<typeof personNameInputSchema>;

/** PUT person/{id}/names: the whole list of other names, in order, from the person's revision. */
export const personNamesBodySchema = z.strictObject({
  names: z.array(personNameInputSchema).max(PERSON_NAMES_MAX, { error: 'common.error.validation' }),
  revision: z.number({ error: 'common.error.validation' }).int().min(1).optional(),
});
export type PersonNamesBody = z.input<typeof personNamesBodySchema>;
export type PersonNamesValues = z.output<typeof personNamesBodySchema>;

export const personNameSchema = z.object({
  id: z.string(),
  type: z.enum(personNameTypes),
  typeText: z.string().nullable(),
  fName: z.string().nullable(),
  pName: z.string().nullable(),
  lName: z.string().nullable(),
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
});
export type PersonName = z.infer<typeof personNameSchema>;
