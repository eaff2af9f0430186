import { createContext, lazy, type ReactNode, useContext, useMemo, useState } from 'react';
import { WhenOpened } from '../../lib/WhenOpened.tsx';
import type { LocationDialogTarget } from './LocationDialog.tsx';
import type { PreparedLocation } from './location-form.ts';

interface LocationDialogContextValue {
  /** Opens the location dialog on a place of the provider's tree. */
  openLocationDialog: (locationId: string) => void;
  /** Opens the location dialog on a new place, with what it starts with (a name, a parent). */
  openNewLocationDialog: (prepared?: PreparedLocation) => void;
}

/** Loaded when first opened, so that the pages that offer it do not download it with themselves (issue 25). */
const LocationDialog = lazy(async () => ({ default: (await import('./LocationDialog.tsx')).LocationDialog }));

const LocationDialogContext = createContext<LocationDialogContextValue | null>(null);

/**
 * Gives the views of one tree one shared location dialog: wrap the view in it, then call
 * `useLocationDialog().openLocationDialog(id)` wherever a place is shown (an event's place, a
 * list, a map).
 */
export function LocationDialogProvider({ treeId, children }: { treeId: string; children: ReactNode }) {
  const [target, setTarget] = useState<LocationDialogTarget>(null);
  const value = useMemo<LocationDialogContextValue>(
    () => ({
      openLocationDialog: (locationId) => setTarget({ kind: 'existing', locationId }),
      openNewLocationDialog: (prepared = {}) => setTarget({ kind: 'new', prepared, key: Date.now() }),
    }),
    [],
  );
  return (
    <LocationDialogContext value={value}>
      {children}
      <WhenOpened isOpen={target !== null}>
        <LocationDialog
          treeId={treeId}
          target={target}
          onClose={() => setTarget(null)}
          onNew={value.openNewLocationDialog}
        />
      </WhenOpened>
    </LocationDialogContext>
  );
}

export function useLocationDialog(): LocationDialogContextValue {
  const context = useContext(LocationDialogContext);
  if (!context) throw new Error('useLocationDialog needs a LocationDialogProvider around it');
  return context;
}
