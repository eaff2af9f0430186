import type { CitationSummary } from '@anor/core';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { CitationDialog } from './CitationDialog.tsx';
import { RecordDialog } from './RecordDialog.tsx';
import { RepositoryDialog } from './RepositoryDialog.tsx';
import type { SourceChoice } from './source-form.ts';

/**
 * Where a source dialog was opened from, when that is its parent (SPEC §4: inside a parent only
 * delete and disengage are offered): a record from its repository, a citation from its record, or
 * a citation from an event's or place's source panel (disengaging is the panel's own business).
 */
export type SourceParent =
  | { kind: 'repository'; id: string; title: string }
  | { kind: 'record'; id: string; title: string }
  | { kind: 'node'; name: string; onDisengage: () => void };

interface CommonOptions<S> {
  /** After a save (or accepting an existing duplicate): the source as stored. */
  onSaved?: (source: S, isNew: boolean) => void;
  onDeleted?: (deletedIds: string[]) => void;
  parent?: SourceParent;
  /** The event, place or note the dialog was opened from: its row in "used in" does not open it. */
  fromNodeId?: string;
}

export interface OpenCitationOptions extends CommonOptions<CitationSummary> {
  /** A new citation's record. */
  record?: SourceChoice | null;
}

export interface OpenRecordOptions extends CommonOptions<SourceChoice> {
  /** A new record's repository, and title (typed in a chooser). */
  repository?: SourceChoice | null;
  title?: string;
}

export interface OpenRepositoryOptions extends CommonOptions<SourceChoice> {
  title?: string;
}

export type SourceDialogTarget =
  | { kind: 'citation'; id: string | null; options: OpenCitationOptions }
  | { kind: 'record'; id: string | null; options: OpenRecordOptions }
  | { kind: 'repository'; id: string | null; options: OpenRepositoryOptions };

type Entry = SourceDialogTarget & { key: number };

export interface SourceDialogControls {
  /** Opens a citation (`null`: a new one). */
  openCitation: (id: string | null, options?: OpenCitationOptions) => void;
  openRecord: (id: string | null, options?: OpenRecordOptions) => void;
  openRepository: (id: string | null, options?: OpenRepositoryOptions) => void;
  /** How many source dialogs are open (Escape belongs to them while any is). */
  openCount: number;
}

const SourceDialogContext = createContext<SourceDialogControls | null>(null);

let nextKey = 1;

/**
 * Gives the views of one tree the source dialogs of SPEC §2 (citation, record, repository): wrap
 * the view in it, then call `useSourceDialog().openCitation(id)` and the like. Dialogs stack: a
 * record opened from a citation's chooser lies on top of the citation, and closing it returns
 * there. They lie above the event modal and the location dialog, which open them from their
 * source panels.
 */
export function SourceDialogProvider({ treeId, children }: { treeId: string; children: ReactNode }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const { pathname } = useLocation();
  // A row of "used in" leads to another page: the dialogs do not follow there.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setEntries([]);
  }
  const push = useCallback((target: SourceDialogTarget) => {
    nextKey += 1;
    setEntries((previous) => [...previous, { ...target, key: nextKey } as Entry]);
  }, []);
  const remove = useCallback((key: number) => {
    setEntries((previous) => previous.filter((entry) => entry.key !== key));
  }, []);

  const value = useMemo<SourceDialogControls>(
    () => ({
      openCitation: (id, options = {}) => push({ kind: 'citation', id, options }),
      openRecord: (id, options = {}) => push({ kind: 'record', id, options }),
      openRepository: (id, options = {}) => push({ kind: 'repository', id, options }),
      openCount: entries.length,
    }),
    [push, entries.length],
  );

  return (
    <SourceDialogContext value={value}>
      {children}
      {entries.map((entry, index) => {
        const common = {
          treeId,
          isTop: index === entries.length - 1,
          isStacked: index > 0,
          onClosed: () => remove(entry.key),
        };
        if (entry.kind === 'citation') {
          return <CitationDialog key={entry.key} {...common} id={entry.id} options={entry.options} />;
        }
        if (entry.kind === 'record') {
          return <RecordDialog key={entry.key} {...common} id={entry.id} options={entry.options} />;
        }
        return <RepositoryDialog key={entry.key} {...common} id={entry.id} options={entry.options} />;
      })}
    </SourceDialogContext>
  );
}

export function useSourceDialog(): SourceDialogControls {
  const context = useContext(SourceDialogContext);
  if (!context) throw new Error('useSourceDialog needs a SourceDialogProvider (or SourceDialogScope) around it');
  return context;
}

/**
 * A `SourceDialogProvider` unless there is one around already: the source panel sits in the
 * event editor and the location dialog, which open on many pages; pages that show sources
 * themselves mount the provider once, higher up.
 */
export function SourceDialogScope({ treeId, children }: { treeId: string; children: ReactNode }) {
  const context = useContext(SourceDialogContext);
  if (context) return <>{children}</>;
  return <SourceDialogProvider treeId={treeId}>{children}</SourceDialogProvider>;
}
