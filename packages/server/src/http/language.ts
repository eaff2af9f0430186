import type { Language } from '@anor/core';
import { isLanguage } from '@anor/core/i18n';
import type { FastifyRequest } from 'fastify';

/** The language of answers and e-mails: the first supported tag of Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return languageFromHeader(request.headers['accept-language']);
}

export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'en';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const primary = tag.split('-')[0] ?? '';
    // Norwegian arrives as nb or nn as often as no.
    const candidate = primary === 'nb' || primary === 'nn' ? 'no' : primary;
    if (isLanguage(candidate)) return candidate;
  }
  return 'en';
}
