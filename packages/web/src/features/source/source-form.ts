import {
  type Citation,
  type CitationInput,
  citationInputSchema,
  type RecordInput,
  type Repository,
  type RepositoryInput,
  recordInputSchema,
  repositoryInputSchema,
  type SourceRecord,
} from '@anor/core';
import type { z } from 'zod';
import { isRichTextEmpty } from '../note/rich-text.ts';

/*
 * The three source dialogs' forms as plain data (SPEC §2, §4, §5): what a stored source looks like
 * in the form, what the form sends, whether anything changed (saving unchanged just closes), and
 * the shared schemas' problems per field.
 */

/** A chosen parent (a record of a citation, a repository of a record): the id to save, the title to show. */
export interface SourceChoice {
  id: string;
  title: string;
}

export interface CitationDraft {
  record: SourceChoice | null;
  whereWithinSourceText: string;
  whereWithinSourceURL: string;
  /** The transcription, rich text (HTML). */
  textFromSource: string;
  /**
   * The GEDCOM citation details (SPEC §3; issue 19 item 17), shown and edited as text: the event
   * and role the source records (EVEN, ROLE), the date of the entry (DATA DATE) and the certainty
   * (QUAY, '0' to '3', or what an import brought).
   */
  details: CitationDetails;
}

export type CitationDetailField =
  | 'eventCitedFrom'
  | 'eventCitedFromRole'
  | 'entryRecordingDate'
  | 'certaintyAssessment';
export type CitationDetails = Record<CitationDetailField, string>;

const noDetails: CitationDetails = {
  eventCitedFrom: '',
  eventCitedFromRole: '',
  entryRecordingDate: '',
  certaintyAssessment: '',
};

export interface RecordDraft {
  repository: SourceChoice | null;
  title: string;
  originator: string;
  filedByEntry: string;
  publicationFacts: string;
  url: string;
}

export type RepositoryField =
  | 'title'
  | 'address'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country'
  | 'phone'
  | 'email'
  | 'fax'
  | 'www';

export type RepositoryDraft = Record<RepositoryField, string>;

/** The repository fields in the order the dialog shows them. */
export const repositoryFields: readonly RepositoryField[] = [
  'title',
  'address',
  'postalCode',
  'city',
  'state',
  'country',
  'phone',
  'email',
  'fax',
  'www',
];

function text(value: string | null | undefined): string {
  return value ?? '';
}

function blankAsNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

// ---- Citation ----

export function citationDraftOf(citation: Citation): CitationDraft {
  return {
    record: citation.record ? { id: citation.record.id, title: citation.record.title } : null,
    whereWithinSourceText: text(citation.whereWithinSourceText),
    whereWithinSourceURL: text(citation.whereWithinSourceURL),
    textFromSource: citation.textFromSource,
    details: {
      eventCitedFrom: text(citation.eventCitedFrom),
      eventCitedFromRole: text(citation.eventCitedFromRole),
      entryRecordingDate: text(citation.entryRecordingDate),
      certaintyAssessment: text(citation.certaintyAssessment),
    },
  };
}

export function newCitationDraft(record: SourceChoice | null = null): CitationDraft {
  return {
    record,
    whereWithinSourceText: '',
    whereWithinSourceURL: '',
    textFromSource: '',
    details: noDetails,
  };
}

export function citationInputOf(draft: CitationDraft): CitationInput {
  return {
    sourceRecordId: draft.record?.id ?? null,
    whereWithinSourceText: draft.whereWithinSourceText,
    whereWithinSourceURL: draft.whereWithinSourceURL,
    textFromSource: isRichTextEmpty(draft.textFromSource) ? '' : draft.textFromSource,
    eventCitedFrom: blankAsNull(draft.details.eventCitedFrom),
    eventCitedFromRole: blankAsNull(draft.details.eventCitedFromRole),
    entryRecordingDate: blankAsNull(draft.details.entryRecordingDate),
    certaintyAssessment: blankAsNull(draft.details.certaintyAssessment),
  };
}

// ---- Record ----

export function recordDraftOf(record: SourceRecord): RecordDraft {
  return {
    repository: record.repository ? { id: record.repository.id, title: record.repository.title } : null,
    title: record.title,
    originator: text(record.originator),
    filedByEntry: text(record.filedByEntry),
    publicationFacts: text(record.publicationFacts),
    url: text(record.url),
  };
}

export function newRecordDraft(repository: SourceChoice | null = null, title = ''): RecordDraft {
  return { repository, title, originator: '', filedByEntry: '', publicationFacts: '', url: '' };
}

export function recordInputOf(draft: RecordDraft): RecordInput {
  return {
    title: draft.title,
    originator: draft.originator,
    filedByEntry: draft.filedByEntry,
    publicationFacts: draft.publicationFacts,
    url: draft.url,
    repositoryId: draft.repository?.id ?? null,
  };
}

// ---- Repository ----

