import { Box, Pagination } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PaginationLayout, pageItems, paginationLayout } from './pagination-model.ts';

interface ListPaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** The name of the navigation landmark, e.g. "Pages of the person list". */
  label: string;
  disabled?: boolean;
  testId?: string;
}

/** Watches the width of an element and answers the pagination layout that fits it. */
function usePaginationLayout(pageCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Until measured, the narrowest useful bar: it never overflows a phone.
  const layout: PaginationLayout =
    width === null ? { withEdges: false, pageSlots: 5 } : paginationLayout(width, pageCount);
  return { ref, layout };
}

/**
 * Previous and next, first and last when they fit, and numbered buttons with ellipses: as many as
 * the width allows (SPEC §2 Lists). Empty when there is only one page.
 */
export function ListPagination({ page, pageCount, onPageChange, label, disabled, testId }: ListPaginationProps) {
  const { t } = useTranslation();
  const { ref, layout } = usePaginationLayout(pageCount);
  const items = pageItems(page, pageCount, layout.pageSlots);

  // The bar keeps its height (Mantine's md control, 2rem) before the total is known and with one page,
  // so the rows area above it, and with it the page size, does not change when the bar appears.
  return (
    <Box ref={ref} w="100%" mih="2rem">
      {pageCount > 1 ? (
        <Box component="nav" aria-label={label} data-testid={testId}>
          <Pagination.Root
            total={pageCount}
            value={page}
            onChange={onPageChange}
            disabled={disabled}
            size="md"
            style={{ display: 'flex', justifyContent: 'center', flexWrap: 'nowrap', gap: 6 }}
          >
            {layout.withEdges ? (
              <Pagination.First aria-label={t('list.firstPage')} data-testid={testId ? `${testId}-first` : undefined} />
            ) : null}
            <Pagination.Previous
              aria-label={t('list.previousPage')}
              data-testid={testId ? `${testId}-previous` : undefined}
            />
            {items.map((item) =>
              item.type === 'ellipsis' ? (
                <Pagination.Dots key={`ellipsis-${item.position}`} aria-hidden />
              ) : (
                <Pagination.Control
                  key={item.page}
                  active={item.page === page}
                  aria-current={item.page === page ? 'page' : undefined}
                  aria-label={t('list.pageNumber', { page: item.page })}
                  onClick={() => onPageChange(item.page)}
                  data-testid={testId ? `${testId}-page` : undefined}
                  data-page={item.page}
                >
                  {item.page}
                </Pagination.Control>
              ),
            )}
            <Pagination.Next aria-label={t('list.nextPage')} data-testid={testId ? `${testId}-next` : undefined} />
            {layout.withEdges ? (
              <Pagination.Last aria-label={t('list.lastPage')} data-testid={testId ? `${testId}-last` : undefined} />
            ) : null}
          </Pagination.Root>
        </Box>
      ) : null}
    </Box>
  );
}
