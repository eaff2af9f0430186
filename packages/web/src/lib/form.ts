import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../api/client.ts';
import { codeKey, errorKey } from '../i18n/messages.ts';

type Values = Record<string, string>;

/** Field errors hold catalogue codes; `form` is the error that belongs to no single field. */
export type FormErrors<V extends Values> = Partial<Record<keyof V | 'form', string>>;

interface Options<V extends Values> {
  /** Server error codes that belong to a field, e.g. `{ 'auth.error.incorrectPassword': 'oldPassword' }`. */
  fieldOfCode?: Partial<Record<string, keyof V>>;
}

/**
 * A small form state that validates with the shared Zod schema of `@anor/core` on submit and
 * shows each issue (a catalogue code) under its field, translated.
 */
export function useSchemaForm<V extends Values, Out>(
  schema: z.ZodType<Out, NoInfer<Partial<V>>>,
  initialValues: V,
  options: Options<V> = {},
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const { fieldOfCode } = options;

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => {
      if (!previous[name] && !previous.form) return previous;
      const { [name]: _removed, form: _form, ...rest } = previous;
      return rest as FormErrors<V>;
    });
  }, []);

  /** Validates all values; on failure shows the first problem of each field and returns null. */
  const validate = (): Out | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FormErrors<V> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      const key = typeof field === 'string' && field in values ? (field as keyof V) : 'form';
      if (!next[key]) next[key] = issue.message;
    }
    setErrors(next);
    return null;
  };

  /** Puts a server answer's error where it belongs: under a field, or above the buttons. */
  const setServerError = (error: unknown) => {
    const next: FormErrors<V> = {};
    let unplacedCode: string | undefined;
    if (isApiError(error)) {
      for (const issue of error.fieldIssues) {
        const field = issue.path[0];
        if (typeof field === 'string' && field in values) {
          next[field as keyof V] ??= issue.code;
        } else {
          unplacedCode ??= issue.code;
        }
      }
      const field = fieldOfCode?.[error.code];
      if (field) next[field] = error.code;
    }
    if (Object.keys(next).length === 0) next.form = unplacedCode ?? errorKey(error);
    setErrors(next);
  };

  const handleSubmit = (onValid: (data: Out) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validate();
    if (data !== null) onValid(data);
  };

  const errorText = (name: keyof V | 'form'): string | undefined => {
    const code = errors[name];
    return code ? t(codeKey(code)) : undefined;
  };

  /** Props for a Mantine input bound to one field. */
  const getInputProps = <K extends keyof V & string>(name: K) => {
    const error = errorText(name);
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.currentTarget.value as V[K]),
      error,
      // Mantine's PasswordInput marks its inner input only with data-invalid; screen readers need aria-invalid.
      'aria-invalid': error ? true : undefined,
    };
  };

  const reset = (next: V = initialValues) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, setValue, validate, setServerError, handleSubmit, getInputProps, errorText, reset };
}
