import type { Portrait } from '@anor/core';
import { ActionIcon, Box, Menu } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVersionedSrc } from './media-src.ts';
import { useRemovePortrait } from './mutations.ts';
import { portraitFilePath } from './queries.ts';

/** What makes a portrait's picture new: its image and crop. */
export function portraitVersion(portrait: Portrait): string {
  const { x, y, width, height } = portrait.crop;
  return `${portrait.mediaId}:${x}:${y}:${width}:${height}`;
}

interface PortraitImageProps {
  treeId: string;
  personId: string;
  portrait: Portrait;
  name: string;
  size: number;
  /** Shown while it loads and if it cannot be loaded. */
  fallback: ReactNode;
}

/** A person's cropped portrait, round, at `size` pixels. */
export function PortraitImage({ treeId, personId, portrait, name, size, fallback }: PortraitImageProps) {
  const { t } = useTranslation();
  const { src } = useVersionedSrc(portraitFilePath(treeId, personId), portraitVersion(portrait));
  if (!src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={t('media.portrait.alt', { name })}
      width={size}
      height={size}
      style={{ borderRadius: '50%', objectFit: 'cover', display: 'block', flex: 'none' }}
      data-testid="person-portrait"
      data-portrait-media={portrait.mediaId}
    />
  );
}

interface PersonPortraitProps extends Omit<PortraitImageProps, 'portrait'> {
  portrait: Portrait | null | undefined;
  canEdit: boolean;
}

/**
 * The portrait at the top of the person page, or `fallback` (the gender icon) without one. The
 * owner's portrait opens a menu to remove it; a new one is chosen from the gallery.
 */
export function PersonPortrait({ portrait, canEdit, fallback, ...props }: PersonPortraitProps) {
  const { t } = useTranslation();
  const removePortrait = useRemovePortrait(props.treeId, props.personId);
  if (!portrait) return <>{fallback}</>;
  const image = <PortraitImage {...props} portrait={portrait} fallback={fallback} />;
  if (!canEdit) return image;
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="transparent"
          w={props.size}
          h={props.size}
          radius="50%"
          aria-label={t('media.portrait.alt', { name: props.name })}
          data-testid="person-portrait-menu"
        >
          <Box>{image}</Box>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          color="red"
          leftSection={<IconTrash aria-hidden size={16} />}
          onClick={() => removePortrait.mutate()}
          data-testid="person-portrait-remove"
        >
          {t('media.portrait.remove')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
