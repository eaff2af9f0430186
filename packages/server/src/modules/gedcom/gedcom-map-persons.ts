import {
  type Gender,
  hasInvalidNameCharacters,
  type PersonNameType,
  type PersonNameValues,
  personMatchKeys,
  personNameInputSchema,
  personSearchText,
  personSortKey,
} from '@anor/core';
import type { GedcomNode, GedcomRecord } from '@anor/gedcom';
import { childOf, type MapContext, newId, nullIfEmpty, textOf } from './gedcom-map-context.ts';
import { type EventMapper, isCustomEvent, primary } from './gedcom-map-events.ts';
import type { FamilyMapper } from './gedcom-map-families.ts';
import type { LinkMapper } from './gedcom-map-links.ts';
import { nameDatesOf, nameDateTags } from './gedcom-name-dates.ts';
import { individualEventTags, isOtherEventTag, saysNotHappened } from './gedcom-tags.ts';
import { nameLineValue, problemOf, shorten, valueRules } from './gedcom-values.ts';

/** INDI records → Anor's persons (names, nickname, sex, occupation) and their events, for the mapper (gedcom.mapper.ts). */

/** `Given /Surname/ Suffix` → its parts (a name with no slashes is all given name). */
function nameParts(value: string): { given: string; surname: string; suffix: string } {
  const first = value.indexOf('/');
  if (first === -1) return { given: value.trim(), surname: '', suffix: '' };
  const second = value.indexOf('/', first + 1);
  const surname = second === -1 ? value.slice(first + 1) : value.slice(first + 1, second);
  const suffix = second === -1 ? '' : value.slice(second + 1);
  return { given: value.slice(0, first).trim(), surname: surname.trim(), suffix: suffix.trim() };
}

/** GEDCOM's NAME TYPE values (5.5.1 lower case, 7 upper case) → Anor's name types. */
const nameTypes: Record<string, PersonNameType> = {
  aka: 'aka',
  birth: 'birth',
  married: 'married',
  maiden: 'maiden',
  immigrant: 'immigrant',
  variant: 'variant',
  other: 'other',
};

/**
 * A person's second or later NAME as one of their other names (issue 19, item 14), when Anor's
 * fields say all of it: `Given /Surname/` with GIVN, SURN that repeat it, a NICK, a TYPE and the
 * dates it was used (`_DATE FROM 1875 TO 1890`, see gedcom-name-dates.ts), and nothing else; validated as a typed name is. Anything else (a suffix, a note, a source, a name
 * the form refuses) answers null, and the line is kept whole as before.
 */
export function otherNameOf(node: GedcomNode): PersonNameValues | null {
  const parts = nameParts(node.value ?? '');
  if (parts.suffix !== '') return null;
  const fName = nullIfEmpty(parts.given);
  const lName = nullIfEmpty(parts.surname);
  let pName: string | null = null;
  let typeText: string | null = null;
  let dates: { fromDate: string | null; toDate: string | null } | null = null;
  for (const part of node.children) {
    // 7.0's TYPE OTHER says its word in a PHRASE (as the export writes a type 7.0 has no word for).
    const phrase =
      part.tag === 'TYPE' && textOf(part)?.toUpperCase() === 'OTHER' && part.children.length === 1
        ? part.children.find((child) => child.tag === 'PHRASE' && child.children.length === 0)
        : undefined;
    if (phrase !== undefined && typeText === null && textOf(phrase) !== null) {
      typeText = textOf(phrase);
      continue;
    }
    if (part.children.length > 0) return null;
    const text = textOf(part);
    if (part.tag === 'GIVN' && text === fName) continue;
    if (part.tag === 'SURN' && text === lName) continue;
    if (part.tag === 'NICK' && pName === null) pName = text;
    else if (part.tag === 'TYPE' && typeText === null) typeText = text;
    else if (nameDateTags.has(part.tag) && dates === null) {
      // From when and until when the name was used (gedcom-name-dates.ts); any other date keeps the line whole.
      dates = nameDatesOf(part.value);
      if (dates === null) return null;
    } else return null;
  }
  const known = typeText === null ? 'other' : nameTypes[typeText.toLowerCase()];
  const parsed = personNameInputSchema.safeParse({
    type: known ?? 'other',
    typeText: known === undefined ? typeText : null,
    fName,
    pName,
    lName,
    fromDate: dates?.fromDate ?? null,
    toDate: dates?.toDate ?? null,
  });
  return parsed.success ? parsed.data : null;
}

function genderOf(value: string | null): Gender {
  switch (value?.toUpperCase()[0]) {
    case 'M':
      return 'male';
    case 'F':
      return 'female';
    case 'X':
      return 'other';
    default:
      return 'unknown';
  }
}

