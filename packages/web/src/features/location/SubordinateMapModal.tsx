import type { Location } from '@anor/core';
import { Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { MapFallback, PlaceMap } from '../map/index.ts';
import { locationQueries } from './queries.ts';

interface SubordinateMapModalProps {
  treeId: string;
  location: Pick<Location, 'id' | 'name'>;
  opened: boolean;
  onClose: () => void;
  /** A marker was clicked: open that place. */
  onShow: (locationId: string) => void;
}

/** SPEC §2: the places below a place, on a map (POST location/{id}/map with its relatives). */
export function SubordinateMapModal({ treeId, location, opened, onClose, onShow }: SubordinateMapModalProps) {
  const { t } = useTranslation();
  const isSmall = useMediaQuery('(max-width: 800px)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('places.map.title', { name: location.name })}
      size="xl"
      fullScreen={isSmall}
      centered
      zIndex={300}
      transitionProps={{ transition: 'fade', duration: 200 }}
      data-testid="location-subordinate-map-modal"
    >
      {opened ? (
        <SubordinateMap
          treeId={treeId}
          locationId={location.id}
          onShow={onShow}
          height={isSmall ? 'calc(100dvh - 140px)' : '65vh'}
        />
      ) : null}
    </Modal>
  );
}

/** The map of a place and the places below it that have coordinates; also the location page's map view. */
export function SubordinateMap({
  treeId,
  locationId,
  onShow,
  height,
}: {
  treeId: string;
  locationId: string;
  onShow: (locationId: string) => void;
  height: number | string;
}) {
  const { t } = useTranslation();
  const query = useQuery(locationQueries.map(treeId, locationId, true));
  if (query.isPending) return <MapFallback height={height} />;
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  const { markers } = query.data;
  return (
    <Stack gap="xs">
      <Suspense fallback={<MapFallback height={height} />}>
        <PlaceMap
          markers={markers}
          highlightId={locationId}
          onMarkerClick={onShow}
          height={height}
          data-testid="location-subordinate-map"
        />
      </Suspense>
      <Text size="sm" c="dimmed" data-testid="location-subordinate-map-count">
        {t('places.map.count', { count: markers.filter((marker) => marker.id !== locationId).length })}
      </Text>
    </Stack>
  );
}
