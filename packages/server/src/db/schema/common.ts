/** Columns several tables share. See ../schema.ts. */
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A row's revision (issue 26, migration 0035; persons and events have their own): raised by every
 * change of the object's own fields, so that an edit names the revision it started from and a stale
 * one is refused with 409 and the stored object instead of overwriting another session's change.
 */
export const revisionColumn = {
  revision: integer('revision').notNull().default(1),
};

/** The reference fields a GEDCOM record carries (SPEC §3 note and media object), kept from an import. */
export const gedcomReferenceColumns = {
  /** The record's cross-reference id in the imported file (`N12` for `0 @N12@ NOTE`). */
  gedcomId: text('gedcom_id'),
  /** RIN */
  automatedRecordId: text('automated_record_id'),
  /** REFN and its TYPE */
  userReferenceNumber: text('user_reference_number'),
  userReferenceType: text('user_reference_type'),
  /** CHAN.DATE (with its TIME), as written in the file. */
  gedcomChangeDate: text('gedcom_change_date'),
};
