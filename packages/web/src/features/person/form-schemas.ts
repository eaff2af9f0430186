import { genderSchema, nameBodySchema, occupationBodySchema, personInputSchema } from '@anor/core';
import { z } from 'zod';

/**
 * The forms hold every field as text (an empty nickname is ''), while the shared schemas also
 * accept null for optional fields. This wraps a shared schema for such a form: text fields in,
 * then the shared schema's own validation, so the rules and their messages stay in @anor/core.
 */
function textForm<Shape extends z.ZodRawShape, Out>(fields: Shape, schema: z.ZodType<Out>) {
  return z.object(fields).transform((values, context): Out => {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

export const personFormSchema = textForm(
  { fName: z.string(), pName: z.string(), lName: z.string(), gender: genderSchema, occupation: z.string() },
  personInputSchema,
);

export const nameFormSchema = textForm({ fName: z.string(), pName: z.string(), lName: z.string() }, nameBodySchema);

export const occupationFormSchema = textForm({ occupation: z.string() }, occupationBodySchema);
