import { open } from 'node:fs/promises';
import type { GedcomEncoding, GedcomImportAnswer, GedcomImportPreview, GedcomReading } from '@anor/core';
import type { EncodingChoice } from '@anor/gedcom';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { DrainedRows, ImportCounts, ImportPlan } from './gedcom.plan.ts';

/**
 * The import's preview (issue 20 item 1): what the file holds, the encoding it was read in and
 * why, and a sample of the names holding non-ASCII letters as they would be stored, so that a file
 * read in the wrong code page shows "Dr§i†" before anything is written and the user can pick
 * another encoding (`POST /api/user/{userId}/job/{jobId}/encoding`, gedcom.service.ts).
 */

/** At most this many names in the sample. */
export const previewNameSample = 12;

const nonAscii = /[\u0080-\uffff]/;

type PersonNames = { fName: string | null; pName: string | null; lName: string | null };

/** The persons whose names hold a non-ASCII letter: how many, and the first few names. */
export function namesWithLetters(
  read: { kept: DrainedRows[]; plan: ImportPlan },
  max = previewNameSample,
): { count: number; sample: string[] } {
  let count = 0;
  const sample: string[] = [];
  const look = (person: PersonNames) => {
    const name = [person.fName, person.pName, person.lName].filter((part) => part?.trim()).join(' ');
    if (!nonAscii.test(name)) return;
    count += 1;
    if (sample.length < max && !sample.includes(name)) sample.push(name);
  };
  for (const rows of read.kept) for (const person of rows.persons) look(person);
  for (const person of read.plan.persons) look(person);
  return { count, sample };
}

/** How the file was read, for the preview; null for text that came decoded. */
export function readingOf(choice: EncodingChoice | null | undefined): GedcomReading | undefined {
  if (!choice) return undefined;
  return { reason: choice.reason, example: choice.example, ranked: choice.ranked, choosable: true };
}

export function previewOf(
  read: { counts: ImportCounts; kept: DrainedRows[]; plan: ImportPlan },
  file: GedcomImportAnswer['file'],
  choice: EncodingChoice | null | undefined,
): GedcomImportPreview {
  const reading = readingOf(choice);
  return {
    counts: read.counts.counts,
    file,
    ...(reading ? { reading } : {}),
    names: namesWithLetters(read),
  };
}

/**
 * The user picked another encoding for a waiting import: its preview is the new one, and the
 * encoding is kept in the job's input for the job to read the file in when it is confirmed.
 * False when the job is not (or no longer) waiting.
 */
export async function setPreviewEncoding(
  db: Db,
  jobId: string,
  createdBy: string,
  encoding: GedcomEncoding,
  preview: GedcomImportPreview,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update job set result = ${JSON.stringify({ preview })}::jsonb,
          input = input || ${JSON.stringify({ encoding })}::jsonb, updated_at = now()
        where id = ${jobId} and created_by = ${createdBy} and state = 'waiting'
        returning id`,
  );
  return rows.length === 1;
}

/** The encoding the user picked for an import job, or null. */
export async function chosenEncodingOf(db: Db, jobId: string): Promise<GedcomEncoding | null> {
  const rows = await queryRows<{ encoding: string | null }>(
    db,
    sql`select input ->> 'encoding' as encoding from job where id = ${jobId}`,
  );
  return (rows[0]?.encoding as GedcomEncoding | null | undefined) ?? null;
}

/**
 * The first `max` bytes of a file too large to read whole before writing, cut after its last
 * whole line (for UTF-16 after the line break's second byte), for the preview of its first part.
 */
export async function readHead(path: string, max: number, utf16: boolean): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(max);
    const { bytesRead } = await handle.read(buffer, 0, max, 0);
    let end = bytesRead;
    while (end > 0 && buffer[end - 1] !== 0x0a && buffer[end - 1] !== 0x0d) end--;
    if (utf16 && end % 2 === 1 && end < bytesRead) end += 1;
    return new Uint8Array(buffer.buffer, buffer.byteOffset, end > 0 ? end : bytesRead);
  } finally {
    await handle.close();
  }
}
