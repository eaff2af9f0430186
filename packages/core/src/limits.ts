/**
 * Subscription tiers, their limits and prices (SPEC §5, §9). This is the one module that holds
 * these numbers: the server enforces them, the web app shows them.
 */

export const subscriptionPlans = ['free', 'monthly', 'yearly'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];

export type SubscriptionStatus = 'free' | 'paid';

export interface Subscription {
  plan: SubscriptionPlan;
  /** ISO date-time; a paid plan is valid up to and including this instant. Null for free. */
  validUntil: string | null;
}

export interface TierLimits {
  /** Persons + locations + events + sources of one tree. */
  nodes: number;
  /** Null where the tier sets no limit of its own (only the node ceiling applies). */
  persons: number | null;
  locations: number | null;
  events: number | null;
  sourcesPerNode: number | null;
  images: number | null;
  trees: number;
  /** Free accounts may import GEDCOM files only within the trial limits. */
  gedcomImport: { persons: number; events: number; locations: number } | null;
}

export const FREE_NODE_LIMIT = 5000;
export const PAID_NODE_LIMIT = 100_000;

export const tierLimits: Record<SubscriptionStatus, TierLimits> = {
  free: {
    nodes: FREE_NODE_LIMIT,
    persons: 20,
    locations: 30,
    events: 30,
    sourcesPerNode: 3,
    images: 5,
    trees: 1,
    gedcomImport: { persons: 20, events: 30, locations: 30 },
  },
  paid: {
    nodes: PAID_NODE_LIMIT,
    persons: null,
    locations: null,
    events: null,
    sourcesPerNode: null,
    images: null,
    trees: 100,
    gedcomImport: null,
  },
};

/** Whether a subscription is paid and still valid at `now`. */
export function subscriptionStatus(subscription: Subscription | null, now: Date = new Date()): SubscriptionStatus {
  if (!subscription || subscription.plan === 'free' || !subscription.validUntil) return 'free';
  return new Date(subscription.validUntil).getTime() >= now.getTime() ? 'paid' : 'free';
}

export function limitsFor(subscription: Subscription | null, now: Date = new Date()): TierLimits {
  return tierLimits[subscriptionStatus(subscription, now)];
}

/** Prices in Swedish kronor. */
export const prices = {
  currency: 'SEK',
  free: 0,
  monthly: 19,
  yearly: 189,
} as const;

/** What the yearly plan saves against twelve monthly payments: 39 kr, 17 %. */
export function yearlySavings(): { amount: number; percent: number } {
  const twelveMonths = prices.monthly * 12;
  const amount = twelveMonths - prices.yearly;
  return { amount, percent: Math.round((amount / twelveMonths) * 100) };
}

/** Text limits of SPEC §9. */
export const textLimits = {
  firstName: 50,
  lastName: 50,
  nickname: 30,
  occupation: 50,
  description: 10_000,
  locationName: 200,
  locationType: 50,
  /** A participant's role as free text, and a custom event type name or verb. */
  role: 50,
  eventTypeName: 50,
  /** Cause of death, the occupation's title, …: one line. */
  causeOfEvent: 200,
  participantDescription: 1000,
  /** Notes and transcriptions, as HTML. */
  richText: 100_000,
  noteTitle: 200,
  /** An event's subtype key. */
  eventSubtype: 50,
  /** Repositories, records and citations (SPEC §3 sources): one line each. */
  repositoryTitle: 500,
  repositoryAddress: 500,
  /** City, state and country of a repository. */
  repositoryPlace: 200,
  postalCode: 50,
  /** Phone and fax. */
  phone: 100,
  repositoryEmail: 200,
  recordTitle: 1000,
  /** Originator and filed-by entry of a record. */
  recordAuthor: 500,
  publicationFacts: 2000,
  citationPage: 2000,
  /** The event a citation cites, its role and the entry's recording date. */
  citationEvent: 100,
  certaintyAssessment: 10,
  /** A web address (a record's, a repository's, a citation's, a place's link). */
  webAddress: 2000,
  fileReference: 2000,
  /** A media object's format and type. */
  mediaFormat: 50,
  mediaTitle: 500,
  treeName: 100,
  emailMin: 5,
  emailMax: 120,
  contactText: 500,
  passwordMin: 8,
  passwordMax: 128,
  gedcomBytes: 5 * 1024 * 1024,
} as const;
