import { z } from 'zod';
import { textLimits } from '../limits.ts';
import { hasInvalidNameCharacters, isValidEmail, normalizeEmail } from '../rules.ts';

/**
 * Shared field schemas. Each failure message is an error code of the catalogue (and so an i18n
 * key): the server answers it, the web form shows its translation.
 */

export const idSchema = z.uuid({ error: 'common.error.notFound' });

/**
 * The revision of the object an edit started from: the `revision` its answer carried (issue 26;
 * places, repositories, records, citations, notes and media, as persons have it). A stale one is
 * refused with 409 and the stored object in `details.current`, and nothing is written, so that a
 * second session cannot overwrite the first one's change unseen. Optional, as on persons: a caller
 * that sends none (an older client, a script) saves over whatever is stored; the web app always
 * sends it.
 */
export const basedOnRevisionSchema = z.number({ error: 'common.error.validation' }).int().min(1).optional();

/** An object's revision in its answer: raised by every change of its own fields. */
export const revisionSchema = z.number().int();

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.emailRequired' })
      .min(textLimits.emailMin, { error: 'validation.emailTooShort' })
      .max(textLimits.emailMax, { error: 'validation.emailTooLong' })
      .refine(isValidEmail, { error: 'validation.emailInvalid' }),
  );

export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .min(textLimits.passwordMin, { error: 'validation.passwordTooShort' })
  .max(textLimits.passwordMax, { error: 'validation.passwordTooLong' });

/** The current password when proving who you are: any non-empty string, checked by the server. */
export const currentPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .max(textLimits.passwordMax, { error: 'validation.passwordTooLong' });

export const firstNameSchema = z
  .string({ error: 'validation.nameRequired' })
  .trim()
  .min(1, { error: 'validation.nameRequired' })
  .max(textLimits.firstName, { error: 'validation.nameTooLong' })
  .refine((value) => !hasInvalidNameCharacters(value), { error: 'validation.invalidCharacters' });

export const treeNameSchema = z
  .string({ error: 'tree.validation.treeNameRequired' })
  .trim()
  .min(1, { error: 'tree.validation.treeNameRequired' })
  .max(textLimits.treeName, { error: 'tree.validation.treeNameTooLong' })
  .refine((value) => !hasInvalidNameCharacters(value), { error: 'tree.validation.treeNameInvalidCharacters' });

export const languages = ['sv', 'en', 'da', 'no', 'fi'] as const;
export type Language = (typeof languages)[number];
export const languageSchema = z.enum(languages);
