import { type MediaVariant, mediaGalleryAnswerSchema, mediaListAnswerSchema, mediaSchema } from '@anor/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/**
 * Query keys of a tree's media, all under `mediaKeys.tree(treeId)` (`['media', treeId]`): a medium
 * can belong to several items and shows in the tree's list, so every media write invalidates the
 * prefix. The files (blobs) sit under `['media-file', treeId]`, apart, so that a write does not
 * download the pictures again (a file of an id never changes; a portrait's does, see mutations.ts).
 */
export const mediaKeys = {
  all: ['media'] as const,
  tree: (treeId: string) => [...mediaKeys.all, treeId] as const,
  list: (treeId: string) => [...mediaKeys.tree(treeId), 'list'] as const,
  detail: (treeId: string, mediaId: string) => [...mediaKeys.tree(treeId), 'detail', mediaId] as const,
  ofNode: (treeId: string, nodeId: string) => [...mediaKeys.tree(treeId), 'node', nodeId] as const,
};

export const mediaFileKeys = {
  tree: (treeId: string) => ['media-file', treeId] as const,
  file: (treeId: string, mediaId: string, variant: MediaVariant) =>
    [...mediaFileKeys.tree(treeId), mediaId, variant] as const,
  portrait: (treeId: string, personId: string) => [...mediaFileKeys.tree(treeId), 'portrait', personId] as const,
};

/** The API path of one medium: media/{id}{rest}. */
export function mediaPath(treeId: string, mediaId: string, rest = ''): string {
  return treePath(treeId, `media/${segment(mediaId)}${rest}`);
}

/** The address of one version of a medium's file. */
export function mediaFilePath(treeId: string, mediaId: string, variant: MediaVariant): string {
  return mediaPath(treeId, mediaId, `/file/${variant}`);
}

/** The address of a person's cropped portrait. */
export function portraitFilePath(treeId: string, personId: string): string {
  return treePath(treeId, `person/${segment(personId)}/portrait/file`);
}

export const MEDIA_PAGE_SIZE = 24;

export const mediaQueries = {
  /** The tree's media, newest first, paged on the server by cursor. */
  list: (treeId: string) =>
    infiniteQueryOptions({
      queryKey: mediaKeys.list(treeId),
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ limit: String(MEDIA_PAGE_SIZE) });
        if (pageParam) params.set('cursor', pageParam);
        return api.get(treePath(treeId, `media?${params.toString()}`), { schema: mediaListAnswerSchema, signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      meta: { errorDisplay: 'inline' },
    }),
  detail: (treeId: string, mediaId: string) =>
    queryOptions({
      queryKey: mediaKeys.detail(treeId, mediaId),
      queryFn: ({ signal }) => api.get(mediaPath(treeId, mediaId), { schema: mediaSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  /** The gallery of a person, event, place, citation or record. */
  ofNode: (treeId: string, nodeId: string) =>
    queryOptions({
      queryKey: mediaKeys.ofNode(treeId, nodeId),
      queryFn: ({ signal }) =>
        api.get(treePath(treeId, `media/node/${segment(nodeId)}`), { schema: mediaGalleryAnswerSchema, signal }),
      meta: { errorDisplay: 'inline' },
    }),
};