export function repositoryDraftOf(repository: Repository): RepositoryDraft {
  return {
    title: repository.title,
    address: text(repository.address),
    city: text(repository.city),
    state: text(repository.state),
    postalCode: text(repository.postalCode),
    country: text(repository.country),
    phone: text(repository.phone),
    email: text(repository.email),
    fax: text(repository.fax),
    www: text(repository.www),
  };
}

export function newRepositoryDraft(title = ''): RepositoryDraft {
  return {
    title,
    address: '',
    city: '',
    state: '',
    postalCode: '',
    country: '',
    phone: '',
    email: '',
    fax: '',
    www: '',
  };
}

export function repositoryInputOf(draft: RepositoryDraft): RepositoryInput {
  return { ...draft };
}

// ---- Changed? ----

/** Blank text and null are the same; text is compared trimmed (as the server stores it). */
function normalised(input: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(input).sort()) {
    const value = input[key];
    if (typeof value === 'string') {
      const trimmed = value.trim();
      result[key] = trimmed === '' ? null : trimmed;
    } else {
      result[key] = value ?? null;
    }
  }
  return result;
}

function isInputChanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  return JSON.stringify(normalised(before)) !== JSON.stringify(normalised(after));
}

/** SPEC §4: whether saving has anything to send (saving unchanged just closes), and whether closing should ask. */
export function isCitationChanged(initial: CitationDraft, draft: CitationDraft): boolean {
  return isInputChanged(citationInputOf(initial), citationInputOf(draft));
}

export function isRecordChanged(initial: RecordDraft, draft: RecordDraft): boolean {
  return isInputChanged(recordInputOf(initial), recordInputOf(draft));
}

export function isRepositoryChanged(initial: RepositoryDraft, draft: RepositoryDraft): boolean {
  return isInputChanged(repositoryInputOf(initial), repositoryInputOf(draft));
}

// ---- Problems per field ----

/** The form field a problem belongs to: a field of the draft, or `form` (above the buttons). */
export type SourceFormErrors = Partial<Record<string, string>>;

const citationPathFields: Record<string, string> = {
  sourceRecordId: 'record',
  repositoryId: 'record',
  whereWithinSourceText: 'whereWithinSourceText',
  whereWithinSourceURL: 'whereWithinSourceURL',
  textFromSource: 'textFromSource',
  eventCitedFrom: 'eventCitedFrom',
  eventCitedFromRole: 'eventCitedFromRole',
  entryRecordingDate: 'entryRecordingDate',
  certaintyAssessment: 'certaintyAssessment',
};

const recordPathFields: Record<string, string> = {
  title: 'title',
  originator: 'originator',
  filedByEntry: 'filedByEntry',
  publicationFacts: 'publicationFacts',
  url: 'url',
  repositoryId: 'repository',
};

const repositoryPathFields: Record<string, string> = Object.fromEntries(
  repositoryFields.map((field) => [field, field]),
);

type IssuePath = readonly PropertyKey[];

/** The field of an issue path; server issues start with where in the body they are (`citation`, `record`, …). */
export function fieldOfIssuePath(path: IssuePath, fields: Record<string, string>): string {
  const rest = path.filter(
    (part) => part !== 'body' && part !== 'citation' && part !== 'record' && part !== 'repository',
  );
  const first = rest[0];
  return typeof first === 'string' && first in fields ? (fields[first] ?? 'form') : 'form';
}

function errorsOf(
  issues: readonly { path: IssuePath; message: string }[],
  fields: Record<string, string>,
): SourceFormErrors {
  const errors: SourceFormErrors = {};
  for (const issue of issues) {
    const field = fieldOfIssuePath(issue.path, fields);
    errors[field] ??= issue.message;
  }
  return errors;
}

function check<S extends z.ZodType>(schema: S, input: unknown, fields: Record<string, string>): SourceFormErrors {
  const result = schema.safeParse(input);
  return result.success ? {} : errorsOf(result.error.issues, fields);
}

/** SPEC §5 citation rules, as catalogue codes per field (empty: may be sent). */
export function citationErrors(draft: CitationDraft): SourceFormErrors {
  return check(citationInputSchema, citationInputOf(draft), citationPathFields);
}

/** SPEC §5 record rules: a title; a URL must be a web address. */
export function recordErrors(draft: RecordDraft): SourceFormErrors {
  return check(recordInputSchema, recordInputOf(draft), recordPathFields);
}

export function repositoryErrors(draft: RepositoryDraft): SourceFormErrors {
  return check(repositoryInputSchema, repositoryInputOf(draft), repositoryPathFields);
}

/** A server answer's field problems on the same fields; nothing named: the form's. */
export function serverSourceErrors(
  kind: 'citation' | 'record' | 'repository',
  error: { code: string; fieldIssues: readonly { path: (string | number)[]; code: string }[] },
): SourceFormErrors {
  const fields = kind === 'citation' ? citationPathFields : kind === 'record' ? recordPathFields : repositoryPathFields;
  const errors = errorsOf(
    error.fieldIssues.map((issue) => ({ path: issue.path, message: issue.code })),
    fields,
  );
  if (Object.keys(errors).length === 0) errors.form = error.code;
  return errors;
}
