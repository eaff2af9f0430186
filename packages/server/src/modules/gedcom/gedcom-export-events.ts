import { formatGedcomDateValue, parseGedcomDate } from '@anor/gedcom';
import type { ExportEvent, ExportLocation } from './gedcom.export.repository.ts';
import { anorDateToGedcom, mapGedcomDate } from './gedcom-date.ts';
import {
  arrange,
  compare,
  type ExportContext,
  line,
  lines,
  type NodeInfo,
  noLines,
  type Out,
  type PlacedEvent,
  pointerLine,
  sortKeyOfEvent,
} from './gedcom-export-context.ts';
import type { KeptWriter } from './gedcom-export-kept.ts';
import type { LinkWriter } from './gedcom-export-links.ts';
import {
  anorRolesToGedcom,
  factKindOfType,
  factTags,
  familyEventTags,
  individualEventTags,
  otherEventName,
} from './gedcom-tags.ts';

/** Events with their dates and places, as the export (gedcom.export.ts) writes them. */

/** Anor's type (and subtype) → the GEDCOM tag the import reads it from. */
const tagOfType = new Map<string, string>();
for (const table of [individualEventTags, familyEventTags, factTags]) {
  for (const [tag, mapping] of Object.entries(table)) {
    const key = `${mapping.type}/${mapping.subtype ?? ''}`;
    if (!tagOfType.has(key)) tagOfType.set(key, tag);
  }
}

/** Events whose value may be `Y` (5.5.1: "the event happened") when they have nothing else. */
const yesTags = new Set([
  'BIRT',
  'CHR',
  'DEAT',
  'BURI',
  'CREM',
  'ADOP',
  'BAPM',
  'BARM',
  'BASM',
  'BLES',
  'CHRA',
  'CONF',
  'FCOM',
  'ORDN',
  'NATU',
  'EMIG',
  'IMMI',
  'CENS',
  'PROB',
  'WILL',
  'GRAD',
  'RETI',
  'MARR',
  'MARB',
  'ENGA',
  'DIV',
  'ANUL',
  'DIVF',
  'MARC',
  'MARL',
  'MARS',
]);

const languages = ['sv', 'en', 'da', 'no', 'fi'] as const;

/** A coordinate as GEDCOM writes it: N59.1234, W12.5. */
function coordinate(value: number, positive: string, negative: string): string {
  const absolute = Math.abs(value);
  let text = String(absolute);
  if (text.includes('e')) text = absolute.toFixed(8).replace(/\.?0+$/, '');
  return `${value < 0 ? negative : positive}${text}`;
}

/** An occupation event's title: Anor keeps it in the cause field; an import of today, in the description. */
export function occupationOf(event: ExportEvent): string | null {
  return event.causeOfEvent ?? event.description;
}

export function eventTagOf(event: ExportEvent, info: NodeInfo | undefined): string {
  if (event.type === 'other') return info?.extra?.tag ?? 'EVEN';
  // A file's FACT or EVEN whose TYPE named the fact's kind (`2 TYPE Religion`) is written so again,
  // as long as the kind is still the one its TYPE names; else as the kind's own tag (RELI).
  const fileTag = info?.extra?.tag;
  if (event.type === 'fact' && (fileTag === 'FACT' || fileTag === 'EVEN')) {
    const typeLine = info?.extra?.lines.find((line) => line.tag === 'TYPE' && line.original !== undefined);
    if (typeLine && factKindOfType(typeLine.original) === event.subtype) return fileTag;
  }
  return tagOfType.get(`${event.type}/${event.subtype ?? ''}`) ?? tagOfType.get(`${event.type}/`) ?? 'EVEN';
}

