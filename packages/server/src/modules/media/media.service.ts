import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { limitsFor, type Media, type MediaNodeKind, type MediaVariant, type PortraitCrop, uuidv7 } from '@anor/core';
import type { MediaConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Viewer } from '../../http/session.ts';
import { kindsOf } from '../note/note.repository.ts';
import { leavesOutPrivate } from '../privacy/visitor-scope.ts';
import { countMediaObjects } from '../source/source.repository.ts';
import { createTreeGate } from '../tree/tree.gate.ts';
import type { TreeAccessRow } from '../tree/tree.repository.ts';
import { assertRevision, assertWritten, type RevisionCheck } from '../tree/tree.revision.ts';
import { privateMediaIds } from './media.privacy.ts';
import { cropPortrait, processUpload } from './media.process.ts';
import * as media from './media.repository.ts';
import type { MediaStorage } from './storage/storage.ts';

/** An upload's file, spooled to a temporary file by the route (media.upload.ts) with its hash. */
export interface SpooledUpload {
  path: string;
  size: number;
  hash: string;
  fileName: string;
}

export interface MediaFields {
  title: string | null;
  date: string | null;
  description: string | null;
  nodeId?: string | undefined;
  nodeKind?: MediaNodeKind | undefined;
}

const variantKey = (hash: string, variant: MediaVariant) => (variant === 'original' ? hash : `${hash}.${variant}`);

