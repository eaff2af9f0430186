import { describe, expect, it } from 'vitest';
import { limitsFor, prices, subscriptionStatus, tierLimits, yearlySavings } from './limits.ts';

describe('subscription limits', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('gives a free account the trial limits under the 5,000-node ceiling', () => {
    expect(limitsFor(null, now)).toEqual({
      nodes: 5000,
      persons: 20,
      locations: 30,
      events: 30,
      sourcesPerNode: 3,
      images: 5,
      trees: 1,
      gedcomImport: { persons: 20, events: 30, locations: 30 },
    });
  });

  it('gives a valid paid account the 100,000-node ceiling', () => {
    const limits = limitsFor({ plan: 'monthly', validUntil: '2026-06-30T00:00:00Z' }, now);
    expect(limits).toBe(tierLimits.paid);
    expect(limits.nodes).toBe(100_000);
    expect(limits.persons).toBeNull();
  });

  it('counts a paid plan as valid up to and including its last instant', () => {
    expect(subscriptionStatus({ plan: 'yearly', validUntil: now.toISOString() }, now)).toBe('paid');
    expect(subscriptionStatus({ plan: 'yearly', validUntil: '2026-06-01T11:59:59Z' }, now)).toBe('free');
    expect(subscriptionStatus({ plan: 'yearly', validUntil: null }, now)).toBe('free');
    expect(subscriptionStatus({ plan: 'free', validUntil: '2030-01-01T00:00:00Z' }, now)).toBe('free');
  });
});

describe('prices', () => {
  it('are 0, 19 and 189 kr, the year saving 39 kr or 17 %', () => {
    expect([prices.free, prices.monthly, prices.yearly]).toEqual([0, 19, 189]);
    expect(yearlySavings()).toEqual({ amount: 39, percent: 17 });
  });
});
