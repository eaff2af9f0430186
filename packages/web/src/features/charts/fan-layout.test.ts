import { describe, expect, it } from 'vitest';
import { chartPerson, fullPedigree } from '../family-tree/chart-test-data.ts';
import { FAN_SWEEP, layoutFan, ringRadii } from './fan-layout.ts';
import { fitText, placeSegmentText, wrapWords } from './fan-text.ts';

describe('layoutFan', () => {
  it('places every ancestor at their Sosa number, fathers on the left, within the sweep', () => {
    const layout = layoutFan(fullPedigree(4), 4);
    expect(layout.centre?.id).toBe('p1');
    expect(layout.segments.map((segment) => segment.sosa)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    // fullPedigree lists the mother first: the father still takes 2n.
    const father = layout.segments.find((segment) => segment.sosa === 2);
    const mother = layout.segments.find((segment) => segment.sosa === 3);
    expect(father?.person.gender).toBe('male');
    expect(mother?.person.gender).toBe('female');
    expect(father?.startAngle).toBeCloseTo(-FAN_SWEEP / 2);
    expect(father?.endAngle).toBeCloseTo(0);
    expect(mother?.endAngle).toBeCloseTo(FAN_SWEEP / 2);
    const eighth = layout.segments.find((segment) => segment.sosa === 15);
    expect(eighth?.endAngle).toBeCloseTo(FAN_SWEEP / 2);
    expect((eighth?.endAngle ?? 0) - (eighth?.startAngle ?? 0)).toBeCloseTo(FAN_SWEEP / 8);
  });

  it('stops at the generations asked for and sizes the rings outwards', () => {
    const layout = layoutFan(fullPedigree(6), 3);
    expect(Math.max(...layout.segments.map((segment) => segment.generation))).toBe(2);
    expect(layout.radius).toBe(ringRadii(2).outer);
    expect(ringRadii(2).inner).toBe(ringRadii(1).outer);
    expect(layout.bounds.width).toBe(2 * layout.radius);
  });

  it('writes the inner rings along the arc and the narrow outer ones across it', () => {
    const layout = layoutFan(fullPedigree(8), 8);
    const modeOf = (generation: number) =>
      layout.segments.find((segment) => segment.generation === generation)?.textMode;
    expect(modeOf(1)).toBe('arc');
    expect(modeOf(3)).toBe('arc');
    expect(modeOf(5)).toBe('radial');
    expect(modeOf(7)).toBe('radial');
  });

  it('gives a lone mother the mother’s place and draws a repeated ancestor in both places', () => {
    const shared = chartPerson('g', { gender: 'male' });
    const answer = {
      startId: 'c',
      persons: [
        chartPerson('c', { parentIds: ['m'] }),
        chartPerson('m', { gender: 'female', parentIds: ['f2', 'm2'] }),
        chartPerson('f2', { gender: 'male', parentIds: ['g'] }),
        chartPerson('m2', { gender: 'female', parentIds: ['g'] }),
        shared,
      ],
    };
    const layout = layoutFan(answer, 4);
    expect(layout.segments.map((segment) => [segment.sosa, segment.person.id, segment.isRepeat])).toEqual([
      [3, 'm', false],
      [6, 'f2', false],
      [7, 'm2', false],
      [12, 'g', false],
      [14, 'g', true],
    ]);
  });

  it('is empty without the starting person', () => {
    expect(layoutFan({ startId: 'x', persons: [] }, 5)).toMatchObject({ centre: null, segments: [] });
  });
});

describe('fan texts', () => {
  it('wraps a long name at spaces instead of cutting it', () => {
    expect(wrapWords('Anders Petter Johansson Lindqvist', 14)).toEqual(['Anders Petter', 'Johansson', 'Lindqvist']);
    expect(wrapWords('Abcdefghij', 4)).toEqual(['Abcd', 'efgh', 'ij']);
  });

  it('keeps the whole name and the years in a roomy segment, at the largest size that holds them', () => {
    const fitted = fitText('Anders Petter Johansson', '1801–1870', 200, 70);
    expect(fitted.lines.join(' ')).toBe('Anders Petter Johansson 1801–1870');
    expect(fitted.nameLines).toBeGreaterThanOrEqual(1);
    expect(fitted.fontSize).toBe(13);
    const smaller = fitText('Anders Petter Johansson', '1801–1870', 90, 40);
    expect(smaller.lines.slice(0, smaller.nameLines).join(' ')).toBe('Anders Petter Johansson');
    expect(smaller.fontSize).toBeLessThan(13);
  });

  it('gives up the years before the name, and shortens a name only when nothing else holds it', () => {
    const noYears = fitText('Kristina Eriksdotter', '1790–1850', 140, 9);
    expect(noYears.lines).toEqual(['Kristina Eriksdotter']);
    const cut = fitText('Kristina Eriksdotter Lindqvist', null, 20, 4);
    expect(cut.lines).toHaveLength(1);
    expect(cut.lines[0]).toMatch(/…$/);
  });

  it('turns the text on the lower arms so that it is never upside down', () => {
    const [left] = layoutFan(fullPedigree(2), 2).segments;
    if (!left) throw new Error('no segment');
    const placed = placeSegmentText(left, 'Per Berg', '1850–1920');
    const rotation = Number(/rotate\((-?[\d.]+)\)/.exec(placed.transform)?.[1]);
    // The father's half: its middle is at -67.5°, upright text there is turned by that much.
    expect(rotation).toBeCloseTo(-67.5, 1);
  });
});
