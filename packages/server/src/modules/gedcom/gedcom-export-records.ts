import { isAlternative } from '@anor/core';
import type { KeptGedcomLine } from '../../db/schema.ts';
import type {
  ExportMedia,
  ExportNote,
  ExportPersonName,
  ExportRecord,
  ExportRepository,
} from './gedcom.export.repository.ts';
import {
  arrange,
  compare,
  type ExportContext,
  type Family,
  line,
  lines,
  noLines,
  type Out,
  type PersonState,
  pointerLine,
  record,
} from './gedcom-export-context.ts';
import { type EventWriter, occupationOf } from './gedcom-export-events.ts';
import type { Families } from './gedcom-export-families.ts';
import { type KeptWriter, memberLinesInPlace } from './gedcom-export-kept.ts';
import type { LinkWriter } from './gedcom-export-links.ts';
import { nameDatesToGedcom, nameDateTag } from './gedcom-name-dates.ts';
import { nameLineValue } from './gedcom-values.ts';

/** GEDCOM 7's NAME TYPE values; a type without one is OTHER with its word as the PHRASE. */
const sevenNameTypes: Record<string, string> = {
  aka: 'AKA',
  birth: 'BIRTH',
  married: 'MARRIED',
  maiden: 'MAIDEN',
  immigrant: 'IMMIGRANT',
};

/**
 * One of a person's other names as a NAME line (issue 19, item 14) with its TYPE: 5.5.1's word
 * (the file's own word for a type it named otherwise), 7.0's enumeration with a PHRASE for the rest;
 * its dates as `_DATE FROM … TO …` (gedcom-name-dates.ts).
 */
export function otherNameLine(name: ExportPersonName, isSeven: boolean): Out {
  const word = name.type === 'other' ? name.typeText : name.type;
  let type: Out[] = [];
  if (isSeven) {
    // A word of 7.0's own enumeration that Anor has no type for (PROFESSIONAL) goes back as it was.
    const sevenWord = word?.toUpperCase() === 'PROFESSIONAL' ? 'PROFESSIONAL' : undefined;
    const known = sevenNameTypes[name.type] ?? sevenWord;
    if (known) type = [line('TYPE', known)];
    else if (word) type = [line('TYPE', 'OTHER', lines(['PHRASE', word]))];
  } else if (word) type = [line('TYPE', word)];
  return line('NAME', nameLineValue(name.fName, name.lName), [
    ...type,
    ...lines(['NICK', name.pName], [nameDateTag, nameDatesToGedcom(name.fromDate, name.toDate)]),
  ]);
}

/**
 * The level-0 records of an export (gedcom.export.ts): INDI with its names, events and family
 * links; FAM with its members and events; SOUR, REPO, NOTE (SNOTE) and OBJE, each with its kept
 * lines back in place.
 */
