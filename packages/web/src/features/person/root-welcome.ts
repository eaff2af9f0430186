import type { MainNodesAnswer, Person } from '@anor/core';

/**
 * The root-person welcome (SPEC §2's intro modal, issue 19 item 19): it greets the owner of a tree
 * that was just created and holds nothing but its empty root. An imported tree, or any person without
 * a name in a tree that has more in it, never gets it; and once closed it stays closed in this tab.
 */
export function needsRootWelcome(person: Person, mainNodes: MainNodesAnswer): boolean {
  if (!mainNodes.canEdit) return false;
  const isRoot = person.isRoot || mainNodes.rootId === person.id;
  const nameless = person.fName === null && person.pName === null && person.lName === null;
  const treeIsNew =
    mainNodes.personsAmount === 1 &&
    mainNodes.eventsAmount === 0 &&
    mainNodes.locationsAmount === 0 &&
    mainNodes.sourcesAmount === 0;
  const alone =
    person.parentIds.length === 0 &&
    person.childIds.length === 0 &&
    person.partnerIds.length === 0 &&
    person.siblingIds.length === 0;
  return isRoot && nameless && treeIsNew && alone && !isWelcomeDismissed(mainNodes.treeId);
}

const dismissedKey = (treeId: string) => `anor.welcomeClosed.${treeId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function isWelcomeDismissed(treeId: string): boolean {
  return storage()?.getItem(dismissedKey(treeId)) === '1';
}

export function dismissWelcome(treeId: string): void {
  storage()?.setItem(dismissedKey(treeId), '1');
}
