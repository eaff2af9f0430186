import type { ChartAnswer, ChartPerson } from '@anor/core';
import { hierarchy, tree } from 'd3-hierarchy';
import {
  BOX_HEIGHT,
  BOX_WIDTH,
  boundsOf,
  byGender,
  type ChartLayout,
  type ChartLink,
  type ChartNode,
  emptyLayout,
  focusOf,
  round,
} from './chart-layout.ts';

/** Space between generations (columns) and between boxes of one column. */
export const PEDIGREE_COLUMN_GAP = 56;
export const PEDIGREE_ROW_GAP = 14;

interface PedigreeItem {
  key: string;
  person: ChartPerson;
  isDuplicate: boolean;
  parents: PedigreeItem[];
}

/**
 * The pedigree (ancestor chart): the starting person on the left, each generation of ancestors
 * one column further right, fathers above mothers, laid out as a tidy tree so that missing
 * branches take no room. The API sends each ancestor once (pedigree collapse); a person reached a
 * second time is drawn as a reference box whose own ancestors are not repeated.
 */
export function layoutPedigree(answer: Pick<ChartAnswer, 'startId' | 'persons'>): ChartLayout {
  const byId = new Map(answer.persons.map((person) => [person.id, person]));
  const start = byId.get(answer.startId);
  if (!start) return emptyLayout;

  const placed = new Set<string>([start.id]);
  const root: PedigreeItem = { key: start.id, person: start, isDuplicate: false, parents: [] };
  // Breadth first, so a collapsed ancestor is drawn in full at its nearest generation.
  const queue: PedigreeItem[] = [root];
  for (let index = 0; index < queue.length; index++) {
    const item = queue[index] as PedigreeItem;
    if (item.isDuplicate) continue;
    const parents = item.person.parentIds
      .map((id) => byId.get(id))
      .filter((parent): parent is ChartPerson => parent !== undefined)
      .sort(byGender);
    for (const parent of parents) {
      const isDuplicate = placed.has(parent.id);
      placed.add(parent.id);
      const child: PedigreeItem = {
        key: isDuplicate ? `${parent.id}>${item.key}` : parent.id,
        person: parent,
        isDuplicate,
        parents: [],
      };
      item.parents.push(child);
      queue.push(child);
    }
  }

  const laidOut = tree<PedigreeItem>()
    .nodeSize([BOX_HEIGHT + PEDIGREE_ROW_GAP, BOX_WIDTH + PEDIGREE_COLUMN_GAP])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.2))(hierarchy(root, (item) => item.parents));

  const nodes: ChartNode[] = [];
  const links: ChartLink[] = [];
  for (const point of laidOut.descendants()) {
    // The tidy tree grows downwards; turned a quarter, depth becomes the column.
    const x = point.y;
    const y = round(point.x - BOX_HEIGHT / 2);
    nodes.push({
      key: point.data.key,
      person: point.data.person,
      x,
      y,
      isStart: point.parent === null,
      isDuplicate: point.data.isDuplicate,
    });
    const child = point.parent;
    if (child) {
      const fromX = child.y + BOX_WIDTH;
      const fromY = round(child.x);
      const middleX = fromX + PEDIGREE_COLUMN_GAP / 2;
      links.push({
        key: `${child.data.key}-${point.data.key}`,
        d: `M${fromX},${fromY}H${middleX}V${round(point.x)}H${x}`,
      });
    }
  }
  // A phone opens with the person and the parents' column side by side.
  const focusWidth = laidOut.children ? 2 * BOX_WIDTH + PEDIGREE_COLUMN_GAP : BOX_WIDTH;
  return { nodes, links, bounds: boundsOf(nodes), focus: focusOf(nodes), focusWidth };
}
