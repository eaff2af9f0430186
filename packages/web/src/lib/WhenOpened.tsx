import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts a lazily loaded dialog (`React.lazy`) from its first opening on, and keeps it mounted:
 * the page does not download it with itself (issue 25), the click that opens it opens it once its
 * chunk is there, and later it closes with its transition and opens again without loading.
 */
export function WhenOpened({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const [hasOpened, setHasOpened] = useState(isOpen);
  // Adjusting state while rendering (React's pattern for state derived from props): no extra commit.
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen ? <Suspense fallback={null}>{children}</Suspense> : null;
}
