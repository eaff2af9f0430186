import { hasInvalidNameCharacters, isSafeFileReference, isWebUrl, textLimits } from '@anor/core';

/**
 * The API's rules for each field an import fills (issue 18): the same limits (`textLimits`) and the
 * same content rules (`hasInvalidNameCharacters` where the API's schema refuses those characters in
 * the field, `isWebUrl` for links, `isSafeFileReference` for media files) as packages/core's schemas,
 * so that a file can bring in nothing a form could not. Values arrive trimmed, as the schemas trim.
 * A check is a length comparison and at most one linear scan or URL parse: cheap for files of
 * 100,000 persons.
 */
export interface ValueRule {
  max: number;
  /** The field refuses the characters names refuse (control characters, < > { } \). */
  name?: true;
  /** Only an http(s) web address with a host ('web'), or a path or http(s)/file address ('file'). */
  link?: 'web' | 'file';
}

export const valueRules = {
  firstName: { max: textLimits.firstName, name: true },
  lastName: { max: textLimits.lastName, name: true },
  nickname: { max: textLimits.nickname, name: true },
  occupation: { max: textLimits.occupation, name: true },
  locationName: { max: textLimits.locationName, name: true },
  locationType: { max: textLimits.locationType },
  eventTypeName: { max: textLimits.eventTypeName, name: true },
  causeOfEvent: { max: textLimits.causeOfEvent, name: true },
  eventDescription: { max: textLimits.description },
  role: { max: textLimits.role, name: true },
  repositoryTitle: { max: textLimits.repositoryTitle },
  repositoryAddress: { max: textLimits.repositoryAddress },
  repositoryPlace: { max: textLimits.repositoryPlace },
  postalCode: { max: textLimits.postalCode },
  phone: { max: textLimits.phone },
  repositoryEmail: { max: textLimits.repositoryEmail },
  recordTitle: { max: textLimits.recordTitle },
  recordAuthor: { max: textLimits.recordAuthor },
  publicationFacts: { max: textLimits.publicationFacts },
  citationPage: { max: textLimits.citationPage },
  citationEvent: { max: textLimits.citationEvent },
  certaintyAssessment: { max: textLimits.certaintyAssessment },
  richText: { max: textLimits.richText },
  webAddress: { max: textLimits.webAddress, link: 'web' },
  fileReference: { max: textLimits.fileReference, link: 'file' },
  mediaFormat: { max: textLimits.mediaFormat },
  mediaTitle: { max: textLimits.mediaTitle },
} as const satisfies Record<string, ValueRule>;

/** Why a value cannot go into its field as it is: the import report's warning kinds. */
export type ValueProblem = 'value-too-long' | 'value-invalid' | 'link-refused';

/** What keeps a value out of its field, or null when the field takes it. */
export function problemOf(value: string, rule: ValueRule): ValueProblem | null {
  if (value.length > rule.max) return 'value-too-long';
  if (rule.name === true && hasInvalidNameCharacters(value)) return 'value-invalid';
  if (rule.link === 'web' && !isWebUrl(value)) return 'link-refused';
  if (rule.link === 'file' && !isSafeFileReference(value)) return 'link-refused';
  return null;
}

/** The first `max` UTF-16 units, not cutting a character in two, without trailing space. */
export function shorten(value: string, max: number): string {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return value.slice(0, end).trimEnd();
}

/** The report's detail for a value: where it was and, for a long one, its length and the field's. */
export function problemDetail(path: string, value: string, rule: ValueRule, problem: ValueProblem): string {
  if (problem === 'value-too-long') return `${path} (${value.length} > ${rule.max})`;
  return `${path}: ${value.length > 80 ? `${value.slice(0, 80)}…` : value}`;
}

/** The NAME value export writes from a person's names (`Given /Surname/`), or null for none. */
export function nameLineValue(fName: string | null, lName: string | null): string | null {
  return fName === null && lName === null ? null : `${fName ?? ''} /${lName ?? ''}/`.trim();
}

/**
 * A tree name from the file's HEAD.FILE (`C:\Släkt\anor.ged`): its last part without the extension,
 * each character the tree-name rule refuses made a space, as the name field would take it.
 */
export function treeNameOfFile(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  let name = '';
  for (const character of base.replace(/\.(ged|gedcom)$/i, '')) {
    name += hasInvalidNameCharacters(character) ? ' ' : character;
  }
  return name.replace(/\s+/g, ' ').trim();
}
