import { describe, expect, it } from 'vitest';
import { plainText, ReportWriter } from './report.present.ts';

describe('plainText', () => {
  it('turns a sanitized note into lines of plain text', () => {
    expect(plainText('<p>Hon var <strong>klok</strong> &amp; flitig.</p><p>Gift&nbsp;två gånger.</p>')).toBe(
      'Hon var klok & flitig.\nGift två gånger.',
    );
    expect(plainText('<ul><li>Åker</li><li>Äng &lt;3 tunnland&gt;</li></ul>')).toBe('• Åker\n• Äng <3 tunnland>');
    expect(plainText('a&#39;b &#x17E; &unknown;')).toBe("a'b ž &unknown;");
  });
});

describe('ReportWriter', () => {
  const citation = (id: string, recordTitle: string | null, where: string | null = null) => ({
    id,
    recordTitle,
    originator: null,
    whereWithinSourceText: where,
    whereWithinSourceURL: null,
  });

  it('numbers sources in the order first cited, once each, and leaves private ones out', () => {
    const writer = new ReportWriter('sv');
    expect(writer.cite([citation('a', 'Husförhörslängd', 'AI:4 s. 12'), citation('b', 'Dödbok')])).toEqual([1, 2]);
    expect(writer.cite([citation('b', 'Dödbok'), { ...citation('c', 'Hemlig'), private: true }])).toEqual([2]);
    const document = writer.document('person', 'T', null, [], new Date('2026-11-29T12:00:00Z'));
    expect(document.sources).toEqual([
      { number: 1, text: 'Husförhörslängd, AI:4 s. 12' },
      { number: 2, text: 'Dödbok' },
    ]);
    expect(document.printed).toBe('Utskriven 29 november 2026');
  });

  it('names the private as Private and an unnamed person as unknown', () => {
    const writer = new ReportWriter('en');
    const person = {
      id: 'p',
      fName: 'Åsa',
      pName: 'Lillan',
      lName: 'Öberg',
      gender: 'female',
      occupation: null,
      description: null,
      events: [],
      citations: [],
      notes: [],
      names: [],
    };
    expect(writer.name(person)).toBe('Åsa “Lillan” Öberg');
    expect(writer.name({ ...person, private: true })).toBe('Private');
    expect(writer.name({ ...person, fName: null, pName: null, lName: ' ' })).toBe('Unknown name');
    expect(writer.entry({ ...person, private: true }, '1', [{ label: 'x', text: 'y', sources: [] }])).toEqual({
      number: '1',
      personId: 'p',
      name: 'Private',
      private: true,
      facts: [],
      notes: [],
    });
  });

  it('names the role of an event that is not the person’s own, in the reader’s language', () => {
    const event = {
      id: 'e',
      type: 'baptism',
      role: 'godparent',
      subtype: null,
      typeName: null,
      startDate: '1850-03-12',
      startDateType: 'exact',
      endDate: null,
      endDateType: null,
      dateText: null,
      description: null,
      causeOfEvent: null,
      place: 'Lysvik',
      citations: [],
      notes: [],
    };
    expect(new ReportWriter('sv').eventFact(event).label).toBe('Dop (Fadder)');
    expect(new ReportWriter('en').eventFact({ ...event, role: 'primary' }).label).toBe('Baptism');
    // A role typed as free text is shown as typed.
    expect(new ReportWriter('en').eventFact({ ...event, role: 'Klockare' }).label).toBe('Baptism (Klockare)');
  });
});
