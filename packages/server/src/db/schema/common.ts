/** Columns several tables share. See ../schema.ts. */
import { text, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
