import type { MediaSummary } from '@anor/core';
import { ActionIcon, Box, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaImage } from './MediaImage.tsx';
import { hasThumbnail, mediaTitle } from './media-display.ts';
import { mediaFilePath } from './queries.ts';

export const THUMB_SIZE = 128;

function FileIcon({ media }: { media: MediaSummary }) {
  const { t } = useTranslation();
  const Icon = media.kind === 'pdf' ? IconFileTypePdf : IconPhotoOff;
  return (
    <Stack align="center" justify="center" gap={4} h="100%" p={6} data-testid="media-thumb-icon">
      <Icon aria-hidden size={40} color="var(--mantine-color-gray-6)" />
      <Text size="xs" c="dimmed" ta="center" lineClamp={2}>
        {media.kind === 'pdf' ? t('media.pdf') : t('media.reference', { name: media.fileName ?? '' })}
      </Text>
    </Stack>
  );
}

export interface MediaThumbProps {
  treeId: string;
  media: MediaSummary;
  /** Opens the viewer (an image) or the browser's PDF viewer. */
  onOpen: (media: MediaSummary) => void;
  /** The owner's actions, as `Menu.Item`s; none for visitors. */
  menu?: ReactNode;
  /** The menu's layer, above a dialog the thumbnail is in. */
  menuZIndex?: number;
}

/** A medium as a square thumbnail with its title; the button opens it, the dots its actions. */
export function MediaThumb({ treeId, media, onOpen, menu, menuZIndex }: MediaThumbProps) {
  const { t } = useTranslation();
  const title = mediaTitle(media, t);
  const canOpen = media.hasFile;
  return (
    <Box pos="relative" w={THUMB_SIZE} data-testid="media-thumb" data-media-id={media.id} data-kind={media.kind}>
      <UnstyledButton
        onClick={() => onOpen(media)}
        disabled={!canOpen}
        aria-label={t('media.actions.open', { title })}
        data-testid="media-thumb-open"
        w={THUMB_SIZE}
      >
        <Box
          w={THUMB_SIZE}
          h={THUMB_SIZE}
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          {hasThumbnail(media) ? (
            <MediaImage
              path={mediaFilePath(treeId, media.id, 'thumb')}
              loading="lazy"
              width={THUMB_SIZE}
              height={THUMB_SIZE}
              style={{ objectFit: 'cover', display: 'block', width: '100%', height: '100%' }}
              fallback={<FileIcon media={media} />}
              data-testid="media-thumb-image"
            />
          ) : (
            <FileIcon media={media} />
          )}
        </Box>
        <Text size="xs" mt={4} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="media-thumb-title">
          {title}
        </Text>
      </UnstyledButton>
      {menu ? (
        <Menu position="bottom-end" withinPortal zIndex={menuZIndex}>
          <Menu.Target>
            <ActionIcon
              pos="absolute"
              top={4}
              right={4}
              variant="white"
              size="sm"
              aria-label={t('media.actions.menu', { title })}
              data-testid="media-thumb-menu"
            >
              <IconDots aria-hidden size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>{menu}</Menu.Dropdown>
        </Menu>
      ) : null}
    </Box>
  );
}
