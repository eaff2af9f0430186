/** What the tree-wide search looks through, in the order of its tabs (SPEC §2 search). */
export const searchTypes = ['persons', 'events', 'places', 'records', 'repositories', 'notes', 'citations'] as const;
export type SearchType = (typeof searchTypes)[number];

/** How many hits each type has; undefined while its count is on its way (or failed). */
export type SearchCounts = Readonly<Record<SearchType, number | undefined>>;

export function isSearchType(value: string): value is SearchType {
  return searchTypes.some((type) => type === value);
}

/**
 * The search text as the list endpoints take it: trimmed, with runs of spaces made one (the server
 * splits the terms on spaces, and every term must match); undefined when nothing is left.
 */
export function searchText(query: string): string | undefined {
  const text = query.trim().replace(/\s+/g, ' ');
  return text === '' ? undefined : text;
}

/**
 * The tab to show: the one chosen (kept in the address), or else the first type that has hits.
 * While the counts before that type are still on their way, the tab shown before stays, so that
 * the list does not jump to a type only to leave it when its count arrives; with no hits anywhere
 * it is the persons.
 */
export function activeSearchType(chosen: string, counts: SearchCounts, previous: SearchType = 'persons'): SearchType {
  if (isSearchType(chosen)) return chosen;
  const first = searchTypes.find((type) => counts[type] !== 0);
  if (first === undefined) return 'persons';
  return counts[first] === undefined ? previous : first;
}

/** Whether every count is in and none found anything. */
export function hasNoHits(counts: SearchCounts): boolean {
  return searchTypes.every((type) => counts[type] === 0);
}
