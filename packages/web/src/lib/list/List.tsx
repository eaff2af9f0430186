import { Box, Button, EmptyState, Group, Skeleton, Text } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { ErrorView } from '../ErrorView.tsx';
import classes from './List.module.css';
import { ListPagination } from './ListPagination.tsx';
import { ListTypeToggle } from './ListTypeToggle.tsx';
import { PageSizeSelect } from './PageSizeSelect.tsx';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_MARGIN, pageSizeForHeight } from './page-size.ts';
import { clampPage, countPages } from './pagination-model.ts';
import { SearchBar } from './SearchBar.tsx';
import type { ListStateProps } from './useListState.ts';

/** The class for a row's link or button: fills the row, shows hover and keyboard focus. */
export const listRowActionClass = classes.action;

export interface ListProps<T> extends ListStateProps {
  /** The accessible name of the list, e.g. "Persons". */
  label: string;
  /** Pages: the items of the current page. Scroll: every item loaded so far. */
  items: readonly T[];
  /** How many items the whole list has (all pages); undefined until the first answer. */
  total: number | undefined;
  getKey: (item: T) => string;
  /** One row's content; a link or button in it should carry `listRowActionClass`. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Each row's height in pixels; the page size is how many rows fit the list's height. */
  rowHeight: number;
  /** A short label (an initial letter) shown in a gutter at the first row of each run of equal labels. */
  groupOf?: (item: T) => string;

  /** Nothing to show yet (the first answer is on its way). */
  isPending: boolean;
  /** Newer items are on their way while the shown ones are older (a new page or search). */
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;

  /** Scroll mode: whether there are more items to load, and how. */
  hasMore?: boolean;
  onLoadMore?: () => void;
  isLoadingMore?: boolean;

  searchLabel: string;
  searchPlaceholder?: string;
  /**
   * False leaves the search bar out, when a search box of the page drives `query` (the tree-wide
   * search shows one box above several lists); the list-type toggle stays.
   */
  withSearch?: boolean;
  /** Focus the search bar when the modal around the list opens (a dialog that opens for searching). */
  autoFocusSearch?: boolean;
  /** Filters and other controls, shown under the search bar. */
  toolbar?: ReactNode;
  /** Controls beside the search bar, before the list-type toggle (a button that opens the filters on a phone). */
  searchActions?: ReactNode;
  /** Shown beside the count of results, e.g. a legend. */
  aside?: ReactNode;
  /** Instead of "No results", e.g. "No records". */
  emptyText?: string;
  /** The list never gets fewer rows' height than this; the page then scrolls instead. */
  minRows?: number;
  /**
   * The list's height. Without it the list fills the room left in its parent when that is a flex
   * column (a page laid out to the window's height), and is otherwise as high as `minRows`.
   */
  height?: string | number;
  testId?: string;
}

/** Measures the rows area and reports the page size that fits it: at once, then after resizing settles. */
function useMeasuredPageSize(rowHeight: number, pageSize: number, onPageSizeChange: (pageSize: number) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ pageSize, onPageSizeChange });
  latest.current = { pageSize, onPageSizeChange };

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The first report always goes out: it tells the owner the size is measured, even when it is 5.
    let hasReported = false;
    const report = () => {
      const size = pageSizeForHeight(element.clientHeight, rowHeight);
      if (size !== latest.current.pageSize || !hasReported) latest.current.onPageSizeChange(size);
      hasReported = true;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    report();
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(report, 150);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [rowHeight]);
  return ref;
}

