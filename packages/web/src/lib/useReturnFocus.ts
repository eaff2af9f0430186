import { useCallback, useState } from 'react';

/**
 * For a modal that mounts already open (its provider renders one per opening): Mantine gives the
 * focus back only when `opened` turns false after having turned true, which such a modal never
 * sees. This notes the control that had the focus when the modal first rendered, the one that
 * opened it, and gives it back: call it when the modal has closed (`onExitTransitionEnd`).
 */
export function useReturnFocus(): () => void {
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return useCallback(() => {
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  }, [opener]);
}