export function createPersonMapper(ctx: MapContext, links: LinkMapper, events: EventMapper, families: FamilyMapper) {
  const { plan, report, claim, keep, fits, keepOriginal, keepUnder, keepTreeRecord } = ctx;
  const { linkNote, cite, linkMedia } = links;
  const { mapEvent } = events;
  const { familyOf } = families;

  function mapIndividual(record: GedcomRecord): void {
    const id = claim(record, 'person');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    if (plan.rootId === null) plan.rootId = id;
    let fName: string | null = null;
    let lName: string | null = null;
    let pName: string | null = null;
    let occupation: string | null = null;
    let gender: Gender = 'unknown';
    let named = false;
    let sexed = false;
    const otherNames: PersonNameValues[] = [];
    for (const child of record.children) {
      const mapping = individualEventTags[child.tag];
      if (mapping || isOtherEventTag(child.tag) || isCustomEvent(child)) {
        // A family event under INDI, or an event whose value says it did not happen (`1 DEAT N`), is kept.
        if (['ANUL', 'DIVF', 'MARC', 'MARL', 'MARS', 'SLGS'].includes(child.tag) || saysNotHappened(child)) {
          keep(id, 'person', child, 'INDI');
          continue;
        }
        mapEvent(child, mapping ?? null, [primary(id)], `INDI.${child.tag}`);
        // The person's occupation when the field takes it (the OCCU event has it either way).
        const title: string | null = child.tag === 'OCCU' && occupation === null ? textOf(child) : null;
        if (title !== null && problemOf(title, valueRules.occupation) === null) occupation = title;
        continue;
      }
      switch (child.tag) {
        case 'NAME': {
          if (named) {
            const other = otherNameOf(child);
            if (other) otherNames.push(other);
            else keep(id, 'person', child, 'INDI');
            break;
          }
          named = true;
          const parts = nameParts(child.value ?? '');
          const givn = textOf(childOf(child, 'GIVN'));
          const surn = textOf(childOf(child, 'SURN'));
          fName = nullIfEmpty(parts.given) ?? (child.value?.includes('/') ? null : givn);
          lName = nullIfEmpty(parts.surname) ?? (child.value?.includes('/') ? null : surn);
          if (!child.value?.trim()) {
            fName = givn;
            lName = surn;
          }
          // A name with characters the name form refuses stays the file's line; Anor's names stay empty.
          if (
            (fName !== null && hasInvalidNameCharacters(fName)) ||
            (lName !== null && hasInvalidNameCharacters(lName))
          ) {
            fits(child.value?.trim() ?? '', { max: Number.POSITIVE_INFINITY, name: true }, child.line, 'INDI.NAME');
            fName = null;
            lName = null;
            keep(id, 'person', child, 'INDI');
            break;
          }
          // A name too long for the form: shortened; export writes the file's NAME while the names are unchanged.
          const long =
            (fName !== null && fName.length > valueRules.firstName.max) ||
            (lName !== null && lName.length > valueRules.lastName.max);
          if (long) {
            fName = fName === null ? null : shorten(fName, valueRules.firstName.max);
            lName = lName === null ? null : shorten(lName, valueRules.lastName.max);
            const rule = { max: Math.max(valueRules.firstName.max, valueRules.lastName.max) };
            keepOriginal(id, 'person', child, nameLineValue(fName, lName) ?? '', 'value-shortened', rule, 'INDI.NAME');
          }
          const leftOver: GedcomNode[] = [];
          for (const part of child.children) {
            if (part.tag === 'GIVN' && part.children.length === 0 && textOf(part) === fName) continue;
            if (part.tag === 'SURN' && part.children.length === 0 && textOf(part) === lName) continue;
            if (
              part.tag === 'NICK' &&
              pName === null &&
              part.children.length === 0 &&
              fits(textOf(part), valueRules.nickname, part.line, 'INDI.NAME.NICK')
            ) {
              pName = textOf(part);
              continue;
            }
            if (part.tag === 'NOTE' || part.tag === 'SNOTE') {
              linkNote(part, id, 'person', 'INDI.NAME');
              continue;
            }
            if (part.tag === 'SOUR') {
              cite(part, id, 'person', 'INDI.NAME');
              continue;
            }
            leftOver.push(part);
          }
          if (!long && parts.suffix !== '' && !childOf(child, 'NSFX')) {
            leftOver.push({ level: 2, tag: 'NSFX', value: parts.suffix, line: child.line, children: [] });
          }
          keepUnder(id, 'person', child, leftOver, 'INDI');
          break;
        }
        case 'NICK':
          if (
            pName === null &&
            child.children.length === 0 &&
            fits(textOf(child), valueRules.nickname, child.line, 'INDI.NICK')
          )
            pName = textOf(child);
          else keep(id, 'person', child, 'INDI');
          break;
        case 'SEX':
          if (sexed) keep(id, 'person', child, 'INDI');
          else {
            sexed = true;
            gender = genderOf(textOf(child));
            if (child.children.length > 0) keepUnder(id, 'person', child, [...child.children], 'INDI');
          }
          break;
        case 'FAMC':
        case 'FAMS': {
          const family = child.pointer === undefined ? undefined : familyOf(child.pointer, child.line);
          if (family === undefined) {
            if (child.pointer === undefined) report.warn('missing-record', child.line, child.tag);
            else if (child.children.length > 0) keep(id, 'person', child, 'INDI');
            break;
          }
          if (child.tag === 'FAMC' && !family.children.includes(id)) family.children.push(id);
          if (child.tag === 'FAMS' && !family.partners.includes(id)) family.partners.push(id);
          // Pedigree (adopted, foster), a status, notes on the link: kept, pointing at the family.
          if (child.children.length > 0) keep(id, 'person', child, 'INDI');
          break;
        }
        case 'NOTE':
        case 'SNOTE':
          linkNote(child, id, 'person', 'INDI');
          break;
        case 'SOUR':
          cite(child, id, 'person', 'INDI');
          break;
        case 'OBJE':
          linkMedia(child, id, 'person', 'INDI');
          break;
        default:
          keep(id, 'person', child, 'INDI');
      }
    }
    plan.persons.push({
      id,
      fName,
      pName,
      lName,
      gender,
      occupation,
      description: null,
      searchText: personSearchText([{ fName, pName, lName }, ...otherNames], occupation),
      sortKey: personSortKey({ fName, lName, pName }),
      matchKeys: personMatchKeys([{ fName, pName, lName }, ...otherNames]),
      names: otherNames.map((name, position) => ({ ...name, id: newId(), personId: id, position })),
    });
  }

  return { mapIndividual };
}
