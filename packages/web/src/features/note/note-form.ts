import { hasInvalidNameCharacters, textLimits } from '@anor/core';
import { isRichTextEmpty } from './rich-text.ts';

/** The note modal's form: the title as typed and the text as the editor's HTML. */
export interface NoteDraft {
  title: string;
  text: string;
}

export const emptyNoteDraft: NoteDraft = { title: '', text: '' };

export function draftOfNote(note: { title: string | null; text: string } | null | undefined): NoteDraft {
  return note ? { title: note.title ?? '', text: note.text } : emptyNoteDraft;
}

export interface NoteDraftErrors {
  title?: string;
  text?: string;
}

/** The rules of SPEC §5 the modal checks before sending, as catalogue codes per field. */
export function noteDraftErrors(draft: NoteDraft): NoteDraftErrors {
  const errors: NoteDraftErrors = {};
  const title = draft.title.trim();
  if (title.length > textLimits.noteTitle) errors.title = 'note.validation.titleTooLong';
  else if (hasInvalidNameCharacters(title)) errors.title = 'validation.invalidCharacters';
  if (isRichTextEmpty(draft.text)) errors.text = 'common.error.text';
  else if (draft.text.length > textLimits.richText) errors.text = 'note.validation.textTooLong';
  return errors;
}

export function hasNoteErrors(errors: NoteDraftErrors): boolean {
  return errors.title !== undefined || errors.text !== undefined;
}

/** The draft as the API takes it: the title trimmed, none as null. */
export function noteInputOfDraft(draft: NoteDraft): { title: string | null; text: string } {
  const title = draft.title.trim();
  return { title: title === '' ? null : title, text: draft.text };
}

/** Whether closing should ask before discarding: the title or the text differs (empty texts are alike). */
export function isNoteDraftChanged(initial: NoteDraft, draft: NoteDraft): boolean {
  if (initial.title.trim() !== draft.title.trim()) return true;
  if (isRichTextEmpty(initial.text) && isRichTextEmpty(draft.text)) return false;
  return initial.text !== draft.text;
}
