import { describe, expect, it } from 'vitest';
import {
  draftOfNote,
  emptyNoteDraft,
  hasNoteErrors,
  isNoteDraftChanged,
  noteDraftErrors,
  noteInputOfDraft,
} from './note-form.ts';

describe('the note form', () => {
  it('starts from a note, or empty', () => {
    expect(draftOfNote(null)).toEqual({ title: '', text: '' });
    expect(draftOfNote({ title: null, text: '<p>x</p>' })).toEqual({ title: '', text: '<p>x</p>' });
    expect(draftOfNote({ title: 'Bouppteckning', text: '<p>x</p>' })).toEqual({
      title: 'Bouppteckning',
      text: '<p>x</p>',
    });
  });

  it('refuses an empty text with common.error.text (SPEC §5), and nothing is sent', () => {
    expect(noteDraftErrors({ title: 'Rubrik', text: '' })).toEqual({ text: 'common.error.text' });
    expect(noteDraftErrors({ title: '', text: '<p> </p><ul><li><p></p></li></ul>' })).toEqual({
      text: 'common.error.text',
    });
    expect(hasNoteErrors(noteDraftErrors({ title: '', text: '<p></p>' }))).toBe(true);
  });

  it('takes any text with something in it, with or without a title', () => {
    expect(noteDraftErrors({ title: '', text: '<p>Född på Rud</p>' })).toEqual({});
    expect(hasNoteErrors(noteDraftErrors({ title: 'Rubrik', text: '<p>a</p>' }))).toBe(false);
  });

  it('checks the title as the server does: at most 200 characters, no markup characters', () => {
    expect(noteDraftErrors({ title: 'x'.repeat(201), text: '<p>a</p>' })).toEqual({
      title: 'note.validation.titleTooLong',
    });
    expect(noteDraftErrors({ title: `  ${'x'.repeat(200)}  `, text: '<p>a</p>' })).toEqual({});
    expect(noteDraftErrors({ title: '<b>Rubrik</b>', text: '<p>a</p>' })).toEqual({
      title: 'validation.invalidCharacters',
    });
  });

  it('sends the title trimmed, none as null', () => {
    expect(noteInputOfDraft({ title: '  Husförhör 1850 ', text: '<p>a</p>' })).toEqual({
      title: 'Husförhör 1850',
      text: '<p>a</p>',
    });
    expect(noteInputOfDraft({ title: '   ', text: '<p>a</p>' })).toEqual({ title: null, text: '<p>a</p>' });
  });

  it('knows when closing should ask (SPEC §4)', () => {
    const initial = draftOfNote({ title: 'A', text: '<p>a</p>' });
    expect(isNoteDraftChanged(initial, initial)).toBe(false);
    expect(isNoteDraftChanged(initial, { ...initial, title: ' A ' })).toBe(false);
    expect(isNoteDraftChanged(initial, { ...initial, title: 'B' })).toBe(true);
    expect(isNoteDraftChanged(initial, { ...initial, text: '<p><strong>a</strong></p>' })).toBe(true);
    // An emptied new note is no change: the editor's empty paragraph equals no text.
    expect(isNoteDraftChanged(emptyNoteDraft, { title: '', text: '<p></p>' })).toBe(false);
  });
});
