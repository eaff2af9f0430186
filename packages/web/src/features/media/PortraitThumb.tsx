import type { Portrait } from '@anor/core';
import { useTreeRoute } from '../visitor/use-tree-route.ts';
import { MediaImage } from './MediaImage.tsx';
import { portraitToken } from './media-display.ts';
import { portraitFilePath } from './queries.ts';

interface PortraitThumbProps {
  /** A person summary: its portrait is `{ mediaId, crop }` or null (issue 22). */
  person: { id: string; portrait?: Portrait | null };
  size: number;
}

/**
 * A person's portrait, small and round, beside the name in a list, a chip or a card; nothing when
 * they have none. Decorative (the name is beside it), so no alternative text. The address changes
 * with the image and crop, so the browser's cache can keep it.
 */
export function PortraitThumb({ person, size }: PortraitThumbProps) {
  const { treeId } = useTreeRoute();
  if (!person.portrait || !treeId) return null;
  const path = `${portraitFilePath(treeId, person.id)}?${new URLSearchParams({ v: portraitToken(person.portrait) })}`;
  return (
    <MediaImage
      path={path}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ borderRadius: '50%', objectFit: 'cover', display: 'block', flex: 'none' }}
      data-testid="person-portrait-thumb"
      data-portrait-media={person.portrait.mediaId}
    />
  );
}
