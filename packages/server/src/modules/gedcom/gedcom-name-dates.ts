import { normalizePartialDate, type PartialDate, parsePartialDate } from '@anor/core';
import { formatGedcomDate, type GedcomDatePart, parseGedcomDate } from '@anor/gedcom';

/**
 * The dates of a person's other names (issue 19, item 14: from when, until when a name was used)
 * in GEDCOM. Neither 5.5.1 nor 7.0 has a DATE under NAME, so the export writes them as the
 * extension line `2 _DATE FROM 1875 TO 1890` (`FROM 1875`, `TO 1890` for one side): a period,
 * since a name's dates are when it was used. The import reads `_DATE` and also `DATE` under NAME
 * (as some programs write it), but only a Gregorian period whose dates Anor's partial dates hold;
 * any other value answers null and the caller keeps the NAME line whole, so nothing is changed.
 * See docs/architecture.md (GEDCOM, other names).
 */

/** The tag the export writes under an other name's NAME line. */
export const nameDateTag = '_DATE';

/** The tags under NAME the import reads as the name's dates. */
export const nameDateTags: ReadonlySet<string> = new Set([nameDateTag, 'DATE']);

function gedcomPart(date: string): GedcomDatePart | null {
  const parts = parsePartialDate(date as PartialDate);
  if (!parts) return null;
  return { calendar: 'gregorian', year: parts.year, month: parts.month, day: parts.day };
}

/** An other name's dates as a GEDCOM period value, null when it has none. */
export function nameDatesToGedcom(fromDate: string | null, toDate: string | null): string | null {
  const from = fromDate ? gedcomPart(fromDate) : null;
  const to = toDate ? gedcomPart(toDate) : null;
  if (from === null && to === null) return null;
  return formatGedcomDate(
    { kind: 'period', ...(from === null ? {} : { from }), ...(to === null ? {} : { to }) },
    '5.5.1',
  );
}

function partialDateOf(part: GedcomDatePart | undefined): PartialDate | null | undefined {
  if (part === undefined) return null;
  if (part.calendar !== 'gregorian' || part.bce || part.dualYear !== undefined || part.epoch !== undefined) {
    return undefined;
  }
  if (part.monthName !== undefined) return undefined;
  const month = part.month === null ? '' : `-${String(part.month).padStart(2, '0')}`;
  const day = part.day === null || part.month === null ? '' : `-${String(part.day).padStart(2, '0')}`;
  return normalizePartialDate(`${String(part.year).padStart(4, '0')}${month}${day}`) ?? undefined;
}

/** A name's DATE or _DATE value as from and to dates; null when it is not a period Anor can hold whole. */
export function nameDatesOf(value: string | undefined): { fromDate: string | null; toDate: string | null } | null {
  const parsed = parseGedcomDate((value ?? '').trim());
  if (parsed.kind !== 'period') return null;
  const fromDate = partialDateOf(parsed.from);
  const toDate = partialDateOf(parsed.to);
  if (fromDate === undefined || toDate === undefined || (fromDate === null && toDate === null)) return null;
  // The value must be what the export writes back (the same text, but for case and spaces).
  const again = nameDatesToGedcom(fromDate, toDate);
  if (again === null || again !== formatGedcomDate(parsed, '5.5.1')) return null;
  return { fromDate, toDate };
}
