import type { ChartAnswer, ChartPerson } from '@anor/core';
import { hierarchy, tree } from 'd3-hierarchy';
import {
  BOX_HEIGHT,
  BOX_WIDTH,
  boundsOf,
  type ChartLayout,
  type ChartLink,
  type ChartNode,
  emptyLayout,
  focusOf,
  round,
} from './chart-layout.ts';

/** Space between a descendant and a partner, between families side by side, and between generations. */
export const PARTNER_GAP = 24;
export const SIBLING_GAP = 20;
export const COUSIN_GAP = 44;
export const GENERATION_GAP = 64;

/** A descendant with their partners side by side: one node of the tidy tree. */
interface Family {
  person: ChartPerson;
  /** Partners in the order they are placed: the first right of the person, the second left, the rest further right. */
  partners: { person: ChartPerson; isDuplicate: boolean }[];
  children: Family[];
  /** Index into `partners` of the other parent of each child family; -1 when unknown. */
  childPartner: number[];
  width: number;
}

/** Slot of each partner, counted in boxes from the descendant: 1, -1, 2, 3, … */
function partnerSlot(index: number): number {
  if (index === 0) return 1;
  if (index === 1) return -1;
  return index;
}

const step = BOX_WIDTH + PARTNER_GAP;

/**
 * The descendant chart: the starting person at the top, each generation of descendants one row
 * lower, each descendant with their partners beside them and the children of each couple hanging
 * from the line between the two. A descendant reached through two parents (cousins who married) is
 * drawn once, under the first; a person who is a partner more than once is drawn again as a
 * reference box.
 */
