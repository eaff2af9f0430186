import type { Coordinates } from '@anor/core';

/** Where a map of these points opens: nothing to show, one point close up, or the box around them all. */
export type MapView =
  | { kind: 'overview'; center: Coordinates; zoom: number }
  | { kind: 'point'; center: Coordinates; zoom: number }
  | { kind: 'bounds'; southWest: Coordinates; northEast: Coordinates; maxZoom: number };

/** With nothing to show the map opens over the Nordic countries, where most of our users' places are. */
export const OVERVIEW = { kind: 'overview', center: { lat: 62, lng: 15 }, zoom: 4 } as const satisfies MapView;

/** A single place: close enough to see the parish around it. */
export const POINT_ZOOM = 10;

/** Several places at the same spot would otherwise zoom in to the street. */
const BOUNDS_MAX_ZOOM = 12;

export function viewFor(points: readonly Coordinates[]): MapView {
  const [first] = points;
  if (!first) return OVERVIEW;
  let south = first.lat;
  let north = first.lat;
  let west = first.lng;
  let east = first.lng;
  for (const point of points) {
    south = Math.min(south, point.lat);
    north = Math.max(north, point.lat);
    west = Math.min(west, point.lng);
    east = Math.max(east, point.lng);
  }
  if (south === north && west === east) return { kind: 'point', center: first, zoom: POINT_ZOOM };
  return {
    kind: 'bounds',
    southWest: { lat: south, lng: west },
    northEast: { lat: north, lng: east },
    maxZoom: BOUNDS_MAX_ZOOM,
  };
}

/** A key that changes only when the points themselves change, not when an equal array is rebuilt. */
export function pointsKey(points: readonly { id: string; coordinates: Coordinates }[]): string {
  return points.map((point) => `${point.id}:${point.coordinates.lat},${point.coordinates.lng}`).join(';');
}
