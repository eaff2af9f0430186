import type { MediaKind, MediaLink, MediaNodeKind, MediaSummary, PortraitCrop } from '@anor/core';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { mediaLink, mediaObject, personPortrait } from '../../db/schema.ts';

/** All SQL of media (issue 22). Every statement filters by the tree. */

export type MediaRow = typeof mediaObject.$inferSelect;

export function kindOf(row: Pick<MediaRow, 'contentHash' | 'mimeType'>): MediaKind {
  if (!row.contentHash) return 'reference';
  return row.mimeType === 'application/pdf' ? 'pdf' : 'image';
}

export function toSummary(row: MediaRow): MediaSummary {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    description: row.description,
    fileName: row.fileName ?? row.fileReference,
    mimeType: row.mimeType,
    kind: kindOf(row),
    size: row.size,
    width: row.width,
    height: row.height,
    hasFile: row.contentHash !== null,
    hasPreview: row.contentHash !== null && row.thumbType !== null,
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findMedia(db: Db, treeId: string, ids: readonly string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mediaObject)
    .where(and(eq(mediaObject.treeId, treeId), inArray(mediaObject.id, [...ids])));
}

/** The tree's media, newest first (ids are time-ordered uuids), after the cursor's id. */
export async function listMedia(db: Db, treeId: string, after: string | null, limit: number): Promise<MediaRow[]> {
  return db
    .select()
    .from(mediaObject)
    .where(and(eq(mediaObject.treeId, treeId), after ? lt(mediaObject.id, after) : undefined))
    .orderBy(desc(mediaObject.id))
    .limit(limit);
}

/** The media linked to a node, in the link's order. */
export async function mediaOfNode(db: Db, treeId: string, nodeId: string): Promise<MediaRow[]> {
  const rows = await db
    .select({ media: mediaObject })
    .from(mediaLink)
    .innerJoin(mediaObject, and(eq(mediaObject.treeId, mediaLink.treeId), eq(mediaObject.id, mediaLink.mediaId)))
    .where(and(eq(mediaLink.treeId, treeId), eq(mediaLink.nodeId, nodeId)))
    .orderBy(mediaLink.position, mediaObject.id);
  return rows.map((row) => row.media);
}

export async function linksOf(db: Db, treeId: string, mediaIds: readonly string[]) {
  if (mediaIds.length === 0) return [];
  return db
    .select({ mediaId: mediaLink.mediaId, nodeId: mediaLink.nodeId, nodeKind: mediaLink.nodeKind })
    .from(mediaLink)
    .where(and(eq(mediaLink.treeId, treeId), inArray(mediaLink.mediaId, [...mediaIds])))
    .orderBy(mediaLink.nodeKind, mediaLink.nodeId);
}

/** Each media's links and the persons it is the portrait of: what decides whether a visitor may see it. */
export async function nodesOfMedia(db: Db, treeId: string, mediaIds: readonly string[]) {
  if (mediaIds.length === 0) return [];
  const list = sql`${`{${mediaIds.join(',')}}`}::uuid[]`;
  return queryRows<{ mediaId: string; nodeId: string }>(
    db,
    sql`select media_id::text as "mediaId", node_id::text as "nodeId" from media_link
          where tree_id = ${treeId} and media_id = any(${list})
        union
        select media_id::text, person_id::text from person_portrait
          where tree_id = ${treeId} and media_id = any(${list})`,
  );
}

export type NewMedia = Omit<typeof mediaObject.$inferInsert, 'treeId' | 'createdAt' | 'updatedAt'>;

export async function insertMedia(db: Db, treeId: string, values: NewMedia) {
  await db.insert(mediaObject).values({ ...values, treeId });
}

/** A file reference's name without its folders (`C:\\Bilder\\a.jpg`, `bilder/a.jpg`: `a.jpg`), in SQL. */
const baseName = sql`regexp_replace(file_reference, ${'^.*[\\\\/]'}, '')`;

/**
 * The GEDCOM references without a file (OBJE FILE, or a reference made in the sources) whose file
 * name, without its folders, is this name (case aside): an upload of that file fills them all in,
 * keeping their links. References are the media rows with no upload's name (`file_name`).
 */
export async function findReferencesNamed(db: Db, treeId: string, fileName: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id::text as id from media_object
        where tree_id = ${treeId} and content_hash is null and file_name is null
          and lower(${baseName}) = lower(${fileName})
        order by id`,
  );
  return rows.map((row) => row.id);
}

export interface FileReferenceRow {
  name: string;
  objects: number;
  present: number;
}

/** The files the tree's references name, by name without folders (case aside): how many objects, how many have it. */
export async function fileReferences(db: Db, treeId: string): Promise<FileReferenceRow[]> {
  return queryRows<FileReferenceRow>(
    db,
    sql`select min(name) as name, count(*)::int as objects, count(hash)::int as present
        from (select ${baseName} as name, content_hash as hash from media_object
              where tree_id = ${treeId} and file_name is null) r
        where name <> ''
        group by lower(name)
        order by lower(name)`,
  );
}

/**
 * Gives references the uploaded file (each keeps its title unless the upload gives one). The
 * upload's name is not kept: the row stays a reference (its FILE line names it), now with its file.
 */
export async function fillReferences(
  db: Db,
  treeId: string,
  ids: readonly string[],
  values: Omit<NewMedia, 'id' | 'fileReference'>,
) {
  const title = values.title ?? undefined;
  await db
    .update(mediaObject)
    .set({ ...values, fileName: null, title, revision: sql`${mediaObject.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(mediaObject.treeId, treeId), inArray(mediaObject.id, [...ids])));
}

