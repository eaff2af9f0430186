import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, pageAfterResize } from './page-size.ts';
import { fixedPageSize, type PageSizeChoice, savePageSizeChoice, usePageSizeChoice } from './page-size-choice.ts';

/** Pages with numbered buttons (the default), or one list that loads more as it scrolls. */
export type ListMode = 'pages' | 'scroll';

/** The parameter names the list keeps for itself; filters must use other names. */
const QUERY = 'q';
const PAGE = 'page';
const MODE = 'list';

type Changes = Record<string, string | null>;

interface ParamStore {
  get(name: string): string | null;
  update(changes: Changes): void;
}

function useMemoryStore(): ParamStore {
  const [values, setValues] = useState<Record<string, string>>({});
  return useMemo(
    () => ({
      get: (name) => values[name] ?? null,
      update: (changes) =>
        setValues((previous) => {
          const next = { ...previous };
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) delete next[name];
            else next[name] = value;
          }
          return next;
        }),
    }),
    [values],
  );
}

function useUrlStore(): ParamStore {
  const [params, setParams] = useSearchParams();
  return useMemo(
    () => ({
      get: (name) => params.get(name),
      update: (changes) =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            for (const [name, value] of Object.entries(changes)) {
              if (value === null) next.delete(name);
              else next.set(name, value);
            }
            return next;
          },
          // Typing and paging are not steps the back button should retrace, nor reasons to scroll to the top.
          { replace: true, preventScrollReset: true },
        ),
    }),
    [params, setParams],
  );
}

export interface ListStateOptions<F extends Record<string, string>> {
  /** The filters and their values when none is chosen (`{}` for none); a default is left out of the address. */
  filters: F;
  /**
   * Keep the search, filters, page and list type in the address (`?q=…&page=2`), so that going
   * back to the page returns to the same place and a search can be bookmarked. For a page, not a
   * dialog: two lists on one page would share the parameters.
   */
  inUrl?: boolean;
  initialMode?: ListMode;
}

/** The props of `List` that `useListState` controls. */
export interface ListStateProps {
  query: string;
  onQueryChange: (query: string) => void;
  mode: ListMode;
  onModeChange: (mode: ListMode) => void;
  page: number;
  onPageChange: (page: number) => void;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
  /** The user's page size: fit the screen, or 20, 50 or 100 rows (issue 19, item 15). */
  pageSizeChoice?: PageSizeChoice;
  onPageSizeChoiceChange?: (choice: PageSizeChoice) => void;
}

export interface ListState<F extends Record<string, string>> {
  /** The committed (debounced) search text. */
  query: string;
  /** The filters' values as stored: an edited address can hold anything, so the caller validates them. */
  filters: Readonly<Record<keyof F, string>>;
  /** Sets a filter and goes back to page 1. */
  setFilter: (name: keyof F & string, value: string) => void;
  page: number;
  pageSize: number;
  /** Whether the page size comes from the list's measured height yet; until then it is 5. */
  isMeasured: boolean;
  mode: ListMode;
  /** Spread these onto `List`. */
  listProps: ListStateProps;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The state of a list: search text, filters, page, page size and list type. Changing the search
 * or a filter goes back to page 1 in the same update, so no request is made for a stale page.
 */
export function useListState<F extends Record<string, string>>(options: ListStateOptions<F>): ListState<F> {
  const { inUrl = false, initialMode = 'pages' } = options;
  const memoryStore = useMemoryStore();
  const urlStore = useUrlStore();
  const store = inUrl ? urlStore : memoryStore;
  const [defaults] = useState<F>(options.filters);
  const [measuredPageSize, setMeasuredPageSize] = useState<number | null>(null);

  const query = store.get(QUERY) ?? '';
  const page = readPage(store.get(PAGE));
  const storedMode = store.get(MODE);
  const mode: ListMode = storedMode === 'pages' || storedMode === 'scroll' ? storedMode : initialMode;
  const pageSizeChoice = usePageSizeChoice();
  const fixed = fixedPageSize(pageSizeChoice);
  const pageSize = fixed ?? measuredPageSize ?? DEFAULT_PAGE_SIZE;

  // The same keys as the defaults, each with its stored value or else its default.
  const filters = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, store.get(name) ?? fallback]),
  ) as Record<keyof F, string>;

  const setFilter = useCallback(
    (name: keyof F & string, value: string) =>
      store.update({ [name]: value === defaults[name] ? null : value, [PAGE]: null }),
    [store, defaults],
  );

  const listProps = useMemo<ListStateProps>(
    () => ({
      query,
      onQueryChange: (next) => store.update({ [QUERY]: next.trim() === '' ? null : next, [PAGE]: null }),
      mode,
      onModeChange: (next) => store.update({ [MODE]: next === initialMode ? null : next, [PAGE]: null }),
      page,
      onPageChange: (next) => store.update({ [PAGE]: next <= 1 ? null : String(next) }),
      pageSize,
      onPageSizeChange: (next) => {
        if (next === measuredPageSize) return;
        // The first measurement keeps the page (it may come from the address); later ones keep the first row in view.
        if (measuredPageSize !== null && fixed === null) {
          const nextPage = pageAfterResize(page, measuredPageSize, next);
          if (nextPage !== page) store.update({ [PAGE]: nextPage <= 1 ? null : String(nextPage) });
        }
        setMeasuredPageSize(next);
      },
      pageSizeChoice,
      onPageSizeChoiceChange: (choice) => {
        // The first row shown stays in view.
        const nextSize = fixedPageSize(choice) ?? measuredPageSize ?? DEFAULT_PAGE_SIZE;
        const nextPage = pageAfterResize(page, pageSize, nextSize);
        if (nextPage !== page) store.update({ [PAGE]: nextPage <= 1 ? null : String(nextPage) });
        savePageSizeChoice(choice);
      },
    }),
    [query, mode, page, pageSize, measuredPageSize, store, initialMode, pageSizeChoice, fixed],
  );

  return {
    query,
    filters,
    setFilter,
    page,
    pageSize,
    isMeasured: fixed !== null || measuredPageSize !== null,
    mode,
    listProps,
  };
}
