import {
  type EventDateInput,
  formatEventDate,
  formatPartialDate,
  isKnownRole,
  type Language,
  type ReportDocument,
  type ReportEntry,
  type ReportFact,
  type ReportKind,
  type ReportSection,
} from '@anor/core';
import { translate } from '@anor/core/i18n';
import type { ReportCitation, ReportEvent, ReportNote, ReportPerson } from './report.model.ts';

/**
 * The layout of a report in the reader's language, from its redacted persons: names, facts
 * ("Born: 12 March 1850, Lysvik"), notes as plain text, and the sources as numbered endnotes in the
 * order they are first cited. Private persons, events, notes and citations show as "Private" or
 * not at all.
 */
export class ReportWriter {
  private readonly sourceNumbers = new Map<string, number>();
  private readonly sourceTexts: { number: number; text: string }[] = [];

  constructor(readonly language: Language) {}

  t(key: string, values: Record<string, string | number> = {}): string {
    return translate(this.language, `report.${key}`, values);
  }

  name(person: ReportPerson | undefined): string {
    if (!person || person.private) return translate(this.language, 'visitor.private');
    const parts = [person.fName, person.pName ? `“${person.pName}”` : null, person.lName].filter((part) =>
      part?.trim(),
    );
    return parts.length > 0 ? parts.join(' ') : this.t('unknownName');
  }

  /**
   * The event's type as the report names it (born, died, married, or the type's own name), with
   * the person's role when it is not their own event: "Baptism (Godparent)".
   */
  eventLabel(event: ReportEvent): string {
    const label = this.eventTypeLabel(event);
    if (!event.role || event.role === 'primary') return label;
    const role = isKnownRole(event.role) ? translate(this.language, `events.roles.${event.role}`) : event.role;
    return `${label} (${role})`;
  }

  private eventTypeLabel(event: ReportEvent): string {
    if (event.type === 'birth' && !event.subtype) return this.t('born');
    if (event.type === 'death' && !event.subtype) return this.t('died');
    if (event.type === 'marriage') return this.t('married');
    if (event.subtype) {
      const subtype = translate(this.language, `events.subtypes.${event.subtype}`);
      if (subtype !== `events.subtypes.${event.subtype}`) return subtype;
    }
    if (event.type === 'other' && event.typeName) return event.typeName;
    return translate(this.language, `events.types.${event.type}.name`);
  }

  /** "12 March 1850, Lysvik, Värmland" and, with `details`, the description and cause. */
  eventFact(event: ReportEvent, options: { details?: boolean; extra?: string } = {}): ReportFact {
    if (event.private) {
      return { label: this.eventLabel(event), text: translate(this.language, 'visitor.private'), sources: [] };
    }
    const date = formatEventDate(event as EventDateInput, this.language);
    const parts = [date, event.place, options.extra];
    if (options.details) parts.push(event.description, event.causeOfEvent);
    return {
      label: this.eventLabel(event),
      text: parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(', '),
      sources: this.cite(event.citations),
    };
  }

  /** The endnote numbers of the citations, numbering those not cited before. */
  cite(citations: readonly ReportCitation[]): number[] {
    const numbers: number[] = [];
    for (const citation of citations) {
      if (citation.private) continue;
      let number = this.sourceNumbers.get(citation.id);
      if (number === undefined) {
        number = this.sourceTexts.length + 1;
        this.sourceNumbers.set(citation.id, number);
        const text = [
          citation.recordTitle,
          citation.originator,
          citation.whereWithinSourceText,
          citation.whereWithinSourceURL,
        ]
          .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
          .join(', ');
        this.sourceTexts.push({ number, text: text || '—' });
      }
      if (!numbers.includes(number)) numbers.push(number);
    }
    return numbers;
  }

  notes(notes: readonly ReportNote[]): string[] {
    return notes
      .filter((note) => !note.private)
      .map((note) => [note.title, plainText(note.text)].filter((part) => part?.trim()).join(': '))
      .filter((text) => text !== '');
  }

  entry(
    person: ReportPerson | undefined,
    number: string | null,
    facts: ReportFact[],
    notes: string[] = [],
  ): ReportEntry {
    const isPrivate = !person || person.private === true;
    return {
      number,
      personId: person?.id ?? null,
      name: this.name(person),
      private: isPrivate,
      facts: isPrivate ? [] : facts,
      notes: isPrivate ? [] : notes,
    };
  }

  section(heading: string, entries: ReportEntry[], empty: string | null = null): ReportSection {
    return { heading, entries, empty: entries.length === 0 ? empty : null };
  }

  document(
    kind: ReportKind,
    title: string,
    subtitle: string | null,
    sections: ReportSection[],
    today: Date,
  ): ReportDocument {
    return {
      kind,
      language: this.language,
      title,
      subtitle,
      printed: this.t('printed', { date: formatPartialDate(today.toISOString().slice(0, 10), this.language) }),
      sections,
      sourcesHeading: this.t('sources'),
      sources: this.sourceTexts,
    };
  }
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * A note's sanitized HTML as plain text: paragraphs, line breaks and list items become new lines,
 * other tags go, the entities the sanitizer writes are read back.
 */
export function plainText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li|\/h[1-6]|\/div|\/blockquote)\b[^>]*>/gi, '\n')
    .replace(/<\s*li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