export function layoutDescendants(answer: Pick<ChartAnswer, 'startId' | 'persons'>): ChartLayout {
  const byId = new Map(answer.persons.map((person) => [person.id, person]));
  const start = byId.get(answer.startId);
  if (!start) return emptyLayout;

  const isDescendant = (person: ChartPerson) => !person.isPartner || person.id === start.id;
  const childrenByParent = new Map<string, ChartPerson[]>();
  for (const person of answer.persons) {
    if (person.id === start.id || !isDescendant(person)) continue;
    for (const parentId of person.parentIds) {
      const list = childrenByParent.get(parentId);
      if (list) list.push(person);
      else childrenByParent.set(parentId, [person]);
    }
  }

  const placed = new Set<string>([start.id]);
  const shownAsPartner = new Set<string>();
  const makeFamily = (person: ChartPerson): Family => ({
    person,
    partners: [],
    children: [],
    childPartner: [],
    width: BOX_WIDTH,
  });
  const root = makeFamily(start);
  const queue: Family[] = [root];
  for (let index = 0; index < queue.length; index++) {
    const family = queue[index] as Family;
    const { person } = family;
    const children = (childrenByParent.get(person.id) ?? []).filter((child) => !placed.has(child.id));
    // Partners: the registered ones, then any other parent of a child.
    const partnerIds = [...person.partnerIds];
    for (const child of children) {
      for (const parentId of child.parentIds) {
        if (parentId !== person.id && !partnerIds.includes(parentId)) partnerIds.push(parentId);
      }
    }
    for (const partnerId of partnerIds) {
      const partner = byId.get(partnerId);
      if (!partner) continue;
      // A partner who is also a descendant, or already beside someone else, is drawn here as a reference.
      const isDuplicate = isDescendant(partner) || shownAsPartner.has(partner.id);
      shownAsPartner.add(partner.id);
      family.partners.push({ person: partner, isDuplicate });
    }
    const partnerIndex = (child: ChartPerson) =>
      family.partners.findIndex((partner) => child.parentIds.includes(partner.person.id));
    // Children of the left partner first, then those without a known other parent, then the right, and so on.
    const order = (slotIndex: number) => (slotIndex === -1 ? 0 : partnerSlot(slotIndex));
    const sorted = children
      .map((child, position) => ({ child, position, partner: partnerIndex(child) }))
      .sort((a, b) => order(a.partner) - order(b.partner) || a.position - b.position);
    for (const { child, partner } of sorted) {
      placed.add(child.id);
      const childFamily = makeFamily(child);
      family.children.push(childFamily);
      family.childPartner.push(partner);
      queue.push(childFamily);
    }
    family.width = BOX_WIDTH + family.partners.length * step;
  }

  const laidOut = tree<Family>()
    .nodeSize([1, BOX_HEIGHT + GENERATION_GAP])
    .separation((a, b) => (a.data.width + b.data.width) / 2 + (a.parent === b.parent ? SIBLING_GAP : COUSIN_GAP))(
    hierarchy(root, (family) => family.children),
  );

  const nodes: ChartNode[] = [];
  const links: ChartLink[] = [];
  // Where each family's descendant box ends up, to hang the children from their parents.
  const anchor = new Map<Family, { personX: number; partnerX: number[]; y: number }>();
  for (const point of laidOut.descendants()) {
    const family = point.data;
    const hasLeftPartner = family.partners.length >= 2;
    const left = point.x - family.width / 2;
    const personX = round(left + (hasLeftPartner ? step : 0));
    const y = point.y;
    nodes.push({
      key: family.person.id,
      person: family.person,
      x: personX,
      y,
      isStart: point.parent === null,
      isDuplicate: false,
    });
    const partnerX: number[] = [];
    family.partners.forEach((partner, index) => {
      const slot = partnerSlot(index);
      const x = round(personX + slot * step);
      partnerX.push(x);
      nodes.push({
        key: partner.isDuplicate ? `${partner.person.id}+${family.person.id}` : partner.person.id,
        person: partner.person,
        x,
        y,
        isStart: false,
        isDuplicate: partner.isDuplicate,
      });
      // The couple line joins the partner to the box beside it, towards the descendant.
      const middleY = y + BOX_HEIGHT / 2;
      const from = slot > 0 ? x - PARTNER_GAP : x + BOX_WIDTH;
      links.push({
        key: `${family.person.id}=${partner.person.id}`,
        d: `M${from},${middleY}H${slot > 0 ? x : from + PARTNER_GAP}`,
        isCouple: true,
      });
    });
    anchor.set(family, { personX, partnerX, y });

    const parent = point.parent;
    if (parent) {
      const parentAnchor = anchor.get(parent.data);
      if (parentAnchor) {
        const index = parent.data.children.indexOf(family);
        const partner = parent.data.childPartner[index] ?? -1;
        const bottom = parentAnchor.y + BOX_HEIGHT;
        let fromX: number;
        let fromY: number;
        if (partner === -1) {
          fromX = parentAnchor.personX + BOX_WIDTH / 2;
          fromY = bottom;
        } else {
          const slot = partnerSlot(partner);
          const partnerLeft = parentAnchor.partnerX[partner] ?? parentAnchor.personX;
          // Adjacent couples share the gap between their boxes; a partner further away gets the line from their own box.
          fromX =
            Math.abs(slot) === 1
              ? slot > 0
                ? partnerLeft - PARTNER_GAP / 2
                : partnerLeft + BOX_WIDTH + PARTNER_GAP / 2
              : partnerLeft + BOX_WIDTH / 2;
          fromY = Math.abs(slot) === 1 ? parentAnchor.y + BOX_HEIGHT / 2 : bottom;
        }
        const toX = round(personX + BOX_WIDTH / 2);
        const middleY = bottom + GENERATION_GAP / 2;
        links.push({
          key: `${parent.data.person.id}-${family.person.id}`,
          d: `M${round(fromX)},${fromY}V${middleY}H${toX}V${y}`,
        });
      }
    }
  }
  // The view opens on the starting person's family (the person with their partners), centred.
  return {
    nodes,
    links,
    bounds: boundsOf(nodes),
    focus: { x: laidOut.x, y: focusOf(nodes).y },
    focusWidth: root.width,
  };
}
