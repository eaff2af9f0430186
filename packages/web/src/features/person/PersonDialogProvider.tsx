import { createContext, lazy, type ReactNode, useContext, useMemo, useState } from 'react';
import { WhenOpened } from '../../lib/WhenOpened.tsx';

/** Loaded when first opened, so that the views that offer it do not download it with themselves (issue 25). */
const PersonDialog = lazy(async () => ({ default: (await import('./PersonDialog.tsx')).PersonDialog }));

interface PersonDialogContextValue {
  /** Opens the compact person dialog on a person of the provider's tree. */
  openPersonDialog: (personId: string) => void;
}

const PersonDialogContext = createContext<PersonDialogContextValue | null>(null);

/**
 * Gives the views of one tree (person page, family-tree chart, lists) one shared person dialog:
 * wrap the view in it, then call `usePersonDialog().openPersonDialog(id)` wherever a person is shown.
 */
export function PersonDialogProvider({ treeId, children }: { treeId: string; children: ReactNode }) {
  const [personId, setPersonId] = useState<string | null>(null);
  const value = useMemo(() => ({ openPersonDialog: setPersonId }), []);
  return (
    <PersonDialogContext value={value}>
      {children}
      <WhenOpened isOpen={personId !== null}>
        <PersonDialog treeId={treeId} personId={personId} onClose={() => setPersonId(null)} />
      </WhenOpened>
    </PersonDialogContext>
  );
}

export function usePersonDialog(): PersonDialogContextValue {
  const context = useContext(PersonDialogContext);
  if (!context) throw new Error('usePersonDialog needs a PersonDialogProvider around it');
  return context;
}
