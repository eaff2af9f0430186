import type { ChartAnswer, ChartPerson } from '@anor/core';
import { byGender } from '../family-tree/chart-layout.ts';

/**
 * The fan chart (issue 23): the person in a circle in the middle, each generation of ancestors one
 * ring further out over a fixed sweep, every ancestor in the place of their Sosa–Stradonitz number
 * (father 2n, mother 2n + 1; the paternal side on the left). An ancestor reached twice (pedigree
 * collapse) is drawn in each place, since a fan has a place for everyone. Angles are d3-shape's:
 * radians, 0 at twelve o'clock, clockwise. Pure, so tests check it without a browser.
 */

/** The fan's sweep: three quarters of a circle, open at the bottom. */
export const FAN_SWEEP = (3 * Math.PI) / 2;
export const FAN_CENTRE_RADIUS = 72;
/** Ring widths: the inner rings carry names along the arc, the outer ones across it (radially), which needs length. */
const INNER_RING = 84;
const OUTER_RING = 140;

export type FanTextMode = 'arc' | 'radial';

export interface FanSegment {
  /** The Sosa number: unique within the fan. */
  sosa: number;
  generation: number;
  person: ChartPerson;
  startAngle: number;
  endAngle: number;
  innerRadius: number;
  outerRadius: number;
  /** Along the arc (wide inner segments) or along the radius (narrow outer ones). */
  textMode: FanTextMode;
  /** The person was reached first at a smaller Sosa number. */
  isRepeat: boolean;
}

export interface FanLayout {
  centre: ChartPerson | null;
  segments: FanSegment[];
  /** The drawing's extent around the centre (0, 0). */
  bounds: { x: number; y: number; width: number; height: number };
  /** The outer radius of the last ring drawn. */
  radius: number;
}

/** The inner and outer radius of a generation's ring (1 = the parents). */
export function ringRadii(generation: number): { inner: number; outer: number } {
  let inner = FAN_CENTRE_RADIUS;
  for (let ring = 1; ring < generation; ring++) inner += ring <= 3 ? INNER_RING : OUTER_RING;
  return { inner, outer: inner + (generation <= 3 ? INNER_RING : OUTER_RING) };
}

/** A segment's text runs along the arc while the arc in the middle of the ring is longer than the ring is wide. */
export function textModeOf(innerRadius: number, outerRadius: number, angle: number): FanTextMode {
  const middleArc = ((innerRadius + outerRadius) / 2) * angle;
  return middleArc >= outerRadius - innerRadius ? 'arc' : 'radial';
}

/**
 * Places the ancestors of `answer.startId` up to `generations` generations counting the person
 * (5 draws the person and four rings).
 */
export function layoutFan(answer: Pick<ChartAnswer, 'startId' | 'persons'>, generations: number): FanLayout {
  const byId = new Map(answer.persons.map((person) => [person.id, person]));
  const centre = byId.get(answer.startId) ?? null;
  const segments: FanSegment[] = [];
  let radius = FAN_CENTRE_RADIUS;
  if (centre) {
    const seen = new Set<string>([centre.id]);
    // Generation by generation: each slot's person, by Sosa number.
    let slots = new Map<number, ChartPerson>([[1, centre]]);
    for (let generation = 1; generation < generations && slots.size > 0; generation++) {
      const next = new Map<number, ChartPerson>();
      for (const [sosa, child] of slots) {
        const parents = child.parentIds
          .map((id) => byId.get(id))
          .filter((parent): parent is ChartPerson => parent !== undefined)
          .sort(byGender)
          .slice(0, 2);
        // A lone mother keeps the mother's place.
        const first = parents[0];
        if (parents.length === 1 && first && first.gender === 'female') next.set(sosa * 2 + 1, first);
        else for (const [index, parent] of parents.entries()) next.set(sosa * 2 + index, parent);
      }
      const { inner, outer } = ringRadii(generation);
      const count = 2 ** generation;
      const angle = FAN_SWEEP / count;
      for (const sosa of [...next.keys()].sort((a, b) => a - b)) {
        const person = next.get(sosa) as ChartPerson;
        const startAngle = -FAN_SWEEP / 2 + (sosa - count) * angle;
        segments.push({
          sosa,
          generation,
          person,
          startAngle,
          endAngle: startAngle + angle,
          innerRadius: inner,
          outerRadius: outer,
          textMode: textModeOf(inner, outer, angle),
          isRepeat: seen.has(person.id),
        });
        seen.add(person.id);
      }
      if (next.size > 0) radius = outer;
      slots = next;
    }
  }
  // The sweep is open at the bottom: below the centre the fan reaches only to the ends of its arms.
  const bottom = Math.max(FAN_CENTRE_RADIUS, radius * Math.sin(FAN_SWEEP / 2 - Math.PI / 2));
  return { centre, segments, radius, bounds: { x: -radius, y: -radius, width: 2 * radius, height: radius + bottom } };
}

/** A point at `radius` and `angle` (d3-shape's angles) in screen coordinates. */
export function polar(radius: number, angle: number): { x: number; y: number } {
  return { x: radius * Math.sin(angle), y: -radius * Math.cos(angle) };
}
