import type { MediaNodeKind, Portrait } from '@anor/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MediaCollection } from './MediaCollection.tsx';
import { mediaQueries } from './queries.ts';

export interface MediaGalleryProps {
  treeId: string;
  node: { id: string; kind: MediaNodeKind };
  canEdit: boolean;
  /** A person's gallery: "Use as portrait" on its images. */
  portrait?: { personId: string; current: Portrait | null };
  /** In a dialog (a citation's or record's): the layer of its own dialogs, and whether one is open. */
  zIndex?: number;
  onModalChange?: (isOpen: boolean) => void;
}

/**
 * The photos and documents of a person, event, place, citation or record (GET media/node/{id}),
 * with uploads linked to it at once for the owner. A visitor sees what the server lets through
 * (nothing of a living person's), without controls.
 */
export function MediaGallery({ treeId, node, canEdit, portrait, zIndex, onModalChange }: MediaGalleryProps) {
  const { t } = useTranslation();
  const query = useQuery(mediaQueries.ofNode(treeId, node.id));
  return (
    <MediaCollection
      treeId={treeId}
      media={query.data?.media ?? []}
      isLoading={query.isPending}
      canEdit={canEdit}
      node={node}
      portrait={portrait}
      zIndex={zIndex}
      onModalChange={onModalChange}
      emptyText={t('media.gallery.empty')}
      testId="media-gallery"
    />
  );
}
