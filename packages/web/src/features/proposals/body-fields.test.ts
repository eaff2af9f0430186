import { describe, expect, it } from 'vitest';
import { bodyFields, changedBody, inputOf, pathLabel, readInput } from './body-fields.ts';

const eventBody = {
  type: 'birth',
  date: { text: '12 MAR 1850', sortDate: null },
  participants: [
    { personId: 'p1', role: 'primary' },
    { personId: 'p2', role: 'mother' },
  ],
  noteIds: [],
  isPrivate: false,
  age: 3,
  revision: 4,
};

describe('a proposal body as fields', () => {
  it('names each scalar by its path, in the body order, and only scalars', () => {
    const fields = bodyFields(eventBody);
    expect(fields.map((field) => field.key)).toEqual([
      'type',
      'date.text',
      'date.sortDate',
      'participants[0].personId',
      'participants[0].role',
      'participants[1].personId',
      'participants[1].role',
      'isPrivate',
      'age',
      'revision',
    ]);
    expect(fields.find((field) => field.key === 'date.sortDate')?.value).toBeNull();
    expect(fields.filter((field) => field.isReadOnly).map((field) => field.key)).toEqual(['revision']);
  });

  it('quotes keys that are no identifiers, so that two paths never share a label', () => {
    expect(pathLabel(['a b', 0, 'c.d'])).toBe('["a b"][0]["c.d"]');
    expect(pathLabel(['a', 'b'])).not.toBe(pathLabel(['a.b']));
    expect(bodyFields({ 'a.b': 1, a: { b: 2 } }).map((field) => field.key)).toEqual(['["a.b"]', 'a.b']);
  });

  it('has no fields for a body without values (a delete: null), and one unlabelled field for a scalar body', () => {
    expect(bodyFields(null)).toEqual([]);
    expect(bodyFields(7)).toEqual([{ key: '', path: [], value: 7, isReadOnly: false }]);
    expect(bodyFields(undefined)).toEqual([]);
    expect(bodyFields({ ids: [], more: {} })).toEqual([]);
  });

  it('reads each input in the type the field was stored with', () => {
    const [text, , nothing] = bodyFields({ text: 'x', age: 3, nothing: null });
    const age = bodyFields({ age: 3 })[0];
    const flag = bodyFields({ flag: true })[0];
    if (!text || !nothing || !age || !flag) throw new Error('fields missing');
    expect(readInput(text, '')).toBe('');
    expect(readInput(age, ' 42 ')).toBe(42);
    expect(readInput(age, '4x')).toBeUndefined();
    expect(readInput(age, '')).toBeUndefined();
    expect(readInput(nothing, '')).toBeNull();
    expect(readInput(nothing, '1850')).toBe('1850');
    expect(readInput(flag, false)).toBe(false);
    expect([inputOf(null), inputOf(3), inputOf(true), inputOf('a')]).toEqual(['', '3', true, 'a']);
  });
});

describe('the changed body', () => {
  it('puts the typed values back at their paths and keeps everything else as stored', () => {
    const fields = bodyFields(eventBody);
    const result = changedBody(eventBody, fields, {
      'date.text': 'ABT 1851',
      'participants[1].role': 'father',
      isPrivate: true,
      age: '4',
      revision: '9',
    });
    expect(result).toEqual({
      invalid: [],
      body: {
        ...eventBody,
        date: { text: 'ABT 1851', sortDate: null },
        participants: [
          { personId: 'p1', role: 'primary' },
          { personId: 'p2', role: 'father' },
        ],
        isPrivate: true,
        age: 4,
      },
    });
    // The stored body is not changed in place.
    expect(eventBody.participants[1]?.role).toBe('mother');
    expect(Object.keys(result.body ?? {})).toEqual(Object.keys(eventBody));
  });

  it('is the stored body itself when nothing changed, and names the inputs that are no value', () => {
    const fields = bodyFields(eventBody);
    expect(changedBody(eventBody, fields, {}).body).toBe(eventBody);
    expect(changedBody(eventBody, fields, { 'date.text': '12 MAR 1850' }).body).toBe(eventBody);
    expect(changedBody(eventBody, fields, { age: 'three', type: 'death' })).toEqual({ invalid: ['age'] });
  });

  it('changes a scalar body as a whole', () => {
    expect(changedBody('a', bodyFields('a'), { '': 'b' }).body).toBe('b');
  });
});
