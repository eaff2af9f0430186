import type { Db } from '../../db/client.ts';
import { findPrivateIds } from '../privacy/privacy.repository.ts';
import { collectIds, isEmpty, redactAnswer } from '../privacy/redact.ts';
import * as reports from './report.repository.ts';

/**
 * A report's persons as read, before they are laid out: in the shapes the privacy redaction knows
 * (a person with fName/lName, an event with a type, notes and citations with their texts), so a
 * visitor's report is redacted by the same rule as every other answer (modules/privacy/redact.ts)
 * before anything of it is written into a PDF. A binary answer passes no serialisation hook, so
 * this is the report's only privacy step, and it runs before the layout.
 */

export interface ReportCitation {
  id: string;
  whereWithinSourceText: string | null;
  whereWithinSourceURL: string | null;
  recordTitle: string | null;
  originator: string | null;
  private?: boolean;
}

export interface ReportNote {
  id: string;
  title: string | null;
  text: string;
  private?: boolean;
}

export interface ReportEvent {
  id: string;
  type: string;
  role: string;
  subtype: string | null;
  typeName: string | null;
  startDate: string | null;
  startDateType: string | null;
  endDate: string | null;
  endDateType: string | null;
  dateText: string | null;
  description: string | null;
  causeOfEvent: string | null;
  place: string | null;
  citations: ReportCitation[];
  notes: ReportNote[];
  private?: boolean;
}

export interface ReportPerson {
  id: string;
  fName: string | null;
  pName: string | null;
  lName: string | null;
  gender: string;
  occupation: string | null;
  description: string | null;
  events: ReportEvent[];
  citations: ReportCitation[];
  notes: ReportNote[];
  names: { id: string; type: string; fName: string | null; lName: string | null }[];
  private?: boolean;
}

export interface LoadOptions {
  /** Only events of these types (all when left out). */
  types?: readonly string[];
  /** The persons' other names and notes, and their events' notes (the person report). */
  details?: boolean;
}

/** The persons with their events, citations (and notes): a fixed number of statements for any count. */
export async function loadPersons(
  db: Db,
  treeId: string,
  ids: readonly string[],
  options: LoadOptions = {},
): Promise<Map<string, ReportPerson>> {
  const unique = [...new Set(ids)];
  const [rows, eventRows, names] = await Promise.all([
    reports.personsOf(db, treeId, unique),
    reports.eventsOf(db, treeId, unique, { types: options.types }),
    options.details ? reports.otherNamesOf(db, treeId, unique) : Promise.resolve([]),
  ]);
  const nodeIds = [...unique, ...new Set(eventRows.map((row) => row.id))];
  const [citationRows, noteRows] = await Promise.all([
    reports.citationsOf(db, treeId, nodeIds),
    options.details ? reports.notesOf(db, treeId, nodeIds) : Promise.resolve([]),
  ]);
  const citationsByNode = groupBy(citationRows, (row) => row.nodeId);
  const notesByNode = groupBy(noteRows, (row) => row.nodeId);
  const citationsOf = (nodeId: string): ReportCitation[] =>
    (citationsByNode.get(nodeId) ?? []).map(({ nodeId: _node, whereWithinSourceUrl, ...row }) => ({
      ...row,
      whereWithinSourceURL: whereWithinSourceUrl,
    }));
  const notesOf = (nodeId: string): ReportNote[] =>
    (notesByNode.get(nodeId) ?? []).map(({ nodeId: _node, ...row }) => ({ ...row }));
  const eventsByPerson = groupBy(eventRows, (row) => row.personId);
  const namesByPerson = groupBy(names, (row) => row.personId);
  const persons = new Map<string, ReportPerson>();
  for (const row of rows) {
    persons.set(row.id, {
      ...row,
      events: (eventsByPerson.get(row.id) ?? []).map(({ personId: _person, ...event }) => ({
        ...event,
        citations: citationsOf(event.id),
        notes: notesOf(event.id),
      })),
      citations: citationsOf(row.id),
      notes: notesOf(row.id),
      names: (namesByPerson.get(row.id) ?? []).map(({ personId: _person, ...name }) => name),
    });
  }
  return persons;
}

/**
 * For anyone but the owner: the living persons (and events with a living participant, and their
 * notes and citations) keep their ids and say `private: true`, with nothing else left.
 */
export async function redactForVisitor(
  db: Db,
  treeId: string,
  persons: Map<string, ReportPerson>,
  livingYears: number,
): Promise<void> {
  const model = [...persons.values()];
  const ids = collectIds(model);
  ids.delete(treeId.toLowerCase());
  const found = await findPrivateIds(db, treeId, [...ids], livingYears);
  if (!isEmpty(found)) redactAnswer(model, found);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The sort key of a person's birth (or baptism) date: the earliest-born first, the undated last. */
export function birthKey(person: ReportPerson | undefined): string {
  const born = person?.events.find((event) => event.type === 'birth' && event.role === 'primary');
  const baptised = person?.events.find((event) => event.type === 'baptism' && event.role === 'primary');
  return (born ?? baptised)?.startDate ?? '~';
}
