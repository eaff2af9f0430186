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
  round,
} from '../family-tree/chart-layout.ts';
import { GENERATION_GAP, layoutDescendants } from '../family-tree/descendant-layout.ts';

/** Space between ancestors side by side. */
export const ANCESTOR_GAP = 16;

interface AncestorItem {
  key: string;
  person: ChartPerson;
  isDuplicate: boolean;
  parents: AncestorItem[];
}

/** The ancestors as a tree of items, breadth first, so that an ancestor met twice is drawn in full at the nearer place. */
function ancestorTree(start: ChartPerson, byId: Map<string, ChartPerson>): AncestorItem {
  const root: AncestorItem = { key: start.id, person: start, isDuplicate: false, parents: [] };
  const placed = new Set<string>([start.id]);
  const queue = [root];
  for (let index = 0; index < queue.length; index++) {
    const item = queue[index] as AncestorItem;
    if (item.isDuplicate) continue;
    const parents = item.person.parentIds
      .map((id) => byId.get(id))
      .filter((parent): parent is ChartPerson => parent !== undefined)
      .sort(byGender);
    for (const parent of parents) {
      const isDuplicate = placed.has(parent.id);
      placed.add(parent.id);
      const next = { key: `${parent.id}>${item.key}`, person: parent, isDuplicate, parents: [] };
      item.parents.push(next);
      queue.push(next);
    }
  }
  return root;
}

/**
 * The hourglass (issue 23): the person's ancestors above and descendants below, the person once in
 * the waist. The lower half is the descendant chart's own layout (with partners); the upper half is
 * a tidy tree of the ancestors growing upwards, fathers left of mothers, centred over the person's
 * box. The view opens with the person a little below the top, up to two generations of ancestors
 * above them (`focus`), since a large hourglass does not fit the screen at a readable size.
 */
export function layoutHourglass(
  ancestors: Pick<ChartAnswer, 'startId' | 'persons'>,
  descendants: Pick<ChartAnswer, 'startId' | 'persons'>,
): ChartLayout {
  const lower = layoutDescendants(descendants);
  const startNode = lower.nodes.find((node) => node.isStart);
  const byId = new Map(ancestors.persons.map((person) => [person.id, person]));
  const start = byId.get(ancestors.startId);
  if (!startNode || !start) return emptyLayout;

  const rowStep = BOX_HEIGHT + GENERATION_GAP;
  const laidOut = tree<AncestorItem>()
    .nodeSize([BOX_WIDTH + ANCESTOR_GAP, rowStep])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.15))(
    hierarchy(ancestorTree(start, byId), (item) => item.parents),
  );
  const originX = startNode.x + BOX_WIDTH / 2;
  const originY = startNode.y;

  const nodes: ChartNode[] = [...lower.nodes];
  const links: ChartLink[] = [...lower.links];
  let generationsUp = 0;
  for (const point of laidOut.descendants()) {
    if (!point.parent) continue;
    generationsUp = Math.max(generationsUp, point.depth);
    const centreX = round(originX + point.x);
    const top = originY - point.depth * rowStep;
    nodes.push({
      key: `up:${point.data.key}`,
      person: point.data.person,
      x: round(centreX - BOX_WIDTH / 2),
      y: top,
      isStart: false,
      isDuplicate: point.data.isDuplicate,
    });
    // From the top of the child's box up to the bottom of the parent's.
    const child = point.parent;
    const childX = round(originX + child.x);
    const childTop = originY - child.depth * rowStep;
    const middleY = childTop - GENERATION_GAP / 2;
    links.push({ key: `up:${point.data.key}`, d: `M${childX},${childTop}V${middleY}H${centreX}V${top + BOX_HEIGHT}` });
  }
  const shown = Math.min(2, generationsUp);
  return {
    nodes,
    links,
    bounds: boundsOf(nodes),
    // focusTransform puts this point's box top at the top of the view.
    focus: { x: originX, y: originY - shown * rowStep + BOX_HEIGHT / 2 },
  };
}
