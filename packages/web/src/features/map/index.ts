import type { Coordinates } from '@anor/core';
import { lazy } from 'react';

export { MapFallback } from './MapFallback.tsx';

/** A place on a map. */
export interface PlaceMarker {
  id: string;
  name: string;
  type: string | null;
  coordinates: Coordinates;
  depth?: number;
}

export interface PlaceMapProps {
  markers: PlaceMarker[];
  /** Marker to emphasise (the place itself); others are its subordinate places. */
  highlightId?: string;
  onMarkerClick?: (id: string) => void;
  /** Cluster markers (tree-wide map); default false. */
  cluster?: boolean;
  /** Default 400. */
  height?: number | string;
  'data-testid'?: string;
}

export interface CoordinatePickerProps {
  value: Coordinates | null;
  onChange: (value: Coordinates | null) => void;
  /** Other places to show for orientation (e.g. the parent), not draggable. */
  context?: PlaceMarker[];
  height?: number | string;
  /**
   * Whether the fields hold text that is not a pair of coordinates (a wrong number, or one field
   * filled and the other not): the form refuses to save then instead of keeping the old value.
   */
  onInvalidChange?: (isInvalid: boolean) => void;
}

/** A Leaflet map of places (lazy: wrap uses in `<Suspense fallback={<MapFallback />}>`). */
export const PlaceMap = lazy(() => import('./PlaceMap.tsx'));

/** Latitude/longitude inputs with a map to click or drag (lazy: wrap uses in `<Suspense>`). */
export const CoordinatePicker = lazy(() => import('./CoordinatePicker.tsx'));
