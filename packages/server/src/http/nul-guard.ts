import type { FieldIssue } from '@anor/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

type Path = (string | number)[];

/** The path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path: Path, depth = 0): Path | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Past any depth a schema has, validation refuses the value anyway.
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findNul(value[index], [...path, index], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, field] of Object.entries(value)) {
    const found = findNul(key, [...path, key], depth + 1) ?? findNul(field, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses a NUL character (U+0000) anywhere in a request's parameters, query or JSON body with 400
 * `validation.invalidCharacters`, before validation: no text column of PostgreSQL can hold one, so
 * without this a NUL in any field a schema does not check character by character (a description,
 * a search term) became a database error and a 500. Uploaded files (bytes) are not looked at.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value, [part]);
      if (path) {
        const issues: FieldIssue[] = [{ path, code: 'validation.invalidCharacters' }];
        throw new AppError('validation.invalidCharacters', { issues });
      }
    }
  });
}
