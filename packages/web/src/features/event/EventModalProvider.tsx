import type { Event, EventType } from '@anor/core';
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import type { EventModalTarget } from './EventModal.tsx';

/**
 * The modal with the editor, the participant and source dialogs: loaded when first opened, so that
 * the pages that offer it (the person page first) do not download it with themselves (issue 25).
 */
const EventModal = lazy(async () => ({ default: (await import('./EventModal.tsx')).EventModal }));

export interface OpenNewEventOptions {
  /** The person the event is opened from: preset as primary participant (residence: role chosen by the user). */
  personId?: string;
  /** Skip the type picker. */
  type?: EventType;
  /** More participants to preset, e.g. [{ personId, role: 'parent' }]. */
  participants?: { personId: string; role: string }[];
  /** A place to preset. */
  locationId?: string;
}

export interface EventModalControls {
  /** Opens the type picker (or with `type` the editor) on a new event. */
  openNew(options?: OpenNewEventOptions): void;
  /** Opens the editor on a saved event of the provider's tree. */
  openExisting(eventId: string): void;
}

const EventModalContext = createContext<EventModalControls | null>(null);

export interface EventModalProviderProps {
  treeId: string;
  /** The tree's edit flag (SPEC §6): without it the editor shows events as text and `openNew` does nothing. */
  canEdit: boolean;
  children: ReactNode;
  /** After a save (the modal has closed): the event as stored, and whether it is new (a new event, a copy). */
  onSaved?: (event: Event, isNew: boolean) => void;
  /** After a delete (the modal has closed). */
  onDeleted?: (eventId: string) => void;
  /**
   * Whether the event modal is open: a surrounding dialog must not close on Escape meanwhile (in
   * Mantine one Escape reaches every open modal, and closing the surrounding dialog would unmount
   * the editor with its unsaved edits).
   */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * Gives the views of one tree one shared event modal (type picker, then editor): wrap the view
 * in it, then call `useEventModal().openNew({ personId })` or `.openExisting(eventId)`. Without
 * `canEdit` the editor is read-only. Saving and deleting refresh the tree's event, person, count
 * and (for typed places) place queries themselves; `onSaved`/`onDeleted` are for what the view
 * does besides (the event page leaves a deleted event).
 */
export function EventModalProvider({
  treeId,
  canEdit,
  children,
  onSaved,
  onDeleted,
  onOpenChange,
}: EventModalProviderProps) {
  const [target, setTarget] = useState<EventModalTarget | null>(null);
  const isOpen = target !== null;
  useEffect(() => onOpenChange?.(isOpen), [isOpen, onOpenChange]);
  const value = useMemo<EventModalControls>(
    () => ({
      openNew: (options = {}) => {
        if (canEdit) setTarget({ kind: 'new', options, key: Date.now() });
      },
      openExisting: (eventId) => setTarget({ kind: 'existing', eventId, key: Date.now() }),
    }),
    [canEdit],
  );
  return (
    <EventModalContext value={value}>
      {children}
      {target && (
        <Suspense fallback={null}>
          <EventModal
            key={target.key}
            treeId={treeId}
            canEdit={canEdit}
            target={target}
            onClose={() => setTarget(null)}
            onOpen={setTarget}
            onSaved={onSaved}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </EventModalContext>
  );
}

export function useEventModal(): EventModalControls {
  const context = useContext(EventModalContext);
  if (!context) throw new Error('useEventModal needs an EventModalProvider around it');
  return context;
}
