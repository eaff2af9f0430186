import { useEffect } from 'react';

/** Sets the browser tab's title for the page, so screen reader users hear where they arrived. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Anor` : 'Anor';
  }, [title]);
}