/** Writes the title, date and description with a new revision, only if `revision` is still the stored one. */
export async function updateMedia(
  db: Db,
  treeId: string,
  id: string,
  values: { title: string | null; date: string | null; description: string | null },
  revision: number,
): Promise<boolean> {
  const written = await db
    .update(mediaObject)
    .set({ ...values, revision: sql`${mediaObject.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(mediaObject.treeId, treeId), eq(mediaObject.id, id), eq(mediaObject.revision, revision)))
    .returning({ id: mediaObject.id });
  return written.length > 0;
}

export async function deleteMedia(db: Db, treeId: string, id: string) {
  await db.delete(mediaObject).where(and(eq(mediaObject.treeId, treeId), eq(mediaObject.id, id)));
}

/** Links the media to the node at the end of the node's gallery; nothing when it is linked already. */
export async function link(db: Db, treeId: string, mediaId: string, nodeId: string, nodeKind: MediaNodeKind) {
  await db.execute(sql`
    insert into media_link (tree_id, media_id, node_id, node_kind, position)
    select ${treeId}::uuid, ${mediaId}::uuid, ${nodeId}::uuid, ${nodeKind},
      (select coalesce(max(k.position) + 1, 0) from media_link k where k.tree_id = ${treeId} and k.node_id = ${nodeId})
    on conflict do nothing`);
}

export async function unlink(db: Db, treeId: string, mediaId: string, nodeId: string) {
  await db
    .delete(mediaLink)
    .where(and(eq(mediaLink.treeId, treeId), eq(mediaLink.mediaId, mediaId), eq(mediaLink.nodeId, nodeId)));
}

/** Bytes the tree's files take: each original with its versions. */
export async function storageUsed(db: Db, treeId: string): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number | null }>(
    db,
    sql`select coalesce(sum(coalesce(size, 0) + coalesce(derived_size, 0)), 0)::bigint as bytes
        from media_object where tree_id = ${treeId}`,
  );
  return Number(row?.bytes ?? 0);
}

/**
 * Every content hash that a media row of any tree has, or that a change of the history still holds
 * (a delete that can be undone): the files to keep (media.gc.ts) and to back up (admin/backup-media.ts).
 * The history's media changes are found by their partial index (migration 0029).
 */
export async function referencedHashes(db: Db): Promise<string[]> {
  const rows = await queryRows<{ hash: string }>(
    db,
    sql`select content_hash as hash from media_object where content_hash is not null
        union
        select v.hash from history_change c
          cross join lateral (values (c.old->>'content_hash'), (c.new->>'content_hash')) as v(hash)
          where c.tbl = 'media_object' and v.hash is not null
        order by 1`,
  );
  return rows.map((row) => row.hash);
}

export interface StoredFileRow {
  id: string;
  contentHash: string;
  fileName: string | null;
  fileReference: string;
}

/** The tree's media objects that have an uploaded file (for the GEDZIP export), oldest first. */
export async function storedFiles(db: Db, treeId: string): Promise<StoredFileRow[]> {
  return queryRows<StoredFileRow>(
    db,
    sql`select id::text as id, content_hash as "contentHash", file_name as "fileName", file_reference as "fileReference"
        from media_object where tree_id = ${treeId} and content_hash is not null order by id`,
  );
}

/** A stored upload of the tree with these bytes (same content hash), to reuse its files. */
export async function hashIsReferenced(db: Db, hash: string): Promise<boolean> {
  const rows = await db
    .select({ id: mediaObject.id })
    .from(mediaObject)
    .where(eq(mediaObject.contentHash, hash))
    .limit(1);
  return rows.length > 0;
}

export interface PortraitRow {
  personId: string;
  mediaId: string;
  crop: PortraitCrop;
}

export async function portraitsOf(db: Db, treeId: string, personIds: readonly string[]): Promise<PortraitRow[]> {
  if (personIds.length === 0) return [];
  const rows = await db
    .select()
    .from(personPortrait)
    .where(and(eq(personPortrait.treeId, treeId), inArray(personPortrait.personId, [...personIds])));
  return rows.map((row) => ({
    personId: row.personId,
    mediaId: row.mediaId,
    crop: { x: row.cropX, y: row.cropY, width: row.cropWidth, height: row.cropHeight },
  }));
}

export async function setPortrait(db: Db, treeId: string, personId: string, mediaId: string, crop: PortraitCrop) {
  const values = { mediaId, cropX: crop.x, cropY: crop.y, cropWidth: crop.width, cropHeight: crop.height };
  await db
    .insert(personPortrait)
    .values({ treeId, personId, ...values })
    .onConflictDoUpdate({ target: [personPortrait.treeId, personPortrait.personId], set: values });
}

export async function deletePortrait(db: Db, treeId: string, personId: string) {
  await db.delete(personPortrait).where(and(eq(personPortrait.treeId, treeId), eq(personPortrait.personId, personId)));
}

/** A merge's other person's portrait goes to the kept person when the kept one has none (person.merge.ts). */
export async function movePortrait(db: Db, treeId: string, fromId: string, toId: string) {
  await db.execute(sql`
    insert into person_portrait (tree_id, person_id, media_id, crop_x, crop_y, crop_width, crop_height)
    select tree_id, ${toId}::uuid, media_id, crop_x, crop_y, crop_width, crop_height from person_portrait
    where tree_id = ${treeId} and person_id = ${fromId}
    on conflict do nothing`);
}

export type { MediaLink };
