import type { LocationSummary } from '@anor/core';
import { Box, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listRowActionClass } from '../../lib/list/List.tsx';

/** Two lines (name and type) with room around them; the list's page size follows from it. */
export const PLACE_ROW_HEIGHT = 56;

/**
 * One place in a list: a pin (filled when it has coordinates), name, and its type and where it
 * lies (its ancestors, nearest first), so that places of the same name are told apart; opens its page.
 */
export function PlaceRow({ place, to }: { place: LocationSummary & { within?: string }; to: string }) {
  const { t } = useTranslation();
  const hasCoordinates = place.coordinates !== null;
  return (
    <UnstyledButton
      component={Link}
      to={to}
      className={listRowActionClass}
      data-testid="place-row"
      data-location-id={place.id}
    >
      <ThemeIcon
        variant={hasCoordinates ? 'light' : 'transparent'}
        color={hasCoordinates ? undefined : 'gray'}
        size={28}
        radius="xl"
        aria-label={hasCoordinates ? t('places.list.hasCoordinates') : t('places.list.noCoordinates')}
        style={{ flex: '0 0 auto' }}
      >
        {hasCoordinates ? <IconMapPin aria-hidden size={16} /> : <IconMapPinOff aria-hidden size={16} />}
      </ThemeIcon>
      <Box style={{ flex: '1 1 auto', minWidth: 0 }}>
        <Text fw={600} truncate="end" lh={1.35} data-testid="place-row-name">
          {place.name}
        </Text>
        {place.type || place.within ? (
          <Text size="sm" c="dimmed" truncate="end" lh={1.35} title={place.within || undefined}>
            {place.type ? <span data-testid="place-row-type">{place.type}</span> : null}
            {place.type && place.within ? ' · ' : null}
            {place.within ? <span data-testid="place-row-within">{place.within}</span> : null}
          </Text>
        ) : null}
      </Box>
      <IconChevronRight aria-hidden size={18} color="var(--mantine-color-gray-5)" style={{ flex: '0 0 auto' }} />
    </UnstyledButton>
  );
}
