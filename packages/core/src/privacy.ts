/**
 * Living persons are private to visitors (SPEC §1 sharing; issue 8). A person is presumed living
 * unless the tree says otherwise: a death or burial event, a birth or baptism more than
 * `livingYears` ago, or a parent or child whose dates make it impossible that they still live.
 * Relatives' dates count only for a person with nothing of their own dated within the last
 * `livingYears` (a birth, a baptism, a residence, any event in any role): their own dates win.
 * The server applies the rule in SQL (`modules/privacy/`); these are its numbers.
 */
export const privacyRule = {
  /** Born more than this many years ago: presumed dead. The server's PRIVACY_LIVING_YEARS overrides it. */
  livingYears: 110,
  /** A parent is at least this old when a child is born: a child born `livingYears - 12` years ago has a dead parent. */
  minParentAge: 12,
  /** …and at most this old: a parent born `livingYears + 65` years ago has dead children. */
  maxParentAge: 65,
} as const;

/** The dates (ISO, YYYY-MM-DD) the rule compares with on a given day. */
export function privacyCutoffs(
  now: Date = new Date(),
  livingYears: number = privacyRule.livingYears,
): {
  /** A person whose latest possible birth is before this is presumed dead. */
  bornBefore: string;
  /** A person with a child whose latest possible birth is before this is presumed dead. */
  childBornBefore: string;
  /** A person with a parent born (latest possible) before this is presumed dead. */
  parentBornBefore: string;
  /** A person whose parent died (latest possible) before this is presumed dead. */
  parentDiedBefore: string;
} {
  const yearsAgo = (years: number) => {
    const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
    return date.toISOString().slice(0, 10);
  };
  return {
    bornBefore: yearsAgo(livingYears),
    childBornBefore: yearsAgo(livingYears - privacyRule.minParentAge),
    parentBornBefore: yearsAgo(livingYears + privacyRule.maxParentAge),
    parentDiedBefore: yearsAgo(livingYears + 1),
  };
}
