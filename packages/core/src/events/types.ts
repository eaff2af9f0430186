/**
 * Event types, subtypes, groups and participant roles (SPEC §3). Names and past-tense verbs live
 * in the dictionaries under `events.types.<type>`; roles under `events.roles.<role>`.
 */

export const eventTypes = [
  'birth',
  'baptism',
  'marriage',
  'residence',
  'death',
  'burial',
  'adoption',
  'confirmation',
  'bann',
  'engagement',
  'divorce',
  'graduation',
  'education',
  'occupation',
  'immigration',
  'emigration',
  'naturalization',
  'will',
  'inventory',
  'fact',
  'other',
] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * The kinds of a fact (type `fact`): facts and attributes about a person that GEDCOM has tags for
 * (TITL, NATI, RELI, PROP, DSCR, NCHI, NMR, CAST, IDNO, SSN). A fact without a kind is a fact of
 * the user's own kind (GEDCOM `FACT` with its `TYPE`), named by its `typeName`. The fact's value
 * is the event's description. See docs/architecture.md, "Facts".
 */
export const factKinds = [
  'title',
  'nationality',
  'religion',
  'property',
  'physicalDescription',
  'childCount',
  'marriageCount',
  'caste',
  'idNumber',
  'socialSecurityNumber',
] as const;
export type FactKind = (typeof factKinds)[number];

/**
 * Subtypes: a kind of the type. `alternativeBirth` and `alternativeDeath` are a person's other
 * births and deaths (two sources disagreeing): they stand beside the one birth and death a person
 * has (`oncePerPersonTypes`), which they do not count as.
 */
export const eventSubtypes = {
  birth: ['alternativeBirth'],
  baptism: ['christening', 'adultChristening', 'blessing'],
  death: ['alternativeDeath'],
  burial: ['cremation'],
  confirmation: ['barMitzvah', 'batMitzvah'],
  fact: factKinds,
} as const satisfies Partial<Record<EventType, readonly string[]>>;
export type EventSubtype = (typeof eventSubtypes)[keyof typeof eventSubtypes][number];

export function subtypesOf(type: EventType): readonly EventSubtype[] {
  return (eventSubtypes as Partial<Record<EventType, readonly EventSubtype[]>>)[type] ?? [];
}

/** Couple events: exactly two primary participants (the couple). */
export const coupleEventTypes = ['marriage', 'bann', 'engagement', 'divorce'] as const satisfies readonly EventType[];

/** Types whose event lists show every participant; the others show only the primary ones. */
export const allParticipantsShownTypes = [
  'occupation',
  'graduation',
  'education',
  'residence',
  'immigration',
  'emigration',
  'naturalization',
] as const satisfies readonly EventType[];

/** Types whose participants may carry their own dates (each person's own period of an occupation). */
export const participantDateTypes = ['occupation', 'education'] as const satisfies readonly EventType[];

/** Types a person may be the primary participant of only once (their alternatives aside: `isAlternative`). */
export const oncePerPersonTypes = ['birth', 'death'] as const satisfies readonly EventType[];

/** The subtypes that mark another birth or death of a person, beside the one that counts. */
export const alternativeSubtypes = ['alternativeBirth', 'alternativeDeath'] as const satisfies readonly EventSubtype[];

/** Whether an event is an alternative birth or death (not bound by the once-per-person rule). */
export function isAlternative(event: { subtype?: string | null }): boolean {
  return (alternativeSubtypes as readonly (string | null | undefined)[]).includes(event.subtype);
}

/** Whether a type takes a user's own type name (`other`; a `fact` without a kind). */
export function takesTypeName(type: EventType): boolean {
  return type === 'other' || type === 'fact';
}

/** Types whose type change is not allowed in the editor (SPEC §2, §4). */
export const fixedTypes = ['other', 'residence'] as const satisfies readonly EventType[];

export function isCoupleEvent(type: EventType): boolean {
  return (coupleEventTypes as readonly EventType[]).includes(type);
}

export function showsAllParticipants(type: EventType): boolean {
  return (allParticipantsShownTypes as readonly EventType[]).includes(type);
}

export function hasParticipantDates(type: EventType): boolean {
  return (participantDateTypes as readonly EventType[]).includes(type);
}

/** How many primary participants a type takes: a couple two, a residence none or one, the others one. */
export function primarySlots(type: EventType): { min: number; max: number } {
  if (isCoupleEvent(type)) return { min: 2, max: 2 };
  if (type === 'residence') return { min: 0, max: 1 };
  // A family's fact (GEDCOM NCHI under FAM) belongs to the couple.
  if (type === 'fact') return { min: 1, max: 2 };
  return { min: 1, max: 1 };
}

export const participantRoles = [
  'primary',
  'witness',
  'parent',
  'godparent',
  'officiator',
  'headofhousehold',
  'partner',
  'husband',
  'wife',
  'child',
  'grandchild',
  'sibling',
  'resident',
  'guardian',
  'adopter',
  'servantmale',
  'servantfemale',
] as const;
export type ParticipantRole = (typeof participantRoles)[number];

export function isKnownRole(value: string): value is ParticipantRole {
  return (participantRoles as readonly string[]).includes(value);
}

const lifeEventRoles = ['parent', 'witness', 'godparent', 'officiator'] as const;
const residenceRoles = [
  'partner',
  'husband',
  'wife',
  'parent',
  'child',
  'grandchild',
  'sibling',
  'servantmale',
  'servantfemale',
] as const;
const migrationRoles = ['partner', 'husband', 'wife', 'parent', 'child', 'grandchild', 'sibling'] as const;
const coupleRoles = ['parent', 'guardian', 'witness', 'officiator'] as const;
const estateRoles = ['witness', 'officiator', 'parent', 'child', 'grandchild', 'sibling', 'guardian'] as const;

/**
 * The roles other than primary that each type offers (SPEC §3). The spec lists no roles for
 * graduation, education, occupation and naturalization; they get the ones a researcher meets in
 * such records (documented in docs/decisions/events.md). Free-text roles are always possible.
 */
export const allowedRoles: Record<EventType, readonly ParticipantRole[]> = {
  birth: lifeEventRoles,
  baptism: lifeEventRoles,
  confirmation: lifeEventRoles,
  death: lifeEventRoles,
  burial: lifeEventRoles,
  adoption: ['adopter', 'witness', 'officiator'],
  residence: residenceRoles,
  immigration: migrationRoles,
  emigration: migrationRoles,
  naturalization: migrationRoles,
  marriage: coupleRoles,
  bann: coupleRoles,
  engagement: coupleRoles,
  divorce: coupleRoles,
  will: estateRoles,
  inventory: estateRoles,
  graduation: ['witness', 'officiator', 'parent'],
  education: ['witness', 'officiator'],
  occupation: ['headofhousehold', 'witness'],
  fact: ['witness'],
  other: participantRoles.filter((role) => role !== 'primary' && role !== 'adopter'),
};

/** The order of roles within an event, for sorting participants and a person's events (SPEC §4). */
export function roleOrder(role: string): number {
  const index = (participantRoles as readonly string[]).indexOf(role);
  return index === -1 ? participantRoles.length : index;
}

/** Type groups for sorting a person's events: birth, baptism, the others, death, burial (SPEC §4). */
export function typeGroup(type: EventType): number {
  switch (type) {
    case 'birth':
      return 0;
    case 'baptism':
      return 1;
    case 'death':
      return 3;
    case 'burial':
      return 4;
    default:
      return 2;
  }
}
