import { describe, expect, it } from 'vitest';
import { OVERVIEW, POINT_ZOOM, pointsKey, viewFor } from './map-view.ts';

describe('where a map opens', () => {
  it('opens over the Nordic countries with nothing to show', () => {
    expect(viewFor([])).toBe(OVERVIEW);
  });

  it('opens close up on a single place, or on several at one spot', () => {
    const sunne = { lat: 59.837, lng: 13.1437 };
    expect(viewFor([sunne])).toEqual({ kind: 'point', center: sunne, zoom: POINT_ZOOM });
    expect(viewFor([sunne, { ...sunne }])).toEqual({ kind: 'point', center: sunne, zoom: POINT_ZOOM });
  });

  it('fits the box around several places', () => {
    expect(
      viewFor([
        { lat: 59.3, lng: 18.1 },
        { lat: 55.6, lng: 13 },
        { lat: 57.7, lng: 11.9 },
      ]),
    ).toEqual({
      kind: 'bounds',
      southWest: { lat: 55.6, lng: 11.9 },
      northEast: { lat: 59.3, lng: 18.1 },
      maxZoom: 12,
    });
  });

  it('keys places by id and position only', () => {
    const a = { id: 'a', name: 'A', coordinates: { lat: 1, lng: 2 } };
    const renamed = { ...a, name: 'Renamed' };
    expect(pointsKey([a])).toBe(pointsKey([renamed]));
    expect(pointsKey([a])).not.toBe(pointsKey([{ ...a, coordinates: { lat: 1, lng: 2.5 } }]));
  });
});
