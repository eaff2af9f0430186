import type { ChildSummary, PersonSummary } from '@anor/core';

export interface ChildGroup {
  key: string;
  otherParent: PersonSummary | null;
  children: ChildSummary[];
}

/** One group per other parent, in the order the server gives them, then the children whose other parent is unknown. */
export function groupChildren(children: ChildSummary[], otherParents: PersonSummary[]): ChildGroup[] {
  const known = new Set(otherParents.map((parent) => parent.id));
  const groups: ChildGroup[] = otherParents.map((parent) => ({
    key: parent.id,
    otherParent: parent,
    children: children.filter((child) => child.otherParentId === parent.id),
  }));
  const unknown = children.filter((child) => child.otherParentId === null || !known.has(child.otherParentId));
  if (unknown.length > 0) groups.push({ key: 'unknown', otherParent: null, children: unknown });
  return groups.filter((group) => group.children.length > 0);
}
