import { createHash } from 'node:crypto';
import { foldForSearch } from '@anor/core';
import type { GedcomNode, GedcomRecord } from '@anor/gedcom';
import { sanitizeRichText } from '../note/rich-text.ts';
import type { GedcomReferenceFields, PlanCitation } from './gedcom.plan.ts';
import { childOf, type MapContext, newId, noReferences, textOf } from './gedcom-map-context.ts';
import { type ValueRule, valueRules } from './gedcom-values.ts';
import { plainTextToHtml } from './plain-text.ts';

/**
 * Notes, citations and media objects as the mapper (gedcom.mapper.ts) meets them under other
 * lines (NOTE, SOUR and OBJE), and the links of nodes to them. They call each other (a citation's
 * note, a note's source, a media object's note), so they live together.
 */

const imageFormats = new Set([
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'tif',
  'tiff',
  'webp',
  'heic',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
  'image/tiff',
  'image/webp',
  'image/heic',
]);

/** Whether a media object is an image, by its format or its file's extension. */
export function isImage(format: string | null, fileReference: string): boolean {
  const byFormat = format?.toLowerCase();
  if (byFormat && imageFormats.has(byFormat)) return true;
  const extension = /\.([a-z0-9]+)$/i.exec(fileReference)?.[1]?.toLowerCase();
  return extension !== undefined && imageFormats.has(extension);
}

