import { foldForSearch, swedishSortKey } from '@anor/core';
import type { BulkPlace } from '../modules/location/location.bulk.ts';

/**
 * A deterministic place hierarchy for development and benchmarks: a country, its counties,
 * parishes, villages and farms, with coordinates on parishes and villages.
 */
export function generatePlaces(options: { counties: number; parishes: number; villages: number }): BulkPlace[] {
  const places: BulkPlace[] = [];
  const add = (key: string, parentKey: string | null, name: string, type: string, lat?: number, lng?: number) => {
    places.push({
      key,
      parentKey,
      name,
      type,
      nameKey: foldForSearch(name),
      sortKey: swedishSortKey(name),
      lat: lat ?? null,
      lng: lng ?? null,
    });
  };
  add('c', null, 'Sverige', 'Land');
  for (let c = 0; c < options.counties; c++) {
    const county = `c${c}`;
    add(county, 'c', `Län ${c + 1}`, 'Län');
    for (let p = 0; p < options.parishes; p++) {
      const parish = `${county}p${p}`;
      const lat = 55.5 + ((c * options.parishes + p) % 130) / 10;
      const lng = 11.5 + ((c * 7 + p) % 120) / 10;
      add(parish, county, `Socken ${c + 1}-${p + 1}`, 'Socken', lat, lng);
      for (let v = 0; v < options.villages; v++) {
        add(`${parish}v${v}`, parish, `Byn ${c + 1}-${p + 1}-${v + 1}`, 'By', lat + v / 100, lng + v / 100);
      }
    }
  }
  return places;
}
