import { foldForSearch, swedishSortKey } from '@anor/core';
import type { GedcomNode } from '@anor/gedcom';
import type { PlanLocation } from './gedcom.plan.ts';
import { childOf, type MapContext, newId, nullIfEmpty, textOf } from './gedcom-map-context.ts';
import type { LinkMapper } from './gedcom-map-links.ts';
import { problemDetail, problemOf, type ValueProblem, valueRules } from './gedcom-values.ts';

/**
 * PLAC lines → Anor's places (a hierarchy per distinct value, reused across the file), for the mapper
 * (gedcom.mapper.ts). Each distinct spelling is a place of its own: names are compared as written
 * (Unicode-normalized), never folded for case or accents.
 */

/** A place's id, null for no place, or why a PLAC line makes no place (its line is kept). */
export type PlaceResult = string | null | { problem: ValueProblem; detail: string };

/** LATI/LONG as GEDCOM writes them (N59.37, W12.5) or as plain decimals. */
function coordinate(text: string | null, positive: string, negative: string, limit: number): number | null {
  if (text === null) return null;
  const match = /^([NSEW])?\s*(-?\d+(?:[.,]\d+)?)\s*([NSEW])?$/i.exec(text.trim());
  if (!match) return null;
  const hemisphere = (match[1] ?? match[3] ?? '').toUpperCase();
  if (hemisphere !== '' && hemisphere !== positive && hemisphere !== negative) return null;
  let value = Number((match[2] as string).replace(',', '.'));
  if (hemisphere === negative) value = -Math.abs(value);
  if (!Number.isFinite(value) || Math.abs(value) > limit) return null;
  return value;
}
export function createPlaceMapper(ctx: MapContext, links: LinkMapper) {
  const { header, plan, report, keep, fits, keepUnder, drainedPlaces } = ctx;
  const { linkNote, cite } = links;

  // Places: one per distinct hierarchy, reused across the file.
  const placeByPath = new Map<string, PlanLocation>();
  const headerPlaceForm = textOf(header ? childOf(childOf(header, 'PLAC') ?? header, 'FORM') : undefined);
  /** Leaf place by the PLAC value as written, for the common PLAC line without subordinate lines. */
  const placeByValue = new Map<string, PlaceResult>();
  /** The leaf place of a PLAC line, null for none, or why a place name of it was refused (the line is then the caller's to keep). */
  function placeOf(plac: GedcomNode, eventId: string | null, path: string): PlaceResult {
    const value = plac.value ?? '';
    if (plac.children.length === 0) {
      const known = placeByValue.get(value);
      if (known !== undefined) return known;
      const leafId = placeOfParts(plac, eventId, path);
      placeByValue.set(value, leafId);
      return leafId;
    }
    return placeOfParts(plac, eventId, path);
  }
  function placeOfParts(plac: GedcomNode, eventId: string | null, path: string): PlaceResult {
    const value = plac.value ?? '';
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.length === 0) {
      // No place, but what is under it (a MAP, a note) is kept with the event.
      if (eventId !== null && plac.children.length > 0) keep(eventId, 'event', plac, path);
      return null;
    }
    // A level's name the place form would refuse (too long, characters names refuse): no place is made of the line.
    for (const part of parts) {
      const problem = problemOf(part, valueRules.locationName);
      if (problem !== null)
        return { problem, detail: problemDetail(`${path}.PLAC`, part, valueRules.locationName, problem) };
    }
    const ownForm = childOf(plac, 'FORM');
    const form = (textOf(ownForm) ?? headerPlaceForm)?.split(',').map((part) => part.trim());
    let types = form && form.length === parts.length ? form : null;
    const leftOver: GedcomNode[] = [];
    if (types?.some((type) => !fits(type, valueRules.locationType, (ownForm ?? plac).line, `${path}.PLAC.FORM`))) {
      types = null;
      if (ownForm) leftOver.push(ownForm);
    }
    let parentId: string | null = null;
    let key = '';
    let leaf: PlanLocation | null = null;
    for (let level = parts.length - 1; level >= 0; level--) {
      const name = parts[level] as string;
      const nameKey = foldForSearch(name);
      // Places are told apart by their names as written (issue 20, item 8): Åby and Aby, Sätra and
      // Satra, or sätra and Sätra are different places; only matching for suggestions folds them.
      key = `${key}\u0000${name.normalize('NFC')}`;
      let place = placeByPath.get(key);
      if (!place) {
        place = {
          id: newId(),
          parentId,
          name,
          nameKey,
          sortKey: swedishSortKey(name),
          type: nullIfEmpty(types?.[level] ?? ''),
          lat: null,
          lng: null,
        };
        placeByPath.set(key, place);
        plan.locations.push(place);
      }
      parentId = place.id;
      leaf = place;
    }
    if (leaf === null) return null;
    for (const child of plac.children) {
      switch (child.tag) {
        case 'FORM':
          break;
        case 'MAP': {
          const lat = coordinate(textOf(childOf(child, 'LATI')), 'N', 'S', 90);
          const lng = coordinate(textOf(childOf(child, 'LONG')), 'E', 'W', 180);
          if (lat === null || lng === null) {
            report.warn(
              'coordinates-invalid',
              child.line,
              `${textOf(childOf(child, 'LATI')) ?? ''} ${textOf(childOf(child, 'LONG')) ?? ''}`.trim(),
            );
            leftOver.push(child);
          } else if (leaf.lat === null) {
            leaf.lat = lat;
            leaf.lng = lng;
            // A place already written gets its coordinates at the end.
            if (drainedPlaces.has(leaf.id)) plan.coordinates.push({ id: leaf.id, lat, lng });
          } else if (leaf.lat !== lat || leaf.lng !== lng) {
            report.warn('coordinates-conflict', child.line, `${leaf.name}: ${lat}, ${lng}`);
            leftOver.push(child);
          }
          break;
        }
        case 'NOTE':
        case 'SNOTE':
          linkNote(child, leaf.id, 'location', path);
          break;
        case 'SOUR':
          cite(child, leaf.id, 'location', path);
          break;
        default:
          leftOver.push(child);
      }
    }
    if (eventId !== null) keepUnder(eventId, 'event', plac, leftOver, path);
    return leaf.id;
  }

  return { placeOf };
}

export type PlaceMapper = ReturnType<typeof createPlaceMapper>;