/** Whether the element given to `ref` is within 200 px of the scrolling viewport's end (scroll mode's "load more"). */
function useNearEnd(rootRef: RefObject<HTMLElement | null>, isActive: boolean) {
  // A callback ref, so that a sentinel that is rendered anew is observed anew.
  const [element, ref] = useState<HTMLDivElement | null>(null);
  const [isNearEnd, setNearEnd] = useState(false);
  useEffect(() => {
    if (!element || !isActive) {
      setNearEnd(false);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setNearEnd(entry?.isIntersecting ?? false), {
      root: rootRef.current,
      rootMargin: '0px 0px 200px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootRef, isActive]);
  return { ref, isNearEnd };
}

/** Placeholder rows of varied widths, keyed by their place (they have no other identity). */
function skeletonRows(count: number) {
  return Array.from({ length: count }, (_, place) => ({
    key: `skeleton-${place}`,
    width: `${60 - (place % 3) * 12}%`,
  }));
}

/** Moves focus between rows with the arrow keys, Home and End: one row is one stop. */
function focusRow(list: HTMLElement, from: Element | null, key: string): boolean {
  const actions = [...list.querySelectorAll<HTMLElement>('[data-list-row]')]
    .map((row) => row.querySelector<HTMLElement>('a[href], button:not(:disabled), [tabindex="0"]'))
    .filter((action): action is HTMLElement => action !== null);
  if (actions.length === 0) return false;
  const current = actions.findIndex((action) => action === from || action.contains(from));
  let next: number;
  if (key === 'Home') next = 0;
  else if (key === 'End') next = actions.length - 1;
  else if (key === 'ArrowDown') next = current < 0 ? 0 : Math.min(actions.length - 1, current + 1);
  else if (key === 'ArrowUp') next = current < 0 ? 0 : Math.max(0, current - 1);
  else return false;
  actions[next]?.focus();
  return true;
}

/**
 * The list of SPEC §2 Lists, for persons, events, records, repositories and trees: a search bar
 * and a list-type toggle; pages with numbered buttons (the default), or one list that loads more
 * while scrolling. Paging happens wherever the caller's data comes from (usually the server): the
 * list is told the items, the total and the page, and reports the page size that fits its height.
 */
export function List<T>(props: ListProps<T>) {
  const {
    label,
    items,
    total,
    getKey,
    renderItem,
    rowHeight,
    groupOf,
    isPending,
    isFetching = false,
    error,
    onRetry,
    hasMore = false,
    onLoadMore,
    isLoadingMore = false,
    searchLabel,
    searchPlaceholder,
    withSearch = true,
    autoFocusSearch,
    toolbar,
    searchActions,
    aside,
    emptyText,
    minRows = DEFAULT_PAGE_SIZE,
    height,
    testId = 'list',
    query,
    onQueryChange,
    mode,
    onModeChange,
    page,
    onPageChange,
    pageSize,
    onPageSizeChange,
    pageSizeChoice,
    onPageSizeChoiceChange,
  } = props;
  const { t } = useTranslation();
  const format = useFormat();
  const viewportRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLUListElement>(null);
  const bodyRef = useMeasuredPageSize(rowHeight, pageSize, onPageSizeChange);
  const isScroll = mode === 'scroll';
  const nearEnd = useNearEnd(viewportRef, isScroll && hasMore);
  const pageCount = countPages(total ?? 0, pageSize);

  // A page past the end (the list shrank, an old address): go to the last page there is.
  useEffect(() => {
    if (!isScroll && total !== undefined && !isFetching && page > pageCount) onPageChange(clampPage(page, pageCount));
  }, [isScroll, total, isFetching, page, pageCount, onPageChange]);

  // Scroll mode: load on while the end is in sight (again after each load, if it still is).
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;
  useEffect(() => {
    if (isScroll && nearEnd.isNearEnd && hasMore && !isLoadingMore && !isPending) loadMore.current?.();
  }, [isScroll, nearEnd.isNearEnd, hasMore, isLoadingMore, isPending]);

  // A new page, another search or the other list type starts at its top. (Loading more keeps the first item.)
  const scrollToTop = () => viewportRef.current?.scrollTo({ top: 0 });
  const firstKey = items[0] === undefined ? undefined : getKey(items[0]);
  useEffect(() => {
    if (firstKey !== undefined) viewportRef.current?.scrollTo({ top: 0 });
  }, [firstKey]);
  const changePage = (next: number) => {
    scrollToTop();
    onPageChange(next);
  };
  const changeMode = (next: typeof mode) => {
    scrollToTop();
    onModeChange(next);
  };

  const handleRowKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (!rowsRef.current || event.altKey || event.ctrlKey || event.metaKey) return;
    if (focusRow(rowsRef.current, document.activeElement, event.key)) event.preventDefault();
  };
  const handleSearchKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' || !rowsRef.current) return;
    if (focusRow(rowsRef.current, null, 'Home')) event.preventDefault();
  };

  const summary = (() => {
    if (isPending || total === undefined) return t('shell.loading');
    if (total === 0) return '';
    if (isScroll) return t('list.shownOfTotal', { shown: format.number(items.length), total: format.number(total) });
    const from = (page - 1) * pageSize + 1;
    const to = Math.min(total, from + items.length - 1);
    return t('list.range', { from: format.number(from), to: format.number(to), total: format.number(total) });
  })();

  const renderBody = () => {
    if (error && items.length === 0) {
      return <ErrorView error={error} onRetry={onRetry} />;
    }
    if (isPending) {
      return (
        <Box aria-hidden>
          {skeletonRows(isScroll ? minRows : pageSize).map((row) => (
            <Box key={row.key} className={classes.row} style={{ height: rowHeight }} px="md" py="sm">
              <Skeleton height={rowHeight - 28} radius="sm" width={row.width} />
            </Box>
          ))}
        </Box>
      );
    }
    if (items.length === 0) {
      return (
        <div className={classes.empty}>
          <EmptyState
            size="sm"
            icon={<IconSearchOff aria-hidden size={28} />}
            withIndicatorBackground
            title={emptyText ?? t('list.noResults')}
            description={query.trim() !== '' ? t('list.noResultsHint') : undefined}
            data-testid={`${testId}-empty`}
          />
        </div>
      );
    }
    return (
      <>
        <ul
          ref={rowsRef}
          className={classes.rows}
          aria-label={label}
          onKeyDown={handleRowKeys}
          data-testid={`${testId}-rows`}
        >
          {items.map((item, index) => {
            const group = groupOf?.(item);
            const previous = index > 0 ? items[index - 1] : undefined;
            const isGroupStart = group !== undefined && (previous === undefined || groupOf?.(previous) !== group);
            return (
              <li
                key={getKey(item)}
                className={classes.row}
                style={{ height: rowHeight }}
                data-list-row
                data-group-start={isGroupStart || undefined}
              >
                {groupOf ? (
                  <span
                    className={classes.gutter}
                    aria-hidden
                    data-testid={isGroupStart ? `${testId}-group` : undefined}
                  >
                    {isGroupStart ? group : null}
                  </span>
                ) : null}
                <div className={classes.cell}>{renderItem(item, index)}</div>
              </li>
            );
          })}
        </ul>
        {isScroll && (hasMore || isLoadingMore) ? (
          <div ref={nearEnd.ref} className={classes.loadMore}>
            <Button
              variant="subtle"
              loading={isLoadingMore}
              onClick={() => onLoadMore?.()}
              data-testid={`${testId}-load-more`}
            >
              {t('list.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  };

  return (
    <Box className={classes.root} style={{ height }} data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start" onKeyDown={handleSearchKeys}>
        {withSearch ? (
          <SearchBar
            value={query}
            onSearch={onQueryChange}
            label={searchLabel}
            placeholder={searchPlaceholder}
            autoFocus={autoFocusSearch}
            testId={`${testId}-search`}
          />
        ) : (
          <Box style={{ flex: 1 }} />
        )}
        {searchActions}
        {!isScroll && pageSizeChoice && onPageSizeChoiceChange ? (
          <PageSizeSelect
            value={pageSizeChoice}
            onChange={(choice) => {
              scrollToTop();
              onPageSizeChoiceChange(choice);
            }}
            testId={`${testId}-page-size`}
          />
        ) : null}
        <ListTypeToggle value={mode} onChange={changeMode} testId={`${testId}-type`} />
      </Group>
      {toolbar}
      {/* Always one line for the count (and on a phone one more for the aside), so the rows area keeps its height. */}
      <div className={classes.summaryRow}>
        <Text size="sm" c="dimmed" role="status" className={classes.summary} data-testid={`${testId}-summary`}>
          {summary || '\u00a0'}
        </Text>
        {aside}
      </div>
      {/* The rows area, inside its 1 px border, holds at least `minRows` rows and the margin. */}
      <div ref={bodyRef} className={classes.body} style={{ minHeight: minRows * rowHeight + PAGE_SIZE_MARGIN + 2 }}>
        <div
          ref={viewportRef}
          className={classes.viewport}
          data-busy={(isFetching && !isPending && !isLoadingMore) || undefined}
          aria-busy={isFetching || isPending}
        >
          {renderBody()}
        </div>
      </div>
      {isScroll ? null : (
        <ListPagination
          page={clampPage(page, pageCount)}
          pageCount={pageCount}
          onPageChange={changePage}
          label={t('list.pagination', { list: label })}
          testId={`${testId}-pagination`}
        />
      )}
    </Box>
  );
}
