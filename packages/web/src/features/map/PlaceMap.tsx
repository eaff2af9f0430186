import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceMapProps } from './index.ts';
import {
  highlightIcon,
  placeIcon,
  placeLabel,
  showView,
  toLatLng,
  useLeafletMap,
  useStableValue,
} from './leaflet-map.ts';
import { MapErrorBoundary } from './MapErrorBoundary.tsx';
import { pointsKey, viewFor } from './map-view.ts';

const DEFAULT_HEIGHT = 400;

/**
 * Places on a map: one place with its subordinate places (the place emphasised), or every place
 * of a tree, clustered. The map opens fitted to the markers; a marker shows the place's name and
 * type on hover and reports clicks.
 */
function PlaceMapView({
  markers,
  highlightId,
  onMarkerClick,
  cluster = false,
  height = DEFAULT_HEIGHT,
  'data-testid': testId,
}: PlaceMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(containerRef);

  const onClickRef = useRef(onMarkerClick);
  useEffect(() => {
    onClickRef.current = onMarkerClick;
  }, [onMarkerClick]);

  const shown = useStableValue(
    markers,
    JSON.stringify(markers.map((m) => [m.id, m.name, m.type, m.coordinates.lat, m.coordinates.lng])),
  );
  const positions = useStableValue(
    markers.map((m) => m.coordinates),
    pointsKey(markers),
  );

  useEffect(() => {
    if (!map) return;
    const layer = cluster
      ? L.markerClusterGroup({ showCoverageOnHover: false, maxClusterRadius: 48, spiderfyOnMaxZoom: true })
      : L.featureGroup();
    for (const place of shown) {
      const isHighlighted = place.id === highlightId;
      const marker = L.marker(toLatLng(place.coordinates), {
        icon: isHighlighted ? highlightIcon : placeIcon,
        title: place.name,
        alt: place.name,
        riseOnHover: true,
        zIndexOffset: isHighlighted ? 1000 : 0,
      });
      marker.bindTooltip(placeLabel(place), { direction: 'top' });
      marker.on('click', () => onClickRef.current?.(place.id));
      // Leaflet makes a marker a focusable button but acts on Enter only for popups: this one opens its place.
      marker.on('keydown', (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key !== 'Enter' && event.originalEvent.key !== ' ') return;
        event.originalEvent.preventDefault();
        onClickRef.current?.(place.id);
      });
      layer.addLayer(marker);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, shown, highlightId, cluster]);

  useEffect(() => {
    if (!map) return;
    return showView(map, viewFor(positions));
  }, [map, positions]);

  return (
    <Box
      component="section"
      ref={containerRef}
      className="anor-map"
      h={height}
      w="100%"
      aria-label={t('map.mapLabel')}
      data-testid={testId}
    />
  );
}

export default function PlaceMap(props: PlaceMapProps) {
  return (
    <MapErrorBoundary height={props.height ?? DEFAULT_HEIGHT}>
      <PlaceMapView {...props} />
    </MapErrorBoundary>
  );
}
