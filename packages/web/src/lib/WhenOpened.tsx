import { type ReactNode, Suspense, useLayoutEffect, useRef, useState } from 'react';

/**
 * Mounts a lazily loaded dialog (`React.lazy`) from its first opening on, and keeps it mounted:
 * the page does not download it with itself (issue 25), the click that opens it opens it once its
 * chunk is there, and later it closes with its transition and opens again without loading.
 *
 * The first opening mounts the dialog already open, and Mantine's modal remembers the control to
 * give the focus back to only when its `opened` changes (`useFocusReturn`): so for that first
 * opening it is remembered and given back here, as Mantine does it (after its 10 ms, unless the
 * focus went somewhere else meanwhile). From the second opening on, Mantine does it itself.
 */
export function WhenOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(isOpen);
  // Adjusting state while rendering (React's pattern for state derived from props): no extra commit.
  if (isOpen && !hasOpened) setHasOpened(true);

  const opener = useRef<Element | null>(null);
  const firstClosed = useRef(false);
  useLayoutEffect(() => {
    if (firstClosed.current) return;
    if (isOpen) {
      // Before the dialog is there (its chunk is still loading): the focus is on what opened it.
      opener.current ??= document.activeElement;
      return;
    }
    const returnTo = opener.current;
    if (!returnTo) return;
    firstClosed.current = true;
    const focusedAtClose = document.activeElement;
    const timeout = window.setTimeout(() => {
      const focused = document.activeElement;
      if (
        (focused === null || focused === document.body || focused === focusedAtClose) &&
        returnTo instanceof HTMLElement
      ) {
        returnTo.focus({ preventScroll: true });
      }
    }, 10);
    return () => window.clearTimeout(timeout);
  }, [isOpen]);

  return hasOpened || isOpen ? <Suspense fallback={null}>{children}</Suspense> : null;
}