export function createLinkMapper(ctx: MapContext) {
  const { plan, report, resolve, keep, fits } = ctx;

  // A node links to a note, a citation or a media object once, however often the file says so. The
  // links of a record's nodes are all made while the record is read, so this bookkeeping starts
  // afresh with each record; places, shared by many records, keep theirs for the whole file.
  const linked = new Set<string>();
  const positions = new Map<string, number>();
  const placeLinked = new Set<string>();
  const placePositions = new Map<string, number>();
  /** The next position of a link of this kind on the node, or null when the node already has this link. */
  function linkPosition(
    kind: 'note' | 'citation' | 'media',
    nodeId: string,
    nodeKind: string,
    targetId: string,
  ): number | null {
    const seen = nodeKind === 'location' ? placeLinked : linked;
    const pair = `${nodeId} ${targetId}`;
    if (seen.has(pair)) return null;
    seen.add(pair);
    const counters = nodeKind === 'location' ? placePositions : positions;
    const key = `${kind} ${nodeId}`;
    const position = counters.get(key) ?? 0;
    counters.set(key, position + 1);
    return position;
  }
  /** The link bookkeeping of a record starts afresh (places keep theirs). */
  function startRecord(): void {
    linked.clear();
    positions.clear();
  }
  function noteHtml(node: GedcomNode): string {
    const text = node.value ?? '';
    const mime = textOf(childOf(node, 'MIME'));
    return mime?.toLowerCase() === 'text/html' ? sanitizeRichText(text) : plainTextToHtml(text);
  }
  /** The note a NOTE line names, or a new note for an inline one; undefined when it names nothing. */
  function noteIdOf(node: GedcomNode, path: string): string | undefined {
    if (node.pointer !== undefined) return resolve(node.pointer, 'note', node.line);
    if ((node.value ?? '').trim() === '') {
      report.warn('empty-record', node.line, node.tag);
      return undefined;
    }
    const noteId = newId();
    plan.notes.push({ id: noteId, title: null, text: noteHtml(node), ...noReferences });
    // An inline note's own sources and other lines.
    for (const child of node.children) {
      if (child.tag === 'SOUR') cite(child, noteId, 'note', `${path}.NOTE`);
      else if (child.tag !== 'MIME') keep(noteId, 'note', child, `${path}.NOTE`);
    }
    return noteId;
  }
  function linkNote(
    node: GedcomNode,
    nodeId: string,
    nodeKind: 'person' | 'event' | 'location' | 'citation' | 'record' | 'repository',
    path: string,
  ): void {
    const noteId = noteIdOf(node, path);
    if (noteId === undefined) return;
    const position = linkPosition('note', nodeId, nodeKind, noteId);
    if (position !== null) plan.noteLinks.push({ targetId: noteId, nodeId, nodeKind, position });
  }

  // Citations: identical ones (same source, page, text, quality…) become one citation cited many times.
  /** Shareable citations by a digest of their fields (the fields themselves would be held for the whole file). */
  const citationByKey = new Map<string, string>();
  function cite(
    node: GedcomNode,
    nodeId: string,
    nodeKind: 'event' | 'location' | 'note' | 'person',
    path: string,
  ): void {
    let recordId: string | null = null;
    // 7.0's SOUR @VOID@ is a citation without a source record.
    if (node.pointer !== undefined && node.pointer !== 'VOID') {
      recordId = resolve(node.pointer, 'record', node.line) ?? null;
      if (recordId === null) return;
    }
    // Each field the citation form would refuse stays its GEDCOM line (the citation is then not shared).
    const at = `${path}.SOUR`;
    const pageLine = childOf(node, 'PAGE');
    const page = textOf(pageLine);
    const pageFits = pageLine === undefined || fits(page, valueRules.citationPage, pageLine.line, `${at}.PAGE`);
    const data = childOf(node, 'DATA');
    const recorded = data ? childOf(data, 'DATE') : undefined;
    const dataFits =
      recorded === undefined || fits(textOf(recorded), valueRules.citationEvent, recorded.line, `${at}.DATA.DATE`);
    const texts = [
      ...(node.pointer === undefined && node.value ? [node.value] : []),
      ...node.children.filter((child) => child.tag === 'TEXT').map((child) => child.value ?? ''),
      ...((dataFits ? data : undefined)?.children
        .filter((child) => child.tag === 'TEXT')
        .map((child) => child.value ?? '') ?? []),
    ];
    const even = childOf(node, 'EVEN');
    const evenRole = even ? childOf(even, 'ROLE') : undefined;
    const evenFits =
      even === undefined ||
      (fits(textOf(even), valueRules.citationEvent, even.line, `${at}.EVEN`) &&
        (evenRole === undefined || fits(textOf(evenRole), valueRules.citationEvent, evenRole.line, `${at}.EVEN.ROLE`)));
    const quay = childOf(node, 'QUAY');
    const quayFits = quay === undefined || fits(textOf(quay), valueRules.certaintyAssessment, quay.line, `${at}.QUAY`);
    const urlLine = [childOf(node, 'WWW'), childOf(node, '_LINK'), childOf(node, 'URL')].find(
      (child) => textOf(child) !== null,
    );
    const url = textOf(urlLine);
    const fields = {
      recordId,
      whereWithinSourceText: pageFits ? page : null,
      whereWithinSourceUrl:
        urlLine !== undefined && fits(url, valueRules.webAddress, urlLine.line, `${at}.${urlLine.tag}`) ? url : null,
      textFromSource: texts.length > 0 ? plainTextToHtml(texts.join('\n')) : '',
      eventCitedFrom: evenFits ? textOf(even) : null,
      eventCitedFromRole: evenFits ? textOf(evenRole) : null,
      entryRecordingDate: dataFits ? textOf(recorded) : null,
      certaintyAssessment: quayFits ? textOf(quay) : null,
    };
    const nested = node.children.filter(
      (child) =>
        child.tag !== 'TEXT' &&
        !(child.tag === 'PAGE' && (child !== pageLine || pageFits)) &&
        !(child.tag === 'QUAY' && (child !== quay || quayFits)) &&
        !(
          child.tag === 'DATA' &&
          (child !== data || dataFits) &&
          child.children.every((d) => d.tag === 'TEXT' || d.tag === 'DATE')
        ) &&
        !(child.tag === 'EVEN' && (child !== even || evenFits) && child.children.every((e) => e.tag === 'ROLE')) &&
        !(child.tag === 'WWW' || child.tag === '_LINK' || child.tag === 'URL'
          ? fields.whereWithinSourceUrl !== null && child.value?.trim() === fields.whereWithinSourceUrl
          : false),
    );
    // Citations with notes, media or kept lines of their own are not shared: those belong to this use.
    const shareable = nested.length === 0;
    const key = shareable ? createHash('sha256').update(JSON.stringify(fields)).digest('base64') : null;
    let citationId = key === null ? undefined : citationByKey.get(key);
    if (citationId === undefined) {
      const citation: PlanCitation = {
        id: newId(),
        ...fields,
        searchText: foldForSearch(
          [fields.whereWithinSourceText, fields.whereWithinSourceUrl].filter(Boolean).join(' '),
        ),
      };
      citationId = citation.id;
      plan.citations.push(citation);
      if (key !== null) citationByKey.set(key, citation.id);
      // The citation's own notes and media: their links belong to this record's bookkeeping too.
      for (const child of nested) {
        if (child.tag === 'NOTE' || child.tag === 'SNOTE') linkNote(child, citation.id, 'citation', `${path}.SOUR`);
        else if (child.tag === 'OBJE') linkMedia(child, citation.id, 'citation', `${path}.SOUR`);
        else keep(citation.id, 'citation', child, `${path}.SOUR`);
      }
    }
    const position = linkPosition('citation', nodeId, nodeKind, citationId);
    if (position !== null) plan.citationLinks.push({ targetId: citationId, nodeId, nodeKind, position });
  }

  // Media.
  function mediaFields(node: GedcomNode): {
    fileReference: string;
    format: string | null;
    type: string | null;
    title: string | null;
    used: Set<GedcomNode>;
  } {
    const used = new Set<GedcomNode>();
    const first = childOf(node, 'FILE');
    // A file reference the media form would refuse (too long, a `javascript:` address): no field of the FILE is taken, and the object keeps its lines.
    const file =
      first === undefined || fits(first.value?.trim() ?? '', valueRules.fileReference, first.line, `${node.tag}.FILE`)
        ? first
        : undefined;
    if (first !== undefined && file === undefined)
      return { fileReference: '', format: null, type: null, title: null, used };
    if (file) used.add(file);
    const form = (file && childOf(file, 'FORM')) ?? childOf(node, 'FORM');
    if (form && !file?.children.includes(form)) used.add(form);
    const type = form ? (childOf(form, 'TYPE') ?? childOf(form, 'MEDI')) : undefined;
    const titl = (file && childOf(file, 'TITL')) ?? childOf(node, 'TITL');
    if (titl && !file?.children.includes(titl)) used.add(titl);
    // What FILE carries beyond FORM (with its TYPE) and TITL is kept with the object.
    const fileRest = file?.children.filter((child) => child !== form && child !== titl) ?? [];
    const formRest = form?.children.filter((child) => child !== type) ?? [];
    if (fileRest.length > 0 || formRest.length > 0) used.delete(file as GedcomNode);
    // FORM, its TYPE and TITL the media form would refuse stay lines (under FILE: FILE stays whole).
    const taken = (line: GedcomNode | undefined, rule: ValueRule): string | null => {
      if (line === undefined || fits(textOf(line), rule, line.line, `${node.tag}.${line.tag}`)) return textOf(line);
      used.delete(line);
      if (file?.children.includes(line) || form?.children.includes(line)) used.delete(file as GedcomNode);
      if (line === type && form && !file?.children.includes(form)) used.delete(form);
      return null;
    };
    const format = taken(form, valueRules.mediaFormat);
    const formRefused = form !== undefined && format === null && textOf(form) !== null;
    return {
      fileReference: file?.value ?? '',
      format,
      type: formRefused ? null : taken(type, valueRules.mediaFormat),
      title: taken(titl, valueRules.mediaTitle),
      used,
    };
  }
  function linkMedia(
    node: GedcomNode,
    nodeId: string,
    nodeKind: 'person' | 'event' | 'location' | 'citation' | 'record' | 'repository' | 'note',
    path: string,
  ): void {
    let mediaId: string | undefined;
    if (node.pointer !== undefined) {
      mediaId = resolve(node.pointer, 'media', node.line);
      if (mediaId === undefined) return;
    } else {
      mediaId = newId();
      const { used, ...fields } = mediaFields(node);
      plan.media.push({ id: mediaId, ...fields, ...noReferences });
      for (const child of node.children) {
        if (used.has(child)) continue;
        if (child.tag === 'NOTE' || child.tag === 'SNOTE') {
          // As under an OBJE record: the note gets the media object.
          const noteId = noteIdOf(child, `${path}.OBJE`);
          const position = noteId === undefined ? null : linkPosition('media', noteId, 'note', mediaId);
          if (noteId !== undefined && position !== null) {
            plan.mediaLinks.push({ targetId: mediaId, nodeId: noteId, nodeKind: 'note', position });
          }
        } else keep(mediaId, 'media', child, `${path}.OBJE`);
      }
    }
    const position = linkPosition('media', nodeId, nodeKind, mediaId);
    if (position !== null) plan.mediaLinks.push({ targetId: mediaId, nodeId, nodeKind, position });
  }

  /** RIN, REFN (+TYPE), CHAN.DATE (+TIME) of a record: the reference fields of notes and media. */
  function referenceFields(record: GedcomRecord, used: Set<GedcomNode>): GedcomReferenceFields {
    const rin = childOf(record, 'RIN');
    const refn = childOf(record, 'REFN');
    const chan = childOf(record, 'CHAN');
    const chanDate = chan ? childOf(chan, 'DATE') : undefined;
    if (rin && rin.children.length === 0) used.add(rin);
    if (refn?.children.every((child) => child.tag === 'TYPE')) used.add(refn);
    const chanTime = chanDate ? childOf(chanDate, 'TIME') : undefined;
    if (chan && chanDate && chan.children.length === 1 && chanDate.children.every((child) => child === chanTime))
      used.add(chan);
    return {
      gedcomId: record.xref ?? null,
      automatedRecordId: used.has(rin as GedcomNode) ? textOf(rin) : null,
      userReferenceNumber: used.has(refn as GedcomNode) ? textOf(refn) : null,
      userReferenceType: used.has(refn as GedcomNode) ? textOf(childOf(refn as GedcomNode, 'TYPE')) : null,
      gedcomChangeDate: used.has(chan as GedcomNode)
        ? [textOf(chanDate), textOf(chanTime)].filter(Boolean).join(' ') || null
        : null,
    };
  }

  return {
    startRecord,
    linkPosition,
    noteHtml,
    noteIdOf,
    linkNote,
    cite,
    mediaFields,
    linkMedia,
    referenceFields,
  };
}

export type LinkMapper = ReturnType<typeof createLinkMapper>;
