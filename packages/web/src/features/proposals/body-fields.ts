/**
 * A proposal's stored request body as fields a reviewer can change (issue 26). A proposal can come
 * from any proposable route, so the editor knows no schema: every scalar of the body (a string, a
 * number, a boolean, a null) is one field, labelled with its path (`participants[0].role`); objects
 * and arrays are only the way to it. The changed body is the stored one with the changed values put
 * back at their paths, so whatever is not a field (an empty list, the order of the keys) stays as it
 * came. The server checks the changed request with every rule, as it checked the first.
 */

export type BodyPath = readonly (string | number)[];
export type Scalar = string | number | boolean | null;

export interface BodyField {
  /** The path's text, unique within the body: the field's label and key. */
  key: string;
  path: BodyPath;
  /** The value as stored, whose type decides the input and how its text is read. */
  value: Scalar;
  /** The request's revision (a concurrency check, not a value to change): shown, not editable. */
  isReadOnly: boolean;
}

/** A field's value as the form holds it: a text for strings, numbers and nulls, a flag for booleans. */
export type FieldInput = string | boolean;

const identifier = /^[A-Za-z_$][\w$]*$/;

/** `a.b[0].c`; a key that is no identifier is quoted (`a["x y"]`), so two paths never read the same. */
export function pathLabel(path: BodyPath): string {
  let label = '';
  for (const part of path) {
    if (typeof part === 'number') label += `[${part}]`;
    else if (identifier.test(part)) label += label === '' ? part : `.${part}`;
    else label += `[${JSON.stringify(part)}]`;
  }
  return label;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Every scalar of the body, in the body's order (depth first). A scalar body is one field without a label; null has none. */
export function bodyFields(body: unknown): BodyField[] {
  const fields: BodyField[] = [];
  const visit = (value: unknown, path: (string | number)[]) => {
    if (isScalar(value)) {
      const last = path.at(-1);
      fields.push({ key: pathLabel(path), path, value, isReadOnly: last === 'revision' && typeof value === 'number' });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(item, [...path, index]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    }
  };
  // A request without a body (a delete) is stored with null: nothing to change.
  if (body !== undefined && body !== null) visit(body, []);
  return fields;
}

/** The form's starting value of a field. */
export function inputOf(value: Scalar): FieldInput {
  if (typeof value === 'boolean') return value;
  if (value === null) return '';
  return String(value);
}

/**
 * The value a field's input stands for, in the type the field was stored with: a number field's
 * text must be a number (null when it is not); a null field stays null while empty and is text once
 * typed in; a string stays the text as typed (emptied: the empty text, which the route's schema
 * reads as it reads it from a form).
 */
export function readInput(field: BodyField, input: FieldInput): Scalar | undefined {
  if (typeof field.value === 'boolean') return typeof input === 'boolean' ? input : input === 'true';
  const text = typeof input === 'string' ? input : String(input);
  if (typeof field.value === 'number') {
    const trimmed = text.trim();
    const number = trimmed === '' ? Number.NaN : Number(trimmed);
    return Number.isFinite(number) ? number : undefined;
  }
  if (field.value === null) return text === '' ? null : text;
  return text;
}

function setAt(target: unknown, path: BodyPath, value: Scalar): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(target) && typeof head === 'number') {
    const copy = [...target];
    copy[head] = setAt(copy[head], rest, value);
    return copy;
  }
  if (typeof target === 'object' && target !== null && typeof head === 'string') {
    const record = target as Record<string, unknown>;
    return { ...record, [head]: setAt(record[head], rest, value) };
  }
  return target;
}

/**
 * The stored body with each field's value as typed (fields left as they were keep their stored
 * value, of any type), or the keys of the fields whose input is no value of their type (a number
 * field's text that is no number).
 */
export function changedBody(
  body: unknown,
  fields: readonly BodyField[],
  inputs: Readonly<Record<string, FieldInput>>,
): { body: unknown; invalid: [] } | { body?: undefined; invalid: string[] } {
  let next = body;
  const invalid: string[] = [];
  for (const field of fields) {
    const input = inputs[field.key];
    if (input === undefined || field.isReadOnly) continue;
    const value = readInput(field, input);
    if (value === undefined) invalid.push(field.key);
    else if (value !== field.value) next = setAt(next, field.path, value);
  }
  return invalid.length > 0 ? { invalid } : { body: next, invalid: [] };
}