export function createRecordWriter(
  ctx: ExportContext,
  families: Families,
  kept: KeptWriter,
  links: LinkWriter,
  events: EventWriter,
) {
  const { isSeven, extraOf, infoOf, stateOf, notesOfMedia, noteXref, mediaXref, recordXref, repositoryXref } = ctx;
  const { familyOfExtra } = families;
  const { keptChildren, restored, copiesOf, withCopy, walkOf } = kept;
  const { noteBody, noteReferences, noteLine, pushNotes, mediaFiles, pushMedia, pushCitations } = links;
  const { eventLine, sortedEvents } = events;

  function indiRecord(state: PersonState): Out {
    const { person, xref } = state;
    const info = infoOf.get(person.id);
    const kept = info?.extra?.lines ?? noLines;
    const copies = copiesOf(kept, ['NAME', 'SEX']);
    const nameValue = restored(kept, 'NAME', nameLineValue(person.fName, person.lName));
    const name = withCopy(
      nameValue !== null || person.pName !== null ? line('NAME', nameValue, lines(['NICK', person.pName])) : null,
      copies.get('NAME'),
      person.id,
    );
    const sexValue =
      person.gender === 'male'
        ? 'M'
        : person.gender === 'female'
          ? 'F'
          : person.gender === 'other' && isSeven
            ? 'X'
            : 'U';
    const sex = withCopy(line('SEX', sexValue), copies.get('SEX'), person.id) as Out;
    const head: Out[] = name ? [name, sex] : [sex];

    // The other names after the head, so that the name the person is shown by stays the file's first
    // NAME wherever kept lines put it.
    const body: Out[] = (person.names ?? []).map((other) => otherNameLine(other, isSeven));
    const placed = state.events;
    const occupation = person.occupation;
    const hasOccupationEvent =
      occupation !== null &&
      placed.some(({ event }) => event.type === 'occupation' && occupationOf(event) === occupation);
    for (const entry of placed) {
      const { event, tag } = entry;
      // The first BIRT and DEAT are the birth and death; the first OCCU the person's occupation.
      if ((event.type === 'other' || isAlternative(event)) && (tag === 'BIRT' || tag === 'DEAT')) entry.priority = 1;
      else if (event.type === 'occupation' && hasOccupationEvent && occupationOf(event) !== occupation)
        entry.priority = 1;
    }
    if (occupation !== null && !hasOccupationEvent) body.push(line('OCCU', occupation));
    for (const entry of sortedEvents(placed)) body.push(eventLine(entry));

    // FAMC and FAMS from the relations: the parents' families first, then families of siblings,
    // then the families only kept lines name.
    const childOf = state.childFamilies;
    const childOfSorted =
      childOf.length > 1
        ? [
            ...childOf.filter((family) => family.partners.length > 0),
            ...childOf.filter((family) => family.partners.length === 0),
          ]
        : childOf;
    const extraChildOf = state.extraChildFamilies;
    const spouseOf = state.spouseFamilies;
    const extraSpouseOf = state.extraSpouseFamilies;
    if (kept.length === 0) {
      for (const family of childOfSorted) body.push(pointerLine('FAMC', family.xref));
      for (const family of extraChildOf) body.push(pointerLine('FAMC', family.xref));
      for (const family of spouseOf) body.push(pointerLine('FAMS', family.xref));
      for (const family of extraSpouseOf) body.push(pointerLine('FAMS', family.xref));
      if (info) pushMedia(pushCitations(pushNotes(body, person.id, info), person.id, info), person.id, info);
      return record('INDI', xref, arrange(head, [], body));
    }
    // A kept FAMC/FAMS (a pedigree, a status) goes under the line for its family: the family its
    // pointer names when that family has kept lines, else the person's families of that kind in turn.
    const childLinks = [...childOfSorted, ...extraChildOf];
    const spouseLinks = [...spouseOf, ...extraSpouseOf];
    const famc = new Map(childLinks.map((family) => [family, pointerLine('FAMC', family.xref)]));
    const fams = new Map(spouseLinks.map((family) => [family, pointerLine('FAMS', family.xref)]));
    const named = new Set<Family>();
    for (const entry of kept) {
      const family = entry.pointer === undefined ? undefined : familyOfExtra.get(entry.pointer);
      if ((entry.tag === 'FAMC' || entry.tag === 'FAMS') && family) named.add(family);
    }
    const assigned = new Map<string, Family | undefined>();
    const familyOfLink = (entry: KeptGedcomLine): Family | undefined => {
      const pointer = entry.pointer as string;
      const known = familyOfExtra.get(pointer);
      if (known) return known;
      const key = `${entry.tag} ${pointer}`;
      if (!assigned.has(key)) {
        const taken = new Set(assigned.values());
        const candidates = entry.tag === 'FAMC' ? childLinks : spouseLinks;
        assigned.set(
          key,
          candidates.find((family) => !named.has(family) && !taken.has(family)),
        );
      }
      return assigned.get(key);
    };
    body.push(...famc.values(), ...fams.values());
    if (info) pushMedia(pushCitations(pushNotes(body, person.id, info), person.id, info), person.id, info);

    const usedLinks = new Set<Out>();
    const walk = walkOf(kept, person.id, (entry) => {
      if (entry === copies.get('NAME')) return name;
      if (entry === copies.get('SEX')) return sex;
      if (
        (entry.tag === 'FAMC' || entry.tag === 'FAMS') &&
        entry.pointer !== undefined &&
        !entry.pointer.startsWith('?')
      ) {
        const family = familyOfLink(entry);
        const target = family && (entry.tag === 'FAMC' ? famc.get(family) : fams.get(family));
        if (!target) return null;
        // The same family twice (two pedigrees): the second is a line of its own, as in the file.
        if (usedLinks.has(target))
          return pointerLine(entry.tag, target.pointer as string, keptChildren(entry.children, person.id));
        usedLinks.add(target);
        target.children.push(...keptChildren(entry.children, person.id));
        return target;
      }
      return undefined;
    });
    return record('INDI', xref, arrange(head, walk, body));
  }

  function famRecord(family: Family): Out {
    const kept = family.extras.length === 0 ? noLines : family.extras.flatMap((extra) => extra.lines);
    // HUSB/WIFE by gender (the kept lines may say otherwise), HUSB first.
    const preferred = new Map<string, string>();
    for (const entry of kept) {
      if ((entry.tag === 'HUSB' || entry.tag === 'WIFE') && entry.pointer !== undefined)
        preferred.set(entry.pointer, entry.tag);
    }
    const roles: string[] = [];
    const taken = new Set<string>();
    family.partnerStates.forEach((state, index) => {
      const wanted =
        preferred.get(state.person.id) ??
        (state.person.gender === 'female' ? 'WIFE' : state.person.gender === 'male' ? 'HUSB' : undefined);
      if ((wanted === 'HUSB' || wanted === 'WIFE') && !taken.has(wanted)) {
        roles[index] = wanted;
        taken.add(wanted);
      }
    });
    family.partnerStates.forEach((_, index) => {
      if (roles[index] !== undefined) return;
      const free = taken.has('HUSB') ? 'WIFE' : 'HUSB';
      roles[index] = free;
      taken.add(free);
    });
    const partnerLines = family.partnerStates
      .map((state, index) => [state, roles[index] as string] as const)
      .sort((a, b) => (a[1] === b[1] ? 0 : a[1] === 'HUSB' ? -1 : 1));
    const head: Out[] = [];
    const members = kept.length === 0 ? null : new Map<string, Out>();
    for (const [state, tag] of partnerLines) {
      const written = pointerLine(tag, state.xref);
      members?.set(`partner ${state.person.id}`, written);
      head.push(written);
    }
    const children =
      family.childStates.length > 1
        ? [...family.childStates].sort(
            (a, b) => compare(a.birth ?? '\uffff', b.birth ?? '\uffff') || compare(a.person.id, b.person.id),
          )
        : family.childStates;
    for (const state of children) {
      const written = pointerLine('CHIL', state.xref);
      members?.set(`child ${state.person.id}`, written);
      head.push(written);
    }
    if (members === null)
      return record('FAM', family.xref, arrange(head, [], sortedEvents(family.events).map(eventLine)));
    // Members only kept lines name (see Family): a child where its kept line was (or after the
    // events), a partner after the FAM's two (the import takes the first two as the partners).
    const extraChildLines: Out[] = [];
    for (const id of family.extraChildren) {
      const written = pointerLine('CHIL', stateOf.get(id)?.xref as string);
      members.set(`child ${id}`, written);
      extraChildLines.push(written);
    }
    const tail: Out[] = [];
    for (const id of family.extraPartners) {
      const tag = preferred.get(id) ?? (stateOf.get(id)?.person.gender === 'female' ? 'WIFE' : 'HUSB');
      const written = pointerLine(tag, stateOf.get(id)?.xref as string);
      members.set(`extra partner ${id}`, written);
      tail.push(written);
    }
    const usedMembers = new Set<Out>();
    const walk = walkOf(memberLinesInPlace(kept), null, (entry) => {
      const isPartnerLine = entry.tag === 'HUSB' || entry.tag === 'WIFE';
      if ((!isPartnerLine && entry.tag !== 'CHIL') || entry.pointer === undefined || entry.pointer.startsWith('?')) {
        return undefined;
      }
      const member = isPartnerLine
        ? (members.get(`partner ${entry.pointer}`) ?? members.get(`extra partner ${entry.pointer}`))
        : members.get(`child ${entry.pointer}`);
      if (!member) return null;
      if (usedMembers.has(member)) {
        const again = pointerLine(entry.tag, member.pointer as string, keptChildren(entry.children, null));
        if (!tail.includes(member)) return again;
        tail.push(again);
        return null;
      }
      usedMembers.add(member);
      member.children.push(...keptChildren(entry.children, null));
      return tail.includes(member) ? null : member;
    });
    const body = [...sortedEvents(family.events).map(eventLine), ...extraChildLines];
    return record('FAM', family.xref, [...arrange(head, walk, body), ...tail]);
  }

  function sourceRecord(record: ExportRecord): Out {
    const xref = recordXref.get(record.id) as string;
    const kept = extraOf.get(record.id)?.lines ?? [];
    const head: Out[] = lines(
      ['TITL', restored(kept, 'TITL', record.title)],
      ['AUTH', record.originator],
      ['ABBR', record.filedByEntry],
      ['PUBL', record.publicationFacts],
      ['WWW', record.url],
    );
    const repositoryXrefOf = record.repositoryId === null ? undefined : repositoryXref.get(record.repositoryId);
    // A kept REPO of the same repository (with its call numbers) stands for the written one.
    const keptRepository = kept.some((entry) => entry.tag === 'REPO' && entry.pointer === record.repositoryId);
    if (repositoryXrefOf !== undefined && !keptRepository) head.push(pointerLine('REPO', repositoryXrefOf));
    const body = pushMedia(pushNotes([], record.id), record.id);
    return { ...line('SOUR', null, arrange(head, walkOf(kept, null), body)), xref };
  }
  function repositoryRecord(repository: ExportRepository): Out {
    const xref = repositoryXref.get(repository.id) as string;
    const kept = extraOf.get(repository.id)?.lines ?? [];
    const copies = copiesOf(kept, ['ADDR']);
    const addressParts = lines(
      ['CITY', repository.city],
      ['STAE', repository.state],
      ['POST', repository.postalCode],
      ['CTRY', repository.country],
    );
    const address =
      repository.address !== null || addressParts.length > 0 ? line('ADDR', repository.address, addressParts) : null;
    const addr = withCopy(address, copies.get('ADDR'), null);
    const head: Out[] = lines(['NAME', restored(kept, 'NAME', repository.title)]);
    if (addr) head.push(addr);
    head.push(
      ...lines(
        ['PHON', repository.phone],
        ['EMAIL', repository.email],
        ['FAX', repository.fax],
        ['WWW', repository.www],
      ),
    );
    const walk = walkOf(kept, null, (entry) => (entry === copies.get('ADDR') ? addr : undefined));
    return { ...line('REPO', null, arrange(head, walk, pushNotes([], repository.id))), xref };
  }
  /** A note's NOTE (SNOTE) record; null for a note written inline. */
  function noteRecord(note: ExportNote): Out | null {
    const xref = noteXref.get(note.id);
    if (xref === undefined) return null;
    const { value, children } = noteBody(note);
    children.push(...noteReferences(note), ...keptChildren(extraOf.get(note.id)?.lines ?? [], null));
    return { ...line(isSeven ? 'SNOTE' : 'NOTE', value, children), xref };
  }
  /** A media object's OBJE record; null for one written inline. */
  function mediaRecord(media: ExportMedia): Out | null {
    const xref = mediaXref.get(media.id);
    if (xref === undefined) return null;
    const kept = extraOf.get(media.id)?.lines ?? [];
    const children: Out[] = mediaFiles(media, isSeven ? 'MEDI' : 'TYPE', kept);
    for (const noteId of notesOfMedia.get(media.id) ?? []) {
      const written = noteLine(noteId);
      if (written) children.push(written);
    }
    children.push(...noteReferences(media), ...keptChildren(kept, null));
    return { ...line('OBJE', null, children), xref };
  }

  return { indiRecord, famRecord, sourceRecord, repositoryRecord, noteRecord, mediaRecord };
}
