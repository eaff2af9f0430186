import { lazy, Suspense } from 'react';
import type { NoteModalProps } from './NoteModal.tsx';

/** The modal's own chunk: it brings the source panel and its dialogs, which a page with notes need not download (issue 25). */
const NoteModalChunk = lazy(async () => ({ default: (await import('./NoteModal.tsx')).NoteModal }));

/** The note modal, loaded when first shown: rendered, like the modal itself, only while it is open. */
export function NoteModal(props: NoteModalProps) {
  return (
    <Suspense fallback={null}>
      <NoteModalChunk {...props} />
    </Suspense>
  );
}
