/*
 * The note feature (SPEC §2 note modal and note lists, §3 Note, §4 local and saved notes, §5 the
 * empty-text rule). Other features use what this file exports; everything else is internal.
 */

export { ConcurrentNotes, type ConcurrentNotesProps } from './ConcurrentNotes.tsx';
export { NoteModal } from './LazyNoteModal.tsx';
/**
 * `RichTextEditor`: the rich-text editor (Mantine's Tiptap editor, in its own lazily loaded chunk):
 * wrap uses in `<Suspense fallback={<RichTextEditorFallback />}>`. Props `{ value, onChange, label?,
 * placeholder?, error?, 'data-testid'? }`; the value is HTML, '' when empty.
 */
export { RichTextEditor } from './lazy-editor.ts';
export { type LocalNote, localNoteOf, newNotesOf } from './local-notes.ts';
export {
  type CreateNoteVariables,
  useCreateNote,
  useDeleteNote,
  useLinkNote,
  useUnlinkNote,
  useUpdateNote,
} from './mutations.ts';
export { NoteList, type NoteListProps } from './NoteList.tsx';
export type { NoteModalMode, NoteModalProps } from './NoteModal.tsx';
export { noteKeys, noteQueries } from './queries.ts';
export type { RichTextEditorProps } from './RichTextEditor.tsx';
export { RichTextEditorFallback } from './RichTextEditorFallback.tsx';
export { RichTextView, type RichTextViewProps } from './RichTextView.tsx';
export { isRichTextEmpty, plainTextOf } from './rich-text.ts';
