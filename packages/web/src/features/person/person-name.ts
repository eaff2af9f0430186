import type { PersonSummary } from '@anor/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type NameParts = Pick<PersonSummary, 'fName' | 'pName' | 'lName'> & { private?: boolean };

/** "first "nickname" last", with the nickname quoted by `quote`; null when the person has no name at all. */
export function formatPersonName(person: NameParts, quote: (nickname: string) => string): string | null {
  const parts = [person.fName, person.pName ? quote(person.pName) : null, person.lName].filter((part): part is string =>
    Boolean(part),
  );
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The display name of SPEC §3 in the interface language: the first name with the nickname in the
 * language's quotation marks, then the last name; the "unknown name" label for a person without one,
 * and "Private" for a living person a visitor may not see (the server sent no names).
 */
export function usePersonName(): (person: NameParts) => string {
  const { t } = useTranslation();
  return useCallback(
    (person: NameParts) =>
      person.private
        ? t('visitor.private')
        : (formatPersonName(person, (nickname) => t('person.nicknameQuoted', { nickname })) ?? t('person.unknownName')),
    [t],
  );
}
