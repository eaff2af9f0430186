import { lazy, Suspense, useState } from 'react';
import { useIsGlobalErrorOpen } from './global-error.ts';

// Mantine's Modal (with its focus trap, scroll lock and transitions, some 20 KB gzipped) is not part
// of the first page: the dialog loads the first time it is needed. A page that failed to load it
// (offline) lands on the route's error page, which says the same.
const GlobalErrorModal = lazy(async () => ({ default: (await import('./GlobalErrorModal.tsx')).GlobalErrorModal }));

/** "An error occurred. Please try again or contact us." (SPEC §2, §8), from the first error on. */
export function GlobalErrorDialog() {
  const isOpen = useIsGlobalErrorOpen();
  const [isNeeded, setIsNeeded] = useState(isOpen);
  // Once loaded it stays, so that it closes with its transition like any other modal.
  if (isOpen && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <GlobalErrorModal />
    </Suspense>
  );
}