export function createMediaService({
  db,
  storage,
  config,
  livingYears,
}: {
  db: Db;
  storage: MediaStorage;
  config: MediaConfig;
  livingYears: number;
}) {
  const { read, readAsEditor, write } = createTreeGate(db);

  async function load(tx: Db, treeId: string, id: string): Promise<Media> {
    const [row] = await media.findMedia(tx, treeId, [id]);
    if (!row) throw new AppError('media.error.notFound');
    const links = await media.linksOf(tx, treeId, [id]);
    return { ...media.toSummary(row), links: links.map(({ nodeId, nodeKind }) => ({ nodeId, nodeKind })) };
  }

  /** The media a visitor may not see, among these (none for the owner). */
  async function hiddenFrom(treeId: string, viewer: Viewer, ids: readonly string[]): Promise<Set<string>> {
    if (!(await leavesOutPrivate(db, treeId, viewer, livingYears))) return new Set();
    return privateMediaIds(db, treeId, ids, livingYears);
  }

  async function requireVisible(treeId: string, viewer: Viewer, id: string) {
    const [row] = await media.findMedia(db, treeId, [id]);
    if (!row || (await hiddenFrom(treeId, viewer, [id])).has(id)) throw new AppError('media.error.notFound');
    return row;
  }

  /** The node the media is to be linked to must be of the tree and of the kind said. */
  async function requireNode(tx: Db, treeId: string, nodeId: string, nodeKind: MediaNodeKind) {
    const kind = (await kindsOf(tx, treeId, [nodeId])).get(nodeId);
    if (kind !== nodeKind) throw new AppError('common.error.notFound', { path: ['nodeId'] });
  }

  /** The free tier's images and every tree's storage limit; `adding` bytes of a new upload. */
  async function assertRoom(tx: Db, tree: TreeAccessRow, adding: number, newObject = true) {
    const subscription = { plan: tree.ownerPlan ?? 'free', validUntil: tree.ownerValidUntil?.toISOString() ?? null };
    const max = limitsFor(subscription).images;
    if (newObject && max !== null && (await countMediaObjects(tx, tree.id)) + 1 > max) {
      throw new AppError('limit.images', { limit: 'images', max });
    }
    const used = await media.storageUsed(tx, tree.id);
    if (used + adding > config.storageLimitBytes) {
      throw new AppError('limit.storage', { limit: 'storage', max: config.storageLimitBytes, used });
    }
  }

  return {
    /** Refuses at once what the tree has no room for, before the file is processed (checked again when saved). */
    async precheck(treeId: string, viewer: Viewer, size: number) {
      const tree = await read(treeId, viewer);
      await assertRoom(db, tree, size);
    },

    /** Stores the file as a new media object, or as the file of the tree's GEDCOM references of its name. */
    async upload(
      treeId: string,
      viewer: Viewer,
      file: SpooledUpload,
      fields: MediaFields,
    ): Promise<{ media: Media; filled: string[] }> {
      if ((fields.nodeId === undefined) !== (fields.nodeKind === undefined)) {
        throw new AppError('common.error.validation', { path: ['nodeKind'] });
      }
      const processed = await processUpload(file.path, file.size, file.fileName, config.maxPixels);
      const derivedSize = (processed.thumb?.length ?? 0) + (processed.screen?.length ?? 0);
      return write(treeId, viewer, async (tx, tree) => {
        // The GEDCOM references by this file name get the file (a new object is made otherwise).
        const references = await media.findReferencesNamed(tx, treeId, file.fileName);
        const reference = references[0] ?? null;
        await assertRoom(tx, tree, (file.size + derivedSize) * Math.max(1, references.length), reference === null);
        if (fields.nodeId && fields.nodeKind) await requireNode(tx, treeId, fields.nodeId, fields.nodeKind);
        const id = reference ?? uuidv7();
        const values = {
          format: processed.format,
          title: fields.title,
          date: fields.date,
          description: fields.description,
          contentHash: file.hash,
          mimeType: processed.mimeType,
          size: file.size,
          width: processed.width,
          height: processed.height,
          fileName: file.fileName,
          thumbType: processed.thumb ? processed.derivedType : null,
          screenType: processed.screen ? processed.derivedType : null,
          derivedSize,
        };
        if (reference) await media.fillReferences(tx, treeId, references, values);
        else await media.insertMedia(tx, treeId, { id, fileReference: file.fileName, ...values });
        if (fields.nodeId && fields.nodeKind) await media.link(tx, treeId, id, fields.nodeId, fields.nodeKind);
        // Stored last, inside the transaction: a refused upload stores nothing. The same bytes are stored once.
        if (!(await storage.has(file.hash))) await storage.put(file.hash, createReadStream(file.path), file.size);
        if (processed.thumb) await storage.put(variantKey(file.hash, 'thumb'), processed.thumb);
        if (processed.screen) await storage.put(variantKey(file.hash, 'screen'), processed.screen);
        return { media: await load(tx, treeId, id), filled: references };
      });
    },

    /** The files the tree's GEDCOM references name, and which are uploaded (for the import report). */
    async references(treeId: string, viewer: Viewer) {
      await readAsEditor(treeId, viewer);
      return { files: await media.fileReferences(db, treeId) };
    },

    async list(treeId: string, viewer: Viewer, cursor: string | undefined, limit = 50) {
      await read(treeId, viewer);
      const after = cursor && /^[0-9a-f-]{36}$/i.test(cursor) ? cursor : null;
      const rows = await media.listMedia(db, treeId, after, limit + 1);
      const page = rows.slice(0, limit);
      const hidden = await hiddenFrom(
        treeId,
        viewer,
        page.map((row) => row.id),
      );
      return {
        media: page.filter((row) => !hidden.has(row.id)).map(media.toSummary),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async ofNode(treeId: string, viewer: Viewer, nodeId: string) {
      await read(treeId, viewer);
      if (!(await kindsOf(db, treeId, [nodeId])).has(nodeId)) throw new AppError('common.error.notFound');
      const rows = await media.mediaOfNode(db, treeId, nodeId);
      const hidden = await hiddenFrom(
        treeId,
        viewer,
        rows.map((row) => row.id),
      );
      return { media: rows.filter((row) => !hidden.has(row.id)).map(media.toSummary) };
    },

    async get(treeId: string, viewer: Viewer, id: string) {
      await read(treeId, viewer);
      await requireVisible(treeId, viewer, id);
      return load(db, treeId, id);
    },

    /**
     * Changes the title, date and description from the revision the edit started from (`basedOn`;
     * absent: the stored one): a stale one is refused with 409 and the stored media object.
     */
    async update(
      treeId: string,
      viewer: Viewer,
      id: string,
      values: Pick<MediaFields, 'title' | 'date' | 'description'>,
      basedOn?: number,
    ) {
      return write(treeId, viewer, async (tx) => {
        const current = await load(tx, treeId, id);
        const check: RevisionCheck = {
          code: 'media.error.conflict',
          basedOn,
          stored: current.revision,
          current: () => load(tx, treeId, id),
        };
        await assertRevision(check);
        const { title, date, description } = values;
        if (current.title !== title || current.date !== date || current.description !== description) {
          const written = await media.updateMedia(tx, treeId, id, { title, date, description }, current.revision);
          await assertWritten(check, written);
        }
        return load(tx, treeId, id);
      });
    },

    /** To the trash with its links and portraits (the history keeps them); the files stay for a restore. */
    async remove(treeId: string, viewer: Viewer, id: string) {
      await write(treeId, viewer, async (tx) => {
        await load(tx, treeId, id);
        await media.deleteMedia(tx, treeId, id);
      });
    },

    async link(treeId: string, viewer: Viewer, id: string, nodeId: string, nodeKind: MediaNodeKind) {
      return write(treeId, viewer, async (tx) => {
        await load(tx, treeId, id);
        await requireNode(tx, treeId, nodeId, nodeKind);
        await media.link(tx, treeId, id, nodeId, nodeKind);
        return load(tx, treeId, id);
      });
    },

    async unlink(treeId: string, viewer: Viewer, id: string, nodeId: string) {
      return write(treeId, viewer, async (tx) => {
        await load(tx, treeId, id);
        await media.unlink(tx, treeId, id, nodeId);
        return load(tx, treeId, id);
      });
    },

    /** The bytes of one version, for whoever may read the tree and see the media. */
    async file(
      treeId: string,
      viewer: Viewer,
      id: string,
      variant: MediaVariant,
    ): Promise<{ stream: Readable; size: number; type: string; fileName: string | null }> {
      await read(treeId, viewer);
      const row = await requireVisible(treeId, viewer, id);
      if (!row.contentHash) throw new AppError('media.error.notFound');
      const type = variant === 'original' ? row.mimeType : variant === 'thumb' ? row.thumbType : row.screenType;
      if (!type) throw new AppError('media.error.noPreview');
      const stored = await storage.get(variantKey(row.contentHash, variant));
      if (!stored) throw new AppError('media.error.notFound');
      // A filled GEDCOM reference is downloaded by its reference's name.
      const fileName = row.fileName ?? (row.fileReference.split(/[\\/]/).pop() || null);
      return { ...stored, type, fileName };
    },

    async setPortrait(treeId: string, viewer: Viewer, personId: string, mediaId: string, crop: PortraitCrop) {
      return write(treeId, viewer, async (tx) => {
        if ((await kindsOf(tx, treeId, [personId])).get(personId) !== 'person') {
          throw new AppError('person.error.notFound');
        }
        const [row] = await media.findMedia(tx, treeId, [mediaId]);
        if (!row) throw new AppError('media.error.notFound');
        if (media.kindOf(row) !== 'image') throw new AppError('media.error.notImage');
        // A box reaching past the edge is moved in.
        const inside = { ...crop, x: Math.min(crop.x, 1 - crop.width), y: Math.min(crop.y, 1 - crop.height) };
        await media.setPortrait(tx, treeId, personId, mediaId, inside);
        return { portrait: { mediaId, crop: inside } };
      });
    },

    async removePortrait(treeId: string, viewer: Viewer, personId: string) {
      await write(treeId, viewer, async (tx) => {
        if ((await kindsOf(tx, treeId, [personId])).get(personId) !== 'person') {
          throw new AppError('person.error.notFound');
        }
        await media.deletePortrait(tx, treeId, personId);
      });
    },

    /** The cropped portrait (from the screen version), or 404 when the person has none a viewer may see. */
    async portraitFile(treeId: string, viewer: Viewer, personId: string): Promise<Buffer> {
      await read(treeId, viewer);
      const [portrait] = await media.portraitsOf(db, treeId, [personId]);
      if (!portrait) throw new AppError('media.error.notFound');
      const row = await requireVisible(treeId, viewer, portrait.mediaId);
      if (!row.contentHash || !row.screenType) throw new AppError('media.error.noPreview');
      const stored = await storage.get(variantKey(row.contentHash, 'screen'));
      if (!stored) throw new AppError('media.error.notFound');
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      return cropPortrait(Buffer.concat(chunks), portrait.crop);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
