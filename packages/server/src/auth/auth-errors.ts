import type { ErrorCode } from '@anor/core';
import { APIError } from 'better-auth/api';
import { AppError } from '../http/errors.ts';

/** better-auth's error codes, mapped to our catalogue. Anything else is unexpected. */
const betterAuthCodes: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'auth.error.accountExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.error.accountExists',
  INVALID_EMAIL_OR_PASSWORD: 'auth.error.invalidCredentials',
  INVALID_PASSWORD: 'auth.error.incorrectPassword',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth.error.incorrectPassword',
  INVALID_TOKEN: 'auth.error.invalidToken',
  PASSWORD_TOO_SHORT: 'validation.passwordTooShort',
  PASSWORD_TOO_LONG: 'validation.passwordTooLong',
  INVALID_EMAIL: 'validation.emailInvalid',
  USER_NOT_FOUND: 'auth.error.noUserForEmail',
  INVALID_ORIGIN: 'auth.error.invalidOrigin',
  MISSING_OR_NULL_ORIGIN: 'auth.error.invalidOrigin',
  FAILED_TO_GET_SESSION: 'auth.error.sessionRequired',
  SESSION_EXPIRED: 'auth.error.sessionRequired',
  UNAUTHORIZED: 'auth.error.sessionRequired',
};

export function catalogueCodeOf(betterAuthCode: string | undefined, status: number): ErrorCode {
  const mapped = betterAuthCode ? betterAuthCodes[betterAuthCode] : undefined;
  if (mapped) return mapped;
  if (status === 401) return 'auth.error.sessionRequired';
  if (status === 403) return 'auth.error.forbidden';
  if (status === 404) return 'common.error.notFound';
  if (status === 429) return 'common.error.tooManyRequests';
  if (status >= 400 && status < 500) return 'common.error.validation';
  return 'common.error.generic';
}

/** Runs a better-auth call, turning its APIError into an AppError with our code. */
export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof APIError) {
      const body = error.body as { code?: string } | undefined;
      const code = catalogueCodeOf(body?.code, error.statusCode);
      if (code === 'common.error.generic') throw error;
      throw new AppError(code);
    }
    throw error;
  }
}
