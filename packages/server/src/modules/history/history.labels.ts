import { type Change, type EventType, eventTypes, type ObjectLabel, type ObjectLabels } from '@anor/core';
import type { Db } from '../../db/client.ts';
import { lifeYearsOf } from '../person/person.life-years.ts';
import * as labels from './history.labels.repository.ts';

/**
 * The labels of a page of history (issue 21): every object its changes mention (the changed row's
 * object, a link's other end, the ids in its fields), called as the user knows it, so that the
 * history reads "Anna Berg 1850–1920" and not an id. Read set-wise: a fixed number of statements
 * (one per kind of object, the persons' life years, the deleted objects' last rows) for the whole
 * page. Only the tree's editors see history, so nothing is hidden here.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isUuid = (value: unknown): value is string => typeof value === 'string' && uuidPattern.test(value);

/** The ids a change mentions: its object, its link's other end and the ids its fields hold. */
export function idsOfChange(change: Pick<Change, 'objectId' | 'relatedId' | 'before' | 'after'>): string[] {
  const ids = [change.objectId, change.relatedId];
  for (const values of [change.before, change.after]) {
    if (values) ids.push(...Object.values(values).filter(isUuid));
  }
  return ids.filter(isUuid);
}

const titledKinds: Record<string, Extract<ObjectLabel, { title: unknown }>['kind']> = {
  location: 'place',
  repository: 'repository',
  source_record: 'record',
  citation: 'citation',
  note: 'note',
  media_object: 'media',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const eventType = (value: unknown): EventType => eventTypes.find((type) => type === value) ?? 'other';

function eventLabel(row: labels.EventLabelRow, deleted: boolean): ObjectLabel {
  return {
    kind: 'event',
    deleted,
    type: eventType(row.type),
    subtype: row.subtype,
    typeName: row.typeName,
    startDate: row.startDate,
    startDateType: row.startDateType,
    endDate: row.endDate,
    endDateType: row.endDateType,
    dateText: row.dateText,
  };
}

/** A deleted object's label from the last row the history holds of it (database column names). */
function deletedLabel(tbl: string, row: Record<string, unknown>): ObjectLabel | null {
  if (tbl === 'person') {
    return {
      kind: 'person',
      deleted: true,
      fName: text(row.f_name),
      pName: text(row.p_name),
      lName: text(row.l_name),
      born: null,
      died: null,
    };
  }
  if (tbl === 'event') {
    return eventLabel(
      {
        id: '',
        type: String(row.type),
        subtype: text(row.subtype),
        typeName: text(row.type_name),
        startDate: text(row.start_date),
        startDateType: text(row.start_date_type),
        endDate: text(row.end_date),
        endDateType: text(row.end_date_type),
        dateText: text(row.date_text),
      },
      true,
    );
  }
  const kind = titledKinds[tbl];
  if (!kind) return null;
  const note =
    tbl === 'note'
      ? text(row.text)
          ?.replace(/<[^>]*>/g, ' ')
          .trim()
          .slice(0, 80) || null
      : null;
  const title =
    tbl === 'location'
      ? text(row.name)
      : tbl === 'citation'
        ? text(row.where_within_source_text)
        : (text(row.title) ?? note ?? text(row.file_reference));
  return { kind, deleted: true, title };
}

/** The labels of the objects these ids name, by id (an id that names no object of the tree has none). */
export async function labelsOf(db: Db, treeId: string, mentioned: Iterable<string>): Promise<ObjectLabels> {
  const ids = [...new Set(mentioned)].filter(isUuid);
  const found: ObjectLabels = {};
  if (ids.length === 0) return found;
  const [persons, events, titled] = await Promise.all([
    labels.personLabels(db, treeId, ids),
    labels.eventLabels(db, treeId, ids),
    labels.titledLabels(db, treeId, ids),
  ]);
  const years = await lifeYearsOf(
    db,
    treeId,
    persons.map((person) => person.id),
  );
  for (const person of persons) {
    const life = years.get(person.id);
    found[person.id] = {
      kind: 'person',
      deleted: false,
      fName: person.fName,
      pName: person.pName,
      lName: person.lName,
      born: life?.born ?? null,
      died: life?.died ?? null,
    };
  }
  for (const event of events) found[event.id] = eventLabel(event, false);
  for (const row of titled) {
    const kind = titledKinds[row.tbl];
    if (kind) found[row.id] = { kind, deleted: false, title: row.title };
  }
  const missing = ids.filter((id) => !(id in found));
  if (missing.length > 0) {
    for (const gone of await labels.deletedObjects(db, treeId, missing)) {
      const row = typeof gone.row === 'string' ? (JSON.parse(gone.row) as Record<string, unknown>) : gone.row;
      const label = deletedLabel(gone.tbl, row);
      if (label) found[gone.id] = label;
    }
  }
  return found;
}
