import { foldForSearch } from '@anor/core';
import type { GedcomNode, GedcomRecord } from '@anor/gedcom';
import { childOf, type MapContext, textOf } from './gedcom-map-context.ts';
import type { LinkMapper } from './gedcom-map-links.ts';
import { type ValueRule, valueRules } from './gedcom-values.ts';

/** SOUR, REPO, NOTE and OBJE records → Anor's source records, repositories, notes and media, for the mapper (gedcom.mapper.ts). */

export function createRecordMapper(ctx: MapContext, links: LinkMapper) {
  const { plan, report, resolve, claim, keep, fits, shortened, keepUnder, keepTreeRecord } = ctx;
  const { noteHtml, noteIdOf, linkNote, cite, linkMedia, linkPosition, mediaFields, referenceFields } = links;

  function mapSourceRecord(record: GedcomRecord): void {
    const id = claim(record, 'record');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const used = new Set<GedcomNode>();
    /** A line's value for a field that takes it; a value the field refuses leaves the line to be kept. */
    const take = (tag: string, rule: ValueRule): string | null => {
      const node = childOf(record, tag);
      if (node === undefined || node.children.length > 0) return null;
      if (!fits(textOf(node), rule, node.line, `SOUR.${tag}`)) return null;
      used.add(node);
      return textOf(node);
    };
    const titl = childOf(record, 'TITL');
    let title = titl === undefined || titl.children.length > 0 ? '' : (textOf(titl) ?? '');
    if (titl !== undefined && titl.children.length === 0) used.add(titl);
    if (titl !== undefined && title.length > valueRules.recordTitle.max)
      title = shortened(id, 'record', titl, title, valueRules.recordTitle, 'SOUR.TITL');
    const originator = take('AUTH', valueRules.recordAuthor);
    const filedByEntry = take('ABBR', valueRules.recordAuthor);
    const publicationFacts = take('PUBL', valueRules.publicationFacts);
    const www = childOf(record, 'WWW') ?? childOf(record, '_URL') ?? childOf(record, '_LINK');
    const url = www && www.children.length === 0 ? take(www.tag, valueRules.webAddress) : null;
    let repositoryId: string | null = null;
    const repo = childOf(record, 'REPO');
    if (repo?.pointer !== undefined) {
      repositoryId = resolve(repo.pointer, 'repository', repo.line) ?? null;
      if (repositoryId !== null && repo.children.length === 0) used.add(repo);
    }
    plan.records.push({
      id,
      repositoryId,
      title,
      titleKey: foldForSearch(title),
      originator,
      filedByEntry,
      publicationFacts,
      url,
    });
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'NOTE' || child.tag === 'SNOTE') linkNote(child, id, 'record', 'SOUR');
      else if (child.tag === 'OBJE') linkMedia(child, id, 'record', 'SOUR');
      else keep(id, 'record', child, 'SOUR');
    }
  }

  function mapRepository(record: GedcomRecord): void {
    const id = claim(record, 'repository');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const used = new Set<GedcomNode>();
    /** A line's value for a field that takes it; a value the field refuses leaves the line to be kept. */
    const take = (parent: GedcomNode | undefined, tag: string, rule: ValueRule): string | null => {
      const node = parent === undefined ? undefined : childOf(parent, tag);
      if (node === undefined || node.children.length > 0) return null;
      if (!fits(textOf(node), rule, node.line, `REPO.${tag}`)) return null;
      used.add(node);
      return textOf(node);
    };
    const name = childOf(record, 'NAME');
    let title = name === undefined || name.children.length > 0 ? '' : (textOf(name) ?? '');
    if (name !== undefined && name.children.length === 0) used.add(name);
    if (name !== undefined && title.length > valueRules.repositoryTitle.max)
      title = shortened(id, 'repository', name, title, valueRules.repositoryTitle, 'REPO.NAME');
    // An address the form would refuse stays the ADDR line whole.
    const wholeAddr = childOf(record, 'ADDR');
    const addr =
      wholeAddr === undefined || fits(textOf(wholeAddr), valueRules.repositoryAddress, wholeAddr.line, 'REPO.ADDR')
        ? wholeAddr
        : undefined;
    const address = addr ? textOf(addr) : null;
    const addrUsed = new Set<GedcomNode>();
    const takeAddr = (tag: string, rule: ValueRule): string | null => {
      const fromAddr = addr ? childOf(addr, tag) : undefined;
      if (
        fromAddr &&
        fromAddr.children.length === 0 &&
        fits(textOf(fromAddr), rule, fromAddr.line, `REPO.ADDR.${tag}`)
      ) {
        addrUsed.add(fromAddr);
        return textOf(fromAddr);
      }
      return null;
    };
    const city = takeAddr('CITY', valueRules.repositoryPlace);
    const state = takeAddr('STAE', valueRules.repositoryPlace);
    const postalCode = takeAddr('POST', valueRules.postalCode);
    const country = takeAddr('CTRY', valueRules.repositoryPlace);
    plan.repositories.push({
      id,
      title,
      titleKey: foldForSearch(title),
      address,
      city,
      state,
      postalCode,
      country,
      phone: take(record, 'PHON', valueRules.phone) ?? (addr ? takeAddr('PHON', valueRules.phone) : null),
      email: take(record, 'EMAIL', valueRules.repositoryEmail) ?? take(record, '_EMAIL', valueRules.repositoryEmail),
      fax: take(record, 'FAX', valueRules.phone),
      www: take(record, 'WWW', valueRules.webAddress),
    });
    if (addr) {
      used.add(addr);
      const rest = addr.children.filter((child) => !addrUsed.has(child));
      keepUnder(id, 'repository', addr, rest, 'REPO');
    }
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'NOTE' || child.tag === 'SNOTE') linkNote(child, id, 'repository', 'REPO');
      else keep(id, 'repository', child, 'REPO');
    }
  }

  function mapNoteRecord(record: GedcomRecord): void {
    const id = claim(record, 'note');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const used = new Set<GedcomNode>();
    const references = referenceFields(record, used);
    const mime = childOf(record, 'MIME');
    if (mime) used.add(mime);
    plan.notes.push({ id, title: null, text: noteHtml(record), ...references });
    if ((record.value ?? '').trim() === '') report.warn('empty-record', record.line, `@${record.xref}@`);
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'SOUR') cite(child, id, 'note', 'NOTE');
      else keep(id, 'note', child, 'NOTE');
    }
  }

  function mapMediaRecord(record: GedcomRecord): void {
    const id = claim(record, 'media');
    if (id === undefined) {
      keepTreeRecord(record);
      return;
    }
    const { used, ...fields } = mediaFields(record);
    const references = referenceFields(record, used);
    plan.media.push({ id, ...fields, ...references });
    for (const child of record.children) {
      if (used.has(child)) continue;
      if (child.tag === 'NOTE' || child.tag === 'SNOTE') {
        // Anor links media to nodes, not notes to media: the note gets the media object.
        const noteId = noteIdOf(child, 'OBJE');
        const position = noteId === undefined ? null : linkPosition('media', noteId, 'note', id);
        if (noteId !== undefined && position !== null) {
          plan.mediaLinks.push({ targetId: id, nodeId: noteId, nodeKind: 'note', position });
        }
      } else keep(id, 'media', child, 'OBJE');
    }
  }

  return { mapSourceRecord, mapRepository, mapNoteRecord, mapMediaRecord };
}
