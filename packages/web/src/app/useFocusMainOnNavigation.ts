import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the app the focus moves to the page's main region, as a page load
 * starts at the top: otherwise it stays on the link that was followed, or, when that link is gone
 * with its page, the next Tab starts from wherever it was. A page that focused a field of its own
 * (the tree list's name field) keeps it, so does a dialog that stays open; the first page of a
 * visit is left alone (the skip link comes first there).
 */
export function useFocusMainOnNavigation(mainId: string): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const main = document.getElementById(mainId);
    const focused = document.activeElement;
    if (!main || main.contains(focused) || focused?.closest('[role="dialog"]')) return;
    main.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
