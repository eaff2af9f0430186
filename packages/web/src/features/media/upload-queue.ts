import { type MediaNodeKind, mediaAcceptedTypes } from '@anor/core';
import { ApiError } from '../../api/client.ts';

/** The `accept` of the file input: the accepted types, and HEIC by name (browsers often give it no type). */
export const mediaAccept = [...mediaAcceptedTypes, '.heic', '.heif'].join(',');

const accepted = new Set<string>(mediaAcceptedTypes);

/**
 * What the browser already knows is refused, so that it is not sent: an empty file, or a type the
 * server refuses (an SVG). A file without a type (HEIC, an unknown extension) goes to the server,
 * which reads its bytes; sizes are the server's to judge (its limit is configurable).
 */
export function refusedBeforeUpload(file: Pick<File, 'size' | 'type'>): ApiError | null {
  if (file.size === 0) return new ApiError('media.error.empty', 400, 'The file is empty');
  if (file.type !== '' && !accepted.has(file.type))
    return new ApiError('media.error.unsupportedType', 415, 'Unsupported type');
  return null;
}

export interface MediaUploadFields {
  title?: string;
  date?: string;
  description?: string;
  /** Links the new medium to this item at once. */
  node?: { id: string; kind: MediaNodeKind };
}

/** The multipart body of POST media: the fields first, so a streaming server reads them before the file. */
export function mediaUploadBody(file: Blob, fileName: string, fields: MediaUploadFields = {}): FormData {
  const form = new FormData();
  if (fields.title) form.append('title', fields.title);
  if (fields.date) form.append('date', fields.date);
  if (fields.description) form.append('description', fields.description);
  if (fields.node) {
    form.append('nodeId', fields.node.id);
    form.append('nodeKind', fields.node.kind);
  }
  form.append('file', file, fileName);
  return form;
}
