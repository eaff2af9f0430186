/**
 * A save refused because the object changed elsewhere (issue 26: places, archives, sources,
 * citations, notes and media, as persons and events have it); one file per language (see
 * chart-texts.en.ts). `alert` is the conflict notice of their forms.
 */
export const conflictTextsEn = {
  location:
    'The place was changed elsewhere (in another tab or session) after you opened it. Your changes were not saved.',
  repository:
    'The archive was changed elsewhere (in another tab or session) after you opened it. Your changes were not saved.',
  record:
    'The source was changed elsewhere (in another tab or session) after you opened it. Your changes were not saved.',
  citation:
    'The citation was changed elsewhere (in another tab or session) after you opened it. Your changes were not saved.',
  note: 'The note was changed elsewhere (in another tab or session) after you opened it. Your changes were not saved.',
  media:
    'The image or document was changed elsewhere (in another tab or session) after you opened it. Your changes were not saved.',
  alert: {
    saved: 'Saved now:',
    kept: 'Your changes are still in the form. Save your version over the saved one, or load the saved version instead (your changes are then discarded).',
    reload: 'Load the saved version',
    overwrite: 'Save my version over it',
    empty: '(empty)',
    sources_one: '{{count}} source',
    sources_other: '{{count}} sources',
  },
};
