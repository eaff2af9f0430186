import type { TreeInfo } from '@anor/core';

export const treeSorts = ['name', 'changed', 'created', 'size'] as const;
export type TreeSort = (typeof treeSorts)[number];

/** From this many trees on, the list has a search field and a sort choice (issue 19 item 17). */
export const TREE_TOOLS_FROM = 4;

const collator = new Intl.Collator('sv');

/** Search terms split on spaces; every one must be in the tree's name, case-insensitively (SPEC §2 Lists). */
export function filterTrees(trees: readonly TreeInfo[], query: string): TreeInfo[] {
  const terms = query.toLocaleLowerCase('sv').split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...trees];
  return trees.filter((tree) => {
    const name = tree.name.toLocaleLowerCase('sv');
    return terms.every((term) => name.includes(term));
  });
}

/** By name (Swedish order), last changed first, newest first, or largest first; the name breaks ties. */
export function sortTrees(trees: readonly TreeInfo[], sort: TreeSort): TreeInfo[] {
  const byName = (a: TreeInfo, b: TreeInfo) => collator.compare(a.name, b.name);
  const compare: Record<TreeSort, (a: TreeInfo, b: TreeInfo) => number> = {
    name: byName,
    changed: (a, b) => b.updatedAt.localeCompare(a.updatedAt) || byName(a, b),
    created: (a, b) => b.createdAt.localeCompare(a.createdAt) || byName(a, b),
    size: (a, b) => b.total - a.total || byName(a, b),
  };
  return [...trees].sort(compare[sort]);
}

export function isTreeSort(value: string | null): value is TreeSort {
  return value !== null && (treeSorts as readonly string[]).includes(value);
}
