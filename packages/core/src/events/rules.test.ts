import { describe, expect, it } from 'vitest';
import { normaliseRole } from './roles.ts';
import { type EventForRules, eventRuleIssues, openPrimarySlots } from './rules.ts';
import { allowedRoles, eventTypes, isAlternative, isCoupleEvent, roleOrder, subtypesOf, typeGroup } from './types.ts';

/** Written from SPEC §3 and §5, not from the code. */

function event(overrides: Partial<EventForRules>): EventForRules {
  return {
    type: 'birth',
    subtype: null,
    causeOfEvent: null,
    hasLocation: false,
    participants: [{ personId: 'a', role: 'primary' }],
    ...overrides,
  };
}

const codes = (e: EventForRules) => eventRuleIssues(e).map((issue) => issue.code);

describe('event types (SPEC §3)', () => {
  it('has the twenty types with their subtypes, and facts (issue 20)', () => {
    expect(eventTypes).toHaveLength(21);
    expect(subtypesOf('baptism')).toEqual(['christening', 'adultChristening', 'blessing']);
    expect(subtypesOf('burial')).toEqual(['cremation']);
    expect(subtypesOf('confirmation')).toEqual(['barMitzvah', 'batMitzvah']);
    expect(subtypesOf('birth')).toEqual(['alternativeBirth']);
    expect(subtypesOf('death')).toEqual(['alternativeDeath']);
    expect(subtypesOf('fact')).toContain('title');
    expect(subtypesOf('marriage')).toEqual([]);
  });

  it('lets an alternative birth or death stand beside the one that counts', () => {
    expect(isAlternative({ subtype: 'alternativeBirth' })).toBe(true);
    expect(isAlternative({ subtype: 'alternativeDeath' })).toBe(true);
    expect(isAlternative({ subtype: null })).toBe(false);
    expect(isAlternative({ subtype: 'cremation' })).toBe(false);
    expect(codes(event({ type: 'fact', subtype: 'title' }))).toEqual([]);
    expect(codes(event({ type: 'fact', subtype: 'cremation' }))).toEqual(['events.validation.invalidSubtype']);
  });

  it('knows the couple events', () => {
    expect(eventTypes.filter(isCoupleEvent)).toEqual(['marriage', 'bann', 'engagement', 'divorce']);
  });

  it('offers the allowed roles per type', () => {
    for (const type of ['birth', 'baptism', 'confirmation', 'death', 'burial'] as const) {
      expect([...allowedRoles[type]].sort()).toEqual(['godparent', 'officiator', 'parent', 'witness']);
    }
    expect([...allowedRoles.adoption].sort()).toEqual(['adopter', 'officiator', 'witness']);
    expect(allowedRoles.residence).toContain('servantfemale');
    expect(allowedRoles.immigration).not.toContain('servantmale');
    expect(allowedRoles.emigration).toContain('grandchild');
    expect([...allowedRoles.marriage].sort()).toEqual(['guardian', 'officiator', 'parent', 'witness']);
    expect([...allowedRoles.will].sort()).toEqual(
      ['child', 'grandchild', 'guardian', 'officiator', 'parent', 'sibling', 'witness'].sort(),
    );
    expect(allowedRoles.other).not.toContain('adopter');
    expect(allowedRoles.other).toContain('servantmale');
  });

  it('sorts by type group: birth, baptism, others, death, burial', () => {
    const order = ['burial', 'marriage', 'death', 'baptism', 'birth'] as const;
    expect([...order].sort((a, b) => typeGroup(a) - typeGroup(b))).toEqual([
      'birth',
      'baptism',
      'marriage',
      'death',
      'burial',
    ]);
    expect(roleOrder('primary')).toBeLessThan(roleOrder('witness'));
    expect(roleOrder('kyrkoherde')).toBeGreaterThan(roleOrder('servantfemale'));
  });
});

