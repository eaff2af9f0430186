import { describe, expect, it } from 'vitest';
import { eventListRequest } from './list-request.ts';

describe('the event list’s request', () => {
  it('sorts by date, ascending, unless type or descending is chosen', () => {
    expect(eventListRequest('', { sort: 'date', direction: 'asc' })).toEqual({
      q: undefined,
      sort: 'date',
      direction: 'asc',
    });
    expect(eventListRequest(' Sunne ', { sort: 'type', direction: 'desc' })).toEqual({
      q: 'Sunne',
      sort: 'type',
      direction: 'desc',
    });
  });

  it('ignores values from an edited address that mean nothing', () => {
    expect(eventListRequest('  ', { sort: 'name', direction: 'up' })).toEqual({
      q: undefined,
      sort: 'date',
      direction: 'asc',
    });
  });

  it('asks for one type when one is chosen, and for all on an unknown one', () => {
    expect(eventListRequest('', { sort: 'date', direction: 'asc', type: 'baptism' })).toEqual({
      q: undefined,
      sort: 'date',
      direction: 'asc',
      type: 'baptism',
    });
    expect(eventListRequest('', { sort: 'date', direction: 'asc', type: 'coronation' })).not.toHaveProperty('type');
    expect(eventListRequest('', { sort: 'date', direction: 'asc', type: '' })).not.toHaveProperty('type');
  });
});
