import type { Media, MediaNodeKind, MediaSummary, Portrait } from '@anor/core';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCrop, IconLink, IconPencil, IconTrash, IconUnlink } from '@tabler/icons-react';
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WhenOpened } from '../../lib/WhenOpened.tsx';
import { MediaThumb } from './MediaThumb.tsx';
import { MediaUploadZone } from './MediaUploadZone.tsx';
import { isViewableImage } from './media-display.ts';
import { openInNewTab } from './media-src.ts';
import { useUnlinkMedia } from './mutations.ts';
import { mediaFilePath } from './queries.ts';

// The dialogs load when first opened (the viewer brings d3's zoom): the pages with a gallery do not download them.
const LinkExistingModal = lazy(async () => ({ default: (await import('./LinkExistingModal.tsx')).LinkExistingModal }));
const MediaEditModal = lazy(async () => ({ default: (await import('./MediaEditModal.tsx')).MediaEditModal }));
const MediaViewer = lazy(async () => ({ default: (await import('./MediaViewer.tsx')).MediaViewer }));
const PortraitCropModal = lazy(async () => ({ default: (await import('./PortraitCropModal.tsx')).PortraitCropModal }));

export interface MediaCollectionProps {
  treeId: string;
  media: readonly MediaSummary[];
  canEdit: boolean;
  /** The item whose gallery this is: uploads link to it, and "Remove from here" unlinks from it. */
  node?: { id: string; kind: MediaNodeKind };
  /** A person's gallery offers "Use as portrait" (starting from the current crop of the same image). */
  portrait?: { personId: string; current: Portrait | null };
  /** Shown when there is nothing (and nothing loading). */
  emptyText: string;
  isLoading?: boolean;
  /** Under the thumbnails ("Show more"). */
  footer?: ReactNode;
  testId?: string;
  /** Inside a dialog (a citation's or record's): its dialogs and menus go above it at this layer. */
  zIndex?: number;
  /** Whether one of its dialogs is open (the dialog around it then leaves Escape to that one). */
  onModalChange?: (isOpen: boolean) => void;
}

/**
 * Thumbnails of media with what can be done with them: open (the viewer for an image, the browser's
 * own viewer for a PDF), and for the owner an upload zone and each one's actions (details, portrait,
 * remove from here, delete), with their dialogs.
 */
export function MediaCollection({
  treeId,
  media,
  canEdit,
  node,
  portrait,
  emptyText,
  isLoading = false,
  footer,
  testId = 'media-collection',
  zIndex,
  onModalChange,
}: MediaCollectionProps) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<MediaSummary | null>(null);
  const [editing, setEditing] = useState<{ media: MediaSummary; isDeleting: boolean } | null>(null);
  const [cropping, setCropping] = useState<MediaSummary | null>(null);
  const [isLinking, setIsLinking] = useState(false);
  const unlinkMedia = useUnlinkMedia(treeId);
  const isModalOpen = viewing !== null || editing !== null || cropping !== null || isLinking;
  useEffect(() => onModalChange?.(isModalOpen), [isModalOpen, onModalChange]);

  const open = (item: MediaSummary) => {
    if (isViewableImage(item)) setViewing(item);
    else if (item.hasFile) openInNewTab(mediaFilePath(treeId, item.id, 'original'));
  };

  const menuOf = (item: MediaSummary): ReactNode => {
    if (!canEdit) return undefined;
    return (
      <>
        <Menu.Item
          leftSection={<IconPencil aria-hidden size={16} />}
          onClick={() => setEditing({ media: item, isDeleting: false })}
          data-testid="media-action-edit"
        >
          {t('media.actions.edit')}
        </Menu.Item>
        {portrait && isViewableImage(item) ? (
          <Menu.Item
            leftSection={<IconCrop aria-hidden size={16} />}
            onClick={() => setCropping(item)}
            data-testid="media-action-portrait"
          >
            {t('media.actions.portrait')}
          </Menu.Item>
        ) : null}
        {node ? (
          <Menu.Item
            leftSection={<IconUnlink aria-hidden size={16} />}
            onClick={() => unlinkMedia.mutate({ mediaId: item.id, nodeId: node.id })}
            data-testid="media-action-unlink"
          >
            {t('media.actions.unlink')}
          </Menu.Item>
        ) : null}
        <Menu.Item
          color="red"
          leftSection={<IconTrash aria-hidden size={16} />}
          onClick={() => setEditing({ media: item, isDeleting: true })}
          data-testid="media-action-delete"
        >
          {t('media.actions.delete')}
        </Menu.Item>
      </>
    );
  };

  const editUploaded = (uploaded: Media) => setEditing({ media: uploaded, isDeleting: false });

  return (
    <Stack gap="md" data-testid={testId}>
      {canEdit ? (
        <MediaUploadZone treeId={treeId} node={node} onEdit={editUploaded} compact={node !== undefined} />
      ) : null}
      {canEdit && node ? (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconLink aria-hidden size={16} />}
          onClick={() => setIsLinking(true)}
          style={{ alignSelf: 'flex-start' }}
          data-testid="media-link-existing"
        >
          {t('media.link.button')}
        </Button>
      ) : null}
      {media.length > 0 ? (
        <Group gap="md" align="flex-start" data-testid="media-grid">
          {media.map((item) => (
            <MediaThumb
              key={item.id}
              treeId={treeId}
              media={item}
              onOpen={open}
              menu={menuOf(item)}
              menuZIndex={zIndex}
            />
          ))}
        </Group>
      ) : isLoading ? null : (
        <Text size="sm" c="dimmed" data-testid="media-empty">
          {emptyText}
        </Text>
      )}
      {footer}
      <WhenOpened isOpen={viewing !== null}>
        <MediaViewer treeId={treeId} media={viewing} onClose={() => setViewing(null)} zIndex={zIndex} />
      </WhenOpened>
      <WhenOpened isOpen={editing !== null}>
        <MediaEditModal
          treeId={treeId}
          media={editing?.media ?? null}
          isDeleting={editing?.isDeleting}
          onClose={() => setEditing(null)}
          zIndex={zIndex}
        />
      </WhenOpened>
      {canEdit && node ? (
        <WhenOpened isOpen={isLinking}>
          <LinkExistingModal
            treeId={treeId}
            node={node}
            opened={isLinking}
            linkedIds={new Set(media.map((item) => item.id))}
            onClose={() => setIsLinking(false)}
            zIndex={zIndex}
          />
        </WhenOpened>
      ) : null}
      {portrait ? (
        <WhenOpened isOpen={cropping !== null}>
          <PortraitCropModal
            treeId={treeId}
            personId={portrait.personId}
            media={cropping}
            initial={portrait.current?.mediaId === cropping?.id ? portrait.current?.crop : null}
            onClose={() => setCropping(null)}
          />
        </WhenOpened>
      ) : null}
    </Stack>
  );
}