export function createEventWriter(ctx: ExportContext, kept: KeptWriter, links: LinkWriter) {
  const { isSeven, locationById, headerPlaceForm, sourceIsSeven, stateOf } = ctx;
  const { restored, copiesOf, withCopy, walkOf } = kept;
  const { pushNotes, pushCitations, pushMedia } = links;

  // ---- Places ----
  const placeWritten = new Set<string>();
  /** What a place's PLAC says, worked out once per place: its names up to the root, their types, its coordinates. */
  const placeTexts = new Map<
    string,
    { value: string; form: string | null; lati: string | null; long: string | null }
  >();
  function placeText(leaf: ExportLocation) {
    let known = placeTexts.get(leaf.id);
    if (known) return known;
    const names: string[] = [];
    const types: string[] = [];
    const seen = new Set<string>();
    for (
      let place: ExportLocation | undefined = leaf;
      place && !seen.has(place.id);
      place = place.parentId === null ? undefined : locationById.get(place.parentId)
    ) {
      seen.add(place.id);
      names.push(place.name);
      types.push(place.type ?? '');
    }
    // FORM when the header's PLAC.FORM would not give the places their types.
    const fromHeader = headerPlaceForm && headerPlaceForm.length === types.length ? headerPlaceForm : null;
    const sameAsHeader = fromHeader
      ? types.every((type, index) => type === (fromHeader[index] ?? ''))
      : types.every((type) => type === '');
    const hasCoordinates = leaf.lat !== null && leaf.lng !== null;
    known = {
      value: names.join(', '),
      form: sameAsHeader ? null : types.join(', '),
      lati: hasCoordinates ? coordinate(leaf.lat as number, 'N', 'S') : null,
      long: hasCoordinates ? coordinate(leaf.lng as number, 'E', 'W') : null,
    };
    placeTexts.set(leaf.id, known);
    return known;
  }
  function placeLine(locationId: string): Out | null {
    const leaf = locationById.get(locationId);
    if (!leaf) return null;
    const { value, form, lati, long } = placeText(leaf);
    const children: Out[] = [];
    if (form !== null) children.push(line('FORM', form));
    if (lati !== null && long !== null) children.push(line('MAP', null, [line('LATI', lati), line('LONG', long)]));
    // A place's notes and citations once, with the first event there.
    if (!placeWritten.has(leaf.id)) {
      placeWritten.add(leaf.id);
      pushNotes(children, leaf.id);
      pushCitations(children, leaf.id);
    }
    return line('PLAC', value, children);
  }

  // ---- Dates ----
  /** GEDCOM dates by Anor date: many events share one. */
  const dateValues = new Map<string, string | null>();
  function dateLine(event: ExportEvent): Out | null {
    if (event.dateText !== null) {
      const mapped = mapGedcomDate(event.dateText).date;
      const same =
        mapped.startDate === event.startDate &&
        mapped.endDate === event.endDate &&
        (mapped.startDate === null ||
          (mapped.startDateType === event.startDateType && mapped.endDateType === event.endDateType));
      if (same) return dateTextLine(event.dateText);
    }
    // Most dates are one exact date: its text is the key (no new string to hash).
    const key =
      event.startDateType === 'exact' && event.endDateType === 'exact' && event.endDate === event.startDate
        ? (event.startDate ?? '')
        : `${event.startDate} ${event.startDateType} ${event.endDate} ${event.endDateType}`;
    let value = dateValues.get(key);
    if (value === undefined) {
      value = anorDateToGedcom(event);
      dateValues.set(key, value);
    }
    return value === null ? null : line('DATE', value);
  }
  /** The date as the file wrote it, in the syntax of the version written. */
  function dateTextLine(text: string): Out {
    const parsed = parseGedcomDate(text);
    if (!isSeven) {
      // From a 5.x file the text is already 5.x syntax: as it was, also when no reader understands it.
      if (!sourceIsSeven || (parsed.kind === 'phrase' && parsed.unparsed)) return line('DATE', text);
      return line('DATE', formatGedcomDateValue(parsed, '5.5.1').value);
    }
    const { value, phrase } = formatGedcomDateValue(parsed, '7.0');
    return line('DATE', value, lines(['PHRASE', phrase]));
  }

  // ---- Events ----
  function eventLine(placed: PlacedEvent): Out {
    const { event, structural, tag } = placed;
    const personId = structural[0] ?? null;
    const kept = placed.info?.extra?.lines ?? noLines;
    const copies = copiesOf(kept, ['DATE', 'PLAC']);
    const head: Out[] = [];
    const generic = tag === 'EVEN' || tag === 'FACT';
    // EVEN's and FACT's TYPE: the type's own name (or the file's TYPE the import could not store).
    const typeText = generic ? restored(kept, 'TYPE', event.typeName) : null;
    if (typeText !== null) head.push(line('TYPE', typeText));
    else if (event.typeName !== null && !generic && event.type === 'other') {
      // A renamed type of a known tag: TYPE says the name (read back as a kept line).
      const renamed = languages.every((language) => otherEventName(tag, language) !== event.typeName);
      if (renamed) head.push(line('TYPE', restored(kept, 'TYPE', event.typeName)));
    }
    const date = withCopy(dateLine(event), copies.get('DATE'), personId);
    const place = withCopy(
      event.locationId === null ? null : placeLine(event.locationId),
      copies.get('PLAC'),
      personId,
    );
    if (date) head.push(date);
    if (place) head.push(place);
    // A custom event is read as one only with a DATE or PLAC.
    if (tag.startsWith('_') && !date && !place) head.push(line('DATE'));
    // An occupation's title is its "cause" field in Anor (the import of today puts OCCU's value in
    // the description): it is the OCCU line's value, and has no CAUS.
    const isOccupation = event.type === 'occupation';
    const body: Out[] = isOccupation ? [] : lines(['CAUS', event.causeOfEvent]);
    for (const participant of event.participants) {
      const xref = stateOf.get(participant.personId)?.xref;
      if (xref === undefined || structural.includes(participant.personId)) continue;
      const role = anorRolesToGedcom[participant.role];
      const roleLines = !isSeven
        ? [line('RELA', participant.role)]
        : [role ? line('ROLE', role) : line('ROLE', 'OTHER', [line('PHRASE', participant.role)])];
      body.push(pointerLine('ASSO', xref, roleLines));
    }
    const { info } = placed;
    if (info) pushMedia(pushCitations(pushNotes(body, event.id, info), event.id, info), event.id, info);
    const walk = walkOf(kept, personId, (entry) =>
      entry === copies.get('DATE') ? date : entry === copies.get('PLAC') ? place : undefined,
    );
    const children = arrange(head, walk, body);
    let value = restored(kept, tag, isOccupation ? occupationOf(event) : event.description);
    if (value === null && children.length === 0 && yesTags.has(tag)) value = 'Y';
    return line(tag, value, children);
  }
  function sortedEvents(placed: PlacedEvent[]): PlacedEvent[] {
    return placed.sort(
      (a, b) =>
        a.priority - b.priority ||
        compare(sortKeyOfEvent(a.event), sortKeyOfEvent(b.event)) ||
        compare(a.event.id, b.event.id),
    );
  }

  return { eventLine, sortedEvents };
}

export type EventWriter = ReturnType<typeof createEventWriter>;
