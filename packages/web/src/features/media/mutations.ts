import {
  type Media,
  type MediaLinkBody,
  type MediaUpdateBody,
  mediaSchema,
  type PortraitCrop,
  portraitAnswerSchema,
} from '@anor/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { storedOfConflict } from '../../lib/conflict.ts';
import { personKeys, treePath } from '../person/queries.ts';
import { mediaKeys, mediaPath } from './queries.ts';

/*
 * What each media change invalidates: every media query of the tree (`mediaKeys.tree`: the list
 * and the galleries of every item it belongs to), and for a portrait the person (its detail carries
 * the portrait) and the person-shaped views that show it small. The saved medium is set from the answer.
 */

export function refreshMedia(queryClient: QueryClient, treeId: string, saved?: Media): Promise<unknown> {
  if (saved) queryClient.setQueryData(mediaKeys.detail(treeId, saved.id), saved);
  const savedKey = saved ? mediaKeys.detail(treeId, saved.id).join('/') : null;
  return queryClient.invalidateQueries({
    queryKey: mediaKeys.tree(treeId),
    predicate: (query) => query.queryKey.join('/') !== savedKey,
  });
}

/** The refresh after an upload (done outside TanStack Query, for its progress). */
export function refreshAfterUpload(queryClient: QueryClient, treeId: string, media: Media): Promise<unknown> {
  return refreshMedia(queryClient, treeId, media);
}

/** The stored media object of a 409 `media.error.conflict` answer (saved elsewhere since the form loaded it). */
export function mediaConflictOf(error: unknown): Media | null {
  return storedOfConflict(error, 'media.error.conflict', mediaSchema);
}

/** PUT media/{id}: title, date and description, from the revision the form loaded (saved since: 409). */
export function useUpdateMedia(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, body }: { mediaId: string; body: MediaUpdateBody }) =>
      api.put(mediaPath(treeId, mediaId), body, { schema: mediaSchema }),
    onSuccess: (media) => refreshMedia(queryClient, treeId, media),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** DELETE media/{id}: the file leaves every item (and the portraits made of it). */
export function useDeleteMedia(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: string) => api.delete(mediaPath(treeId, mediaId)),
    onSuccess: (_answer, mediaId) => {
      queryClient.removeQueries({ queryKey: mediaKeys.detail(treeId, mediaId) });
      return Promise.all([
        refreshMedia(queryClient, treeId),
        // A portrait cut from it is gone too.
        queryClient.invalidateQueries({ queryKey: personKeys.tree(treeId) }),
      ]);
    },
    meta: { notice: 'deleted' },
  });
}

/** PUT media/{id}/link: the medium belongs to one more item. */
export function useLinkMedia(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, link }: { mediaId: string; link: MediaLinkBody }) =>
      api.put(mediaPath(treeId, mediaId, '/link'), link, { schema: mediaSchema }),
    onSuccess: (media) => refreshMedia(queryClient, treeId, media),
  });
}

/** DELETE media/{id}/link/{nodeId}: the medium leaves one item and stays in the tree. */
export function useUnlinkMedia(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, nodeId }: { mediaId: string; nodeId: string }) =>
      api.delete(mediaPath(treeId, mediaId, `/link/${segment(nodeId)}`), undefined, { schema: mediaSchema }),
    onSuccess: (media) => refreshMedia(queryClient, treeId, media),
    meta: { notice: 'saved' },
  });
}

function portraitPath(treeId: string, personId: string): string {
  return treePath(treeId, `person/${segment(personId)}/portrait`);
}

/** PUT person/{id}/portrait: a crop of an image becomes the person's portrait. */
export function useSetPortrait(treeId: string, personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, crop }: { mediaId: string; crop: PortraitCrop }) =>
      api.put(portraitPath(treeId, personId), { mediaId, crop }, { schema: portraitAnswerSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: personKeys.tree(treeId) }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.tree(treeId) }),
      ]),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** DELETE person/{id}/portrait: the person shows no portrait (the image stays). */
export function useRemovePortrait(treeId: string, personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(portraitPath(treeId, personId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personKeys.tree(treeId) }),
    meta: { notice: 'deleted' },
  });
}
