import { Anchor, Breadcrumbs, Menu, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { buildBreadcrumb } from './breadcrumb.ts';

interface LocationBreadcrumbProps {
  ancestors: readonly { id: string; name: string }[];
  /** Jump to an ancestor; without it the ancestors are plain text. */
  onJump?: (locationId: string) => void;
}

/**
 * The breadcrumb of SPEC §2: the ancestors of a place, root first; a click jumps there. On a phone
 * a long chain folds its middle into "…", which opens a menu of the folded places.
 */
export function LocationBreadcrumb({ ancestors, onJump }: LocationBreadcrumbProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 640px)');
  if (ancestors.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="location-breadcrumb">
        {t('places.dialog.topLevel')}
      </Text>
    );
  }
  const items = buildBreadcrumb(ancestors, null, isNarrow ? 2 : 6);
  return (
    <Breadcrumbs
      separator="›"
      separatorMargin={6}
      aria-label={t('places.dialog.breadcrumb')}
      style={{ flexWrap: 'wrap', rowGap: 2 }}
      data-testid="location-breadcrumb"
    >
      {items.map((item) => {
        if (item.kind === 'gap') {
          return (
            <Menu key={item.id} position="bottom-start" withinPortal zIndex={450}>
              <Menu.Target>
                <UnstyledButton fz="sm" aria-label={t('places.dialog.moreAncestors')} px={4}>
                  …
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {item.hidden?.map((place) => (
                  <Menu.Item key={place.id} onClick={() => onJump?.(place.id)} disabled={!onJump}>
                    {place.name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          );
        }
        return onJump ? (
          <Anchor
            key={item.id}
            component="button"
            type="button"
            size="sm"
            onClick={() => onJump(item.id)}
            data-testid="location-breadcrumb-item"
            data-location-id={item.id}
          >
            {item.name}
          </Anchor>
        ) : (
          <Text key={item.id} size="sm" c="dimmed" data-testid="location-breadcrumb-item" data-location-id={item.id}>
            {item.name}
          </Text>
        );
      })}
    </Breadcrumbs>
  );
}
