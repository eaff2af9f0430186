import { useSyncExternalStore } from 'react';

/**
 * The user's page size for every paged list (issue 19, item 15): as many rows as fit the list's
 * height (the default, SPEC §2), or a fixed 20, 50 or 100 rows that scroll within the list. Kept in
 * this browser like the language choice.
 */
export const PAGE_SIZE_CHOICE_KEY = 'anor.pageSize';
export const pageSizeChoices = ['fit', '20', '50', '100'] as const;
export type PageSizeChoice = (typeof pageSizeChoices)[number];

const listeners = new Set<() => void>();
let fallbackChoice: PageSizeChoice = 'fit';

export function isPageSizeChoice(value: string | null): value is PageSizeChoice {
  return pageSizeChoices.some((choice) => choice === value);
}

export function readPageSizeChoice(): PageSizeChoice {
  try {
    const value = localStorage.getItem(PAGE_SIZE_CHOICE_KEY);
    return isPageSizeChoice(value) ? value : fallbackChoice;
  } catch {
    return fallbackChoice;
  }
}

export function savePageSizeChoice(choice: PageSizeChoice): void {
  fallbackChoice = choice;
  try {
    localStorage.setItem(PAGE_SIZE_CHOICE_KEY, choice);
  } catch {
    // Without storage the choice holds until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PAGE_SIZE_CHOICE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePageSizeChoice(): PageSizeChoice {
  return useSyncExternalStore(subscribe, readPageSizeChoice, () => 'fit' as const);
}

/** The fixed page size of a choice; null for "fit the screen". */
export function fixedPageSize(choice: PageSizeChoice): number | null {
  return choice === 'fit' ? null : Number(choice);
}