describe('roles typed as text (SPEC §5)', () => {
  it('maps primary wording and role names of the type in any language', () => {
    expect(normaliseRole('primary', 'birth')).toBe('primary');
    expect(normaliseRole(' Huvudperson ', 'death')).toBe('primary');
    expect(normaliseRole('Fadder', 'baptism')).toBe('godparent');
    expect(normaliseRole('kummi', 'baptism')).toBe('godparent');
    expect(normaliseRole('WITNESS', 'marriage')).toBe('witness');
    expect(normaliseRole('vittne', 'marriage')).toBe('witness');
    expect(normaliseRole('Piga', 'residence')).toBe('servantfemale');
  });

  it('keeps other text as typed, including roles the type does not offer', () => {
    expect(normaliseRole('kyrkoherde  i Sunne', 'baptism')).toBe('kyrkoherde i Sunne');
    expect(normaliseRole('Piga', 'birth')).toBe('Piga');
  });
});

describe('event rules (SPEC §5)', () => {
  it('needs at least one participant', () => {
    expect(codes(event({ participants: [] }))).toEqual(['events.validation.noParticipants']);
  });

  it('needs a primary participant except for residence', () => {
    expect(codes(event({ participants: [{ personId: 'a', role: 'witness' }] }))).toEqual([
      'events.validation.noPrimaryRole',
    ]);
    expect(
      codes(
        event({
          type: 'residence',
          startDate: '1880',
          hasLocation: true,
          participants: [{ personId: 'a', role: 'wife' }],
        }),
      ),
    ).toEqual([]);
  });

  it('takes exactly two primaries for couple events and one for others', () => {
    const one = [{ personId: 'a', role: 'primary' }];
    const two = [...one, { personId: 'b', role: 'primary' }];
    const three = [...two, { personId: 'c', role: 'primary' }];
    expect(codes(event({ type: 'marriage', participants: one }))).toEqual(['events.validation.couplePrimaries']);
    expect(codes(event({ type: 'marriage', participants: two }))).toEqual([]);
    expect(eventRuleIssues(event({ type: 'divorce', participants: three }))).toEqual([
      { code: 'events.validation.roleNotAvailable', path: ['participants', 2, 'role'] },
    ]);
    expect(codes(event({ type: 'birth', participants: two }))).toEqual(['events.validation.roleNotAvailable']);
  });

  it('shows the add button only while primary slots remain', () => {
    expect(openPrimarySlots('marriage', [{ role: 'primary' }])).toBe(1);
    expect(openPrimarySlots('marriage', [{ role: 'primary' }, { role: 'primary' }, { role: 'witness' }])).toBe(0);
    expect(openPrimarySlots('birth', [])).toBe(1);
  });

  it('refuses the same person twice', () => {
    expect(
      codes(
        event({
          participants: [
            { personId: 'a', role: 'primary' },
            { personId: 'a', role: 'witness' },
          ],
        }),
      ),
    ).toEqual(['events.validation.duplicateParticipant']);
  });

  it('needs the occupation text for an occupation, and date and place for a residence', () => {
    expect(codes(event({ type: 'occupation' }))).toEqual(['events.validation.noOccupation']);
    expect(codes(event({ type: 'occupation', causeOfEvent: 'Smed' }))).toEqual([]);
    expect(codes(event({ type: 'residence', hasLocation: true }))).toEqual(['events.validation.dateAndLocation']);
    expect(codes(event({ type: 'residence', startDate: '1880' }))).toEqual(['events.validation.dateAndLocation']);
  });

  it('does not allow the start after the end, nor an end without a start', () => {
    expect(codes(event({ type: 'education', startDate: '1860', endDate: '1855' }))).toContain(
      'events.validation.startAfterEnd',
    );
    expect(codes(event({ type: 'education', startDate: '1850-06', endDate: '1850' }))).toEqual([]);
    expect(codes(event({ endDate: '1850' }))).toEqual(['events.validation.dateRequired']);
  });

  it('allows only the subtypes of the type', () => {
    expect(codes(event({ type: 'baptism', subtype: 'blessing' }))).toEqual([]);
    expect(codes(event({ type: 'burial', subtype: 'blessing' }))).toEqual(['events.validation.invalidSubtype']);
  });
});
