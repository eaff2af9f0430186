import type { Location } from '@anor/core';

/**
 * What deleting a place can do (SPEC §4):
 * - `confirm`: a place with nothing below it is deleted after one confirmation;
 * - `all`: the place and every place below it;
 * - `only`: only the place, its children move up to its parent (or become top-level places);
 * - `disconnect`: nothing is deleted, the place (with what lies below it) no longer lies within
 *   its parent. Offered only when it has a parent.
 */
export type DeleteChoice = 'confirm' | 'all' | 'only' | 'disconnect';

export function deleteChoices(location: Pick<Location, 'descendantsCount' | 'parentId'>): DeleteChoice[] {
  if (location.descendantsCount === 0) return ['confirm'];
  const choices: DeleteChoice[] = ['all', 'only'];
  if (location.parentId !== null) choices.push('disconnect');
  return choices;
}

/** How many places a choice deletes. */
export function deletedCount(location: Pick<Location, 'descendantsCount'>, choice: DeleteChoice): number {
  if (choice === 'disconnect') return 0;
  if (choice === 'all') return location.descendantsCount + 1;
  return 1;
}
