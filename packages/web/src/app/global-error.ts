import { useSyncExternalStore } from 'react';

/**
 * The state of the global error dialog, kept outside React so that the query cache (which lives
 * outside the component tree) can open it.
 */
let isOpen = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showGlobalError(): void {
  if (isOpen) return;
  isOpen = true;
  emit();
}

export function closeGlobalError(): void {
  if (!isOpen) return;
  isOpen = false;
  emit();
}

export function useIsGlobalErrorOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  );
}
