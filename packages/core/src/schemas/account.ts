import { z } from 'zod';
import { textLimits } from '../limits.ts';
import { currentPasswordSchema, emailSchema, firstNameSchema, passwordSchema } from './common.ts';

export const registerBodySchema = z.strictObject({
  fName: firstNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const signInBodySchema = z.strictObject({
  email: z.string({ error: 'validation.emailRequired' }).trim().min(1, { error: 'validation.emailRequired' }),
  password: currentPasswordSchema,
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  token: z.string({ error: 'auth.error.invalidToken' }).min(1, { error: 'auth.error.invalidToken' }).max(512),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The form adds the confirmation; the server checks it too when it is sent. */
export const resetPasswordFormSchema = z
  .strictObject({ password: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    error: 'auth.error.passwordMismatch',
    path: ['confirmPassword'],
  });

export const changePasswordBodySchema = z
  .strictObject({
    oldPassword: currentPasswordSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.newPassword, {
    error: 'auth.error.passwordMismatch',
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The current password proves it is the account's holder asking (a session alone is not enough). */
export const changeEmailBodySchema = z.strictObject({ email: emailSchema, password: currentPasswordSchema });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const deleteAccountBodySchema = z.strictObject({ password: currentPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const contactBodySchema = z.strictObject({
  sender: emailSchema,
  text: z
    .string({ error: 'contact.validation.textRequired' })
    .trim()
    .min(1, { error: 'contact.validation.textRequired' })
    .max(textLimits.contactText, { error: 'contact.validation.textTooLong' }),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const subscriptionInfoSchema = z.object({
  plan: z.enum(['free', 'monthly', 'yearly']),
  status: z.enum(['free', 'paid']),
  validUntil: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const userInfoSchema = z.object({
  id: z.string(),
  fName: z.string(),
  email: z.string(),
  treeIds: z.array(z.string()),
  subscription: subscriptionInfoSchema,
  subscriptionValid: z.boolean(),
  /** Whether proposed changes are told by e-mail (issue 26): one waiting for review, a decision on one's own. */
  notifyByEmail: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const notificationsBodySchema = z.strictObject({ notifyByEmail: z.boolean() });
export type NotificationsBody = z.infer<typeof notificationsBodySchema>;

export const emailLookupAnswerSchema = z.object({ emailExists: z.boolean() });
export type EmailLookupAnswer = z.infer<typeof emailLookupAnswerSchema>;

export const okAnswerSchema = z.object({ ok: z.literal(true) });
