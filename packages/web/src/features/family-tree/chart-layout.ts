import type { ChartPerson } from '@anor/core';

/**
 * The shared geometry of the ancestor and descendant charts. Layouts are pure functions from the
 * API's chart answer to positioned boxes and ready-made link paths, so the component only draws
 * them, and tests can check positions without a browser.
 */

export const BOX_WIDTH = 220;
/**
 * Room for the name on two lines (three smaller ones when long), the life years with the
 * birthplace, the occupation, and a portrait at the left (chart-box-text.ts). Every box has the
 * same size, so that the layouts stay regular.
 */
export const BOX_HEIGHT = 88;

export interface ChartNode {
  /** Unique within the layout: the person id, or for a person shown again (pedigree collapse) a longer key. */
  key: string;
  person: ChartPerson;
  /** Top-left corner of the box. */
  x: number;
  y: number;
  isStart: boolean;
  /** The person is drawn elsewhere in the chart too; this box only refers to them and is not expanded. */
  isDuplicate: boolean;
}

export interface ChartLink {
  key: string;
  /** An SVG path. */
  d: string;
  /** A partner connector rather than a parent-child line. */
  isCouple?: boolean;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  nodes: ChartNode[];
  links: ChartLink[];
  /** The smallest rectangle holding every box. */
  bounds: Bounds;
  /** The centre of the starting person's box, where the view opens. */
  focus: { x: number; y: number };
  /** The width around the focus that the opening view keeps whole (the person with the parents' column, or with the partners). */
  focusWidth?: number;
}

export const emptyLayout: ChartLayout = {
  nodes: [],
  links: [],
  bounds: { x: 0, y: 0, width: 0, height: 0 },
  focus: { x: 0, y: 0 },
};

export function boundsOf(nodes: readonly ChartNode[]): Bounds {
  if (nodes.length === 0) return emptyLayout.bounds;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const node of nodes) {
    minX = Math.min(minX, node.x);
    minY = Math.min(minY, node.y);
    maxX = Math.max(maxX, node.x + BOX_WIDTH);
    maxY = Math.max(maxY, node.y + BOX_HEIGHT);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The centre of the starting person's box. */
export function focusOf(nodes: readonly ChartNode[]): { x: number; y: number } {
  const start = nodes.find((node) => node.isStart);
  return start ? { x: start.x + BOX_WIDTH / 2, y: start.y + BOX_HEIGHT / 2 } : { x: 0, y: 0 };
}

/** Rounds to a tenth of a pixel: shorter path strings, no visible difference. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

const genderOrder = { male: 0, unknown: 1, other: 1, female: 2 } as const;

/** Fathers before mothers (above them in a pedigree), the rest in between; otherwise the API's order. */
export function byGender(a: ChartPerson, b: ChartPerson): number {
  return genderOrder[a.gender] - genderOrder[b.gender];
}
