/** One step of a place's breadcrumb: an ancestor (a link) or the place itself. */
export interface BreadcrumbItem {
  kind: 'ancestor' | 'current' | 'gap';
  id: string;
  name: string;
  /** For a gap: the ancestors it stands for, root first. */
  hidden?: { id: string; name: string }[];
}

/**
 * The breadcrumb of SPEC §2: the ancestors, root first, then the place. A long chain keeps its
 * first ancestor and the last ones and folds the middle into one gap, so that it fits one line
 * on a phone; the gap still lists the folded places.
 */
export function buildBreadcrumb(
  ancestors: readonly { id: string; name: string }[],
  current: { id: string; name: string } | null,
  maxAncestors = Number.POSITIVE_INFINITY,
): BreadcrumbItem[] {
  const shown = Math.max(2, maxAncestors);
  const items: BreadcrumbItem[] = [];
  if (ancestors.length <= shown) {
    for (const ancestor of ancestors) items.push({ kind: 'ancestor', id: ancestor.id, name: ancestor.name });
  } else {
    const [first, ...rest] = ancestors;
    const tail = rest.slice(rest.length - (shown - 1));
    const hidden = rest.slice(0, rest.length - (shown - 1));
    if (first) items.push({ kind: 'ancestor', id: first.id, name: first.name });
    items.push({ kind: 'gap', id: `gap-${hidden[0]?.id ?? ''}`, name: '…', hidden });
    for (const ancestor of tail) items.push({ kind: 'ancestor', id: ancestor.id, name: ancestor.name });
  }
  if (current) items.push({ kind: 'current', id: current.id, name: current.name });
  return items;
}

/** A place with its ancestors as one line, nearest first: "Sunne, Värmland, Sverige" (how places are typed). */
export function placeText(name: string, ancestors: readonly { name: string }[]): string {
  return [name, ...ancestors.map((ancestor) => ancestor.name).reverse()].join(', ');
}
