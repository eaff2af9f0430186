import { ruleTexts } from '../i18n/rule-texts.ts';
import { foldForSearch } from '../text.ts';
import { allowedRoles, type EventType, type ParticipantRole } from './types.ts';

/** Extra words, in any of the five languages, that mean the primary participant. */
const primaryWords = ['primary', 'huvudperson', 'hovedperson', 'päähenkilö', 'main', 'principal'];

function roleNames(role: ParticipantRole): string[] {
  return Object.values(ruleTexts).map((texts) => foldForSearch(texts.events.roles[role]));
}

/**
 * A participant's role as typed (SPEC §5): wording for "primary" in any language maps to
 * `primary`; a role key or a role's name in any language that the type offers maps to that role;
 * anything else is kept as the free text the user typed (trimmed, spaces collapsed).
 */
export function normaliseRole(text: string, type: EventType): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const folded = foldForSearch(trimmed);
  if (primaryWords.includes(folded) || roleNames('primary').includes(folded)) return 'primary';
  for (const role of allowedRoles[type]) {
    if (folded === role || roleNames(role).includes(folded)) return role;
  }
  return trimmed;
}
