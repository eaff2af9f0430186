import { describe, expect, it } from 'vitest';
import { textWithin, typedParts, typedTextProblem } from './typed-place.ts';

describe('typed places', () => {
  it('reads the levels nearest first, as the server does', () => {
    expect(typedParts(' Råshult ,  Stenbrohult,, ')).toEqual(['Råshult', 'Stenbrohult']);
  });

  it('finds the first problem of a level with the shared schema', () => {
    expect(typedTextProblem('Råshult, Stenbrohult')).toBeNull();
    expect(typedTextProblem(' , ')).toBe('events.validation.locationRequired');
    expect(typedTextProblem(`Råshult, ${'x'.repeat(500)}`)).toBe('location.validation.nameTooLong');
  });

  it('names new levels within a chosen place by its whole path, top level last', () => {
    expect(textWithin(['Lillstugan'], 'Berg, Linneryd, Sverige')).toBe('Lillstugan, Berg, Linneryd, Sverige');
    expect(textWithin(['Övre', 'Nedre'], 'Berg, Sverige')).toBe('Nedre, Övre, Berg, Sverige');
  });
});
