import { prices, tierLimits, yearlySavings } from '@anor/core';

/** The three plans of the pricing screen, from the one module that holds prices and limits. */
export const planIds = ['free', 'monthly', 'yearly'] as const;
export type PlanId = (typeof planIds)[number];

export const planPrices: Record<PlanId, number> = {
  free: prices.free,
  monthly: prices.monthly,
  yearly: prices.yearly,
};

export const freeLimits = tierLimits.free;
export const paidLimits = tierLimits.paid;
export const savings = yearlySavings();
