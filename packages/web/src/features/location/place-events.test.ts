import { describe, expect, it } from 'vitest';
import { inDirectLineage } from './place-events.ts';

const participant = (rootRelation: 'root' | 'ancestor' | 'descendant' | 'none') =>
  ({ rootRelation }) as Parameters<typeof inDirectLineage>[0]['participants'][number];

describe('the direct-lineage filter of a place’s events', () => {
  it('keeps events with the root, an ancestor or a descendant taking part', () => {
    expect(inDirectLineage({ participants: [participant('none'), participant('ancestor')] })).toBe(true);
    expect(inDirectLineage({ participants: [participant('root')] })).toBe(true);
    expect(inDirectLineage({ participants: [participant('descendant')] })).toBe(true);
  });

  it('drops events with only people outside the lineage, or nobody', () => {
    expect(inDirectLineage({ participants: [participant('none'), participant('none')] })).toBe(false);
    expect(inDirectLineage({ participants: [] })).toBe(false);
  });
});
