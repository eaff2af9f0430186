import { describe, expect, it } from 'vitest';
import { sanityBodyOf } from './sanity-check.ts';

const erik = '01900000-0000-7000-8000-000000000001';

describe('the body of the sanity check', () => {
  it('takes the type, the dates and the participants already in the tree', () => {
    expect(
      sanityBodyOf(
        {
          type: 'birth',
          startDate: '1850-03-12',
          startDateType: 'about',
          endDate: null,
          endDateType: null,
          participants: [
            { personId: erik, role: 'primary' },
            // A new person (kept under a temporary key until the save creates it) has no family yet.
            { personId: 'new:1', role: 'parent' },
            { isNew: true, role: 'witness' } as { personId?: string; role: string },
          ],
        },
        null,
      ),
    ).toEqual({
      eventId: null,
      type: 'birth',
      startDate: '1850-03-12',
      startDateType: 'about',
      endDate: null,
      endDateType: 'exact',
      participants: [{ personId: erik, role: 'primary' }],
    });
  });
});
