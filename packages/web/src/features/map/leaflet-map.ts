import 'leaflet/dist/leaflet.css';
import './map.css';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configQueries } from '../config/queries.ts';
import type { PlaceMarker } from './index.ts';
import { type MapView, OVERVIEW } from './map-view.ts';

/**
 * Leaflet, set up once for the app. Only the lazily loaded map components import this module, so
 * Leaflet stays out of the main bundle. The marker images are bundled (small enough to be inlined
 * as data URLs), so markers show without any network; only the tiles come from the tile server.
 */

// Leaflet otherwise guesses the images' folder from its CSS, which a bundler breaks.
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

/** OpenStreetMap's tiles go to zoom 19; below 2 the world repeats sideways in a wide map. */
const MIN_ZOOM = 2;
const MAX_ZOOM = 19;

const images = { iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow };

export const placeIcon = L.icon({
  ...images,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [0, -36],
  shadowSize: [41, 41],
});

/** The place itself: larger and red. */
export const highlightIcon = L.icon({
  ...images,
  iconSize: [31, 51],
  iconAnchor: [15, 51],
  popupAnchor: [1, -44],
  tooltipAnchor: [0, -46],
  shadowSize: [41, 41],
  shadowAnchor: [12, 41],
  className: 'anor-marker-highlight',
});

/** Places shown for orientation: smaller and grey. */
export const contextIcon = L.icon({
  ...images,
  iconSize: [19, 31],
  iconAnchor: [9, 31],
  popupAnchor: [1, -26],
  tooltipAnchor: [0, -27],
  shadowSize: [31, 31],
  shadowAnchor: [9, 31],
  className: 'anor-marker-context',
});

/** A tooltip's content built as DOM: place names are the users' text, never HTML. */
export function placeLabel(place: Pick<PlaceMarker, 'name' | 'type'>): HTMLElement {
  const label = document.createElement('div');
  label.className = 'anor-map-label';
  const name = document.createElement('strong');
  name.textContent = place.name;
  label.append(name);
  if (place.type) {
    const type = document.createElement('div');
    type.className = 'anor-map-label-type';
    type.textContent = place.type;
    label.append(type);
  }
  return label;
}

export function toLatLng(point: { lat: number; lng: number }): L.LatLngExpression {
  return [point.lat, point.lng];
}

/**
 * Moves the map to a view. A map that has no size yet (inside a dialog that is still opening)
 * cannot fit bounds, so it waits for its first resize; the answer removes that wait.
 */
export function showView(map: L.Map, view: MapView): () => void {
  const size = map.getSize();
  if (size.x === 0 || size.y === 0) {
    const retry = () => showView(map, view);
    map.once('resize', retry);
    return () => map.off('resize', retry);
  }
  if (view.kind === 'bounds') {
    map.fitBounds(L.latLngBounds(toLatLng(view.southWest), toLatLng(view.northEast)), {
      padding: [40, 40],
      maxZoom: view.maxZoom,
    });
  } else {
    map.setView(toLatLng(view.center), view.zoom);
  }
  return () => {};
}

/**
 * A Leaflet map in the container, with translated zoom buttons and the configured tiles
 * (`MAP_TILE_URL`, attribution through Leaflet's attribution control). Tiles that cannot load
 * leave the background grey; markers and controls work regardless.
 */
export function useLeafletMap(containerRef: RefObject<HTMLDivElement | null>): L.Map | null {
  const { t } = useTranslation();
  const [map, setMap] = useState<L.Map | null>(null);
  const config = useQuery(configQueries.app());
  const tiles = config.data?.map;

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const created = L.map(element, {
      zoomControl: false,
      worldCopyJump: true,
      // Set on the map, not only by the tile layer: clustering needs it before (or without) tiles.
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      center: toLatLng(OVERVIEW.center),
      zoom: OVERVIEW.zoom,
    });
    // Dialogs and layout changes resize the map after it was made; Leaflet must be told.
    const observer = new ResizeObserver(() => created.invalidateSize());
    observer.observe(element);
    setMap(created);
    return () => {
      observer.disconnect();
      created.remove();
      setMap(null);
    };
  }, [containerRef]);

  useEffect(() => {
    if (!map) return;
    const zoom = L.control.zoom({ zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(map);
    return () => {
      zoom.remove();
    };
  }, [map, t]);

  const tileUrl = tiles?.tileUrl;
  const attribution = tiles?.attribution;
  useEffect(() => {
    if (!map || !tileUrl) return;
    const layer = L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tileUrl, attribution]);

  return map;
}

/**
 * The first value seen for each key: callers rebuild arrays on every render, and the map should
 * redraw (and above all re-fit) only when what they describe changed.
 */
export function useStableValue<T>(value: T, key: string): T {
  const ref = useRef({ key, value });
  if (ref.current.key !== key) ref.current = { key, value };
  return ref.current.value;
}

export { L };
