import { fillPlaceholders } from '../i18n/placeholders.ts';
import { ruleTexts } from '../i18n/rule-texts.ts';
import type { Language } from '../schemas/common.ts';
import { formatDateText, monthKeys } from './date-text.ts';
import { type DateType, type EventDateInput, isDateRange, openPeriodOf, resolveEventDate } from './event-date.ts';
import { formatYear, parsePartialDate } from './partial-date.ts';

/** The date words of a language (the dictionaries' `dates` section, without the whole dictionary). */
function dateTexts(language: Language) {
  return ruleTexts[language].dates;
}

/**
 * A partial date as it is read in the language: "1850", "March 1850", "12 March 1850"; Swedish
 * "12 mars 1850", Finnish "12. maaliskuuta 1850". The year is shown without padding. The words
 * and patterns are in the dictionaries (section `dates`, from `rule-texts.ts`), so the text is
 * the same in Node and every browser. Text that is not a valid date is returned as it is.
 */
export function formatPartialDate(date: string, language: Language): string {
  const parts = parsePartialDate(date);
  if (!parts) return date.trim();
  const year = formatYear(parts.year);
  if (parts.month === null) return year;
  const monthKey = monthKeys[parts.month - 1];
  // parsePartialDate answers months 1 to 12 only; this is for the type checker.
  if (monthKey === undefined) return year;
  const texts = dateTexts(language);
  if (parts.day === null) return fillPlaceholders(texts.display.month, { month: texts.months[monthKey], year });
  return fillPlaceholders(texts.display.day, { day: parts.day, month: texts.monthsWithDay[monthKey], year });
}

function formatTyped(date: string, type: DateType, language: Language): string {
  const text = formatPartialDate(date, language);
  if (type === 'about' || type === 'before' || type === 'after') {
    return fillPlaceholders(dateTexts(language).display[type], { date: text });
  }
  return text;
}

/**
 * An event's date as it is read (SPEC §4): "12 March 1850", "about 1850", "before May 1850",
 * "between 1850 and 1852", and for a range whose start and end differ "1850 – about 1855"; the
 * open periods of GEDCOM 7 "from 730" and "until 1042" (`openPeriodOf`). Without a start date,
 * the date text of an imported file as it is read (`formatDateText`: "1 January 1700 (Julian)",
 * "44 BC"). Empty text when the event has no date.
 */
export function formatEventDate(input: EventDateInput | null | undefined, language: Language): string {
  const date = resolveEventDate(input);
  if (date.startDate === null || date.endDate === null) return formatDateText(input?.dateText, language);
  const open = openPeriodOf(date);
  if (open !== null) {
    return fillPlaceholders(dateTexts(language).display[open], { date: formatPartialDate(date.startDate, language) });
  }
  if (!isDateRange(date)) return formatTyped(date.startDate, date.startDateType, language);
  if (date.startDateType === 'between') {
    return fillPlaceholders(dateTexts(language).display.between, {
      start: formatPartialDate(date.startDate, language),
      end: formatPartialDate(date.endDate, language),
    });
  }
  return fillPlaceholders(dateTexts(language).display.range, {
    start: formatTyped(date.startDate, date.startDateType, language),
    end: formatTyped(date.endDate, date.endDateType, language),
  });
}
