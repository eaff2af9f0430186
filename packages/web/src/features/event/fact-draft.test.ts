import { describe, expect, it } from 'vitest';
import { draftErrors, inputOfDraft, newEventDraft } from './editor-state.ts';

/** Issue 20 item 3: a fact made by hand in the editor, as the API takes it. */

const anna = '01900000-0000-7000-8000-00000000000a';

describe('a fact in the editor', () => {
  const base = () => newEventDraft('fact', { participants: [{ personId: anna, role: 'primary', person: null }] });

  it('sends its kind and its value; an own kind only when it has no kind', () => {
    const title = { ...base(), subtype: 'title', typeName: 'left over', description: 'Queen of England' };
    expect(inputOfDraft(title)).toMatchObject({
      type: 'fact',
      subtype: 'title',
      typeName: null,
      typeNameVerb: null,
      description: 'Queen of England',
    });
    const own = { ...base(), typeName: 'Hobby', description: 'Stamps' };
    expect(inputOfDraft(own)).toMatchObject({ type: 'fact', subtype: null, typeName: 'Hobby', description: 'Stamps' });
  });

  it('takes the kinds of a fact and no other subtype', () => {
    expect(draftErrors({ ...base(), subtype: 'religion', description: 'Lutheran' })).toEqual({});
    expect(draftErrors({ ...base(), subtype: 'cremation' })).toMatchObject({
      subtype: 'events.validation.invalidSubtype',
    });
  });
});
