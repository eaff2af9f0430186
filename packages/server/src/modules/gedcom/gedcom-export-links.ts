import type { KeptGedcomLine } from '../../db/schema.ts';
import type { ExportCitation, ExportMedia, ExportNote } from './gedcom.export.repository.ts';
import { arrange, type ExportContext, line, lines, type Out, pointerLine } from './gedcom-export-context.ts';
import type { KeptWriter } from './gedcom-export-kept.ts';
import { htmlToPlainText, plainTextToHtml } from './plain-text.ts';

/** `12 MAR 2020 10:11:12` → the DATE and its TIME. */
function changeDate(text: string): Out {
  const match = /^(.*?)\s+(\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(text.trim());
  if (!match) return line('CHAN', null, [line('DATE', text)]);
  return line('CHAN', null, [line('DATE', match[1] ?? '', [line('TIME', match[2] ?? '')])]);
}

/**
 * Notes, citations and media as the export (gedcom.export.ts) writes them under other lines: a
 * note inline or as a pointer to its record, a citation with its record's xref (5.5.1's inline
 * SOUR without one), a media object inline (5.5.1, used once) or as a pointer.
 */
export function createLinkWriter(ctx: ExportContext, kept: KeptWriter) {
  const { isSeven, extraOf, infoOf, noteById, mediaById, citationById, noteXref, mediaXref, recordXref } = ctx;
  const { keptChildren, walkOf } = kept;

  function noteText(note: ExportNote): { text: string; html: boolean } {
    const plain = htmlToPlainText(note.text);
    if (isSeven && plainTextToHtml(plain) !== note.text) return { text: note.text, html: true };
    return { text: plain, html: false };
  }
  function noteReferences(row: ExportNote | ExportMedia): Out[] {
    const out: Out[] = [];
    if (row.userReferenceNumber !== null)
      out.push(line('REFN', row.userReferenceNumber, lines(['TYPE', row.userReferenceType])));
    if (row.automatedRecordId !== null) out.push(line('RIN', row.automatedRecordId));
    if (row.gedcomChangeDate !== null) out.push(changeDate(row.gedcomChangeDate));
    return out;
  }
  /** What a note carries: MIME, its citations, its kept lines. */
  function noteBody(note: ExportNote): { value: string; children: Out[] } {
    const { text, html } = noteText(note);
    const children: Out[] = [];
    if (html) children.push(line('MIME', 'text/html'));
    pushCitations(children, note.id);
    return { value: text, children };
  }
  /** Inline notes being written: a citation of a note that names the note again is not followed round. */
  const writingNotes = new Set<string>();
  function noteLine(noteId: string): Out | null {
    const note = noteById.get(noteId);
    if (!note) return null;
    const xref = noteXref.get(noteId);
    if (xref !== undefined) return pointerLine(isSeven ? 'SNOTE' : 'NOTE', xref);
    if (writingNotes.has(noteId)) return null;
    writingNotes.add(noteId);
    const { value, children } = noteBody(note);
    children.push(...keptChildren(extraOf.get(noteId)?.lines ?? [], null));
    writingNotes.delete(noteId);
    return line('NOTE', value, children);
  }
  function pushNotes(out: Out[], nodeId: string, links = infoOf.get(nodeId)): Out[] {
    if (links === undefined) return out;
    for (const link of links.notes) {
      const written = noteLine(link.targetId);
      if (written) out.push(written);
    }
    return out;
  }

  function mediaFile(media: ExportMedia, typeTag: 'TYPE' | 'MEDI'): Out {
    const form = media.format === null ? [] : [line('FORM', media.format, lines([typeTag, media.type]))];
    return line('FILE', media.fileReference, [...form, ...lines(['TITL', media.title])]);
  }
  /** The FILE line from the fields, unless the import refused the file's reference and kept the FILE line instead. */
  function mediaFiles(media: ExportMedia, typeTag: 'TYPE' | 'MEDI', kept: readonly KeptGedcomLine[]): Out[] {
    if (media.fileReference === '' && kept.some((entry) => entry.tag === 'FILE')) return [];
    return [mediaFile(media, typeTag)];
  }
  function mediaLine(mediaId: string): Out | null {
    const media = mediaById.get(mediaId);
    if (!media) return null;
    const xref = mediaXref.get(mediaId);
    if (xref !== undefined) return pointerLine('OBJE', xref);
    // 5.5.1 inline OBJE: FILE, FORM under it with MEDI, TITL.
    const kept = extraOf.get(mediaId)?.lines ?? [];
    return line('OBJE', null, [...mediaFiles(media, 'MEDI', kept), ...keptChildren(kept, null)]);
  }
  function pushMedia(out: Out[], nodeId: string, links = infoOf.get(nodeId)): Out[] {
    if (links === undefined) return out;
    for (const link of links.media) {
      if (link.nodeKind === 'note') continue;
      const written = mediaLine(link.targetId);
      if (written) out.push(written);
    }
    return out;
  }

  function citationLine(citation: ExportCitation): Out {
    const text = citation.textFromSource === '' ? '' : htmlToPlainText(citation.textFromSource);
    const inlineText = citation.recordId === null && !isSeven;
    const head: Out[] = [...lines(['PAGE', citation.whereWithinSourceText])];
    const data = lines(['DATE', citation.entryRecordingDate], ['TEXT', inlineText ? null : text]);
    if (data.length > 0) head.push(line('DATA', null, data));
    if (citation.eventCitedFrom !== null || citation.eventCitedFromRole !== null) {
      head.push(line('EVEN', citation.eventCitedFrom, lines(['ROLE', citation.eventCitedFromRole])));
    }
    head.push(...lines(['QUAY', citation.certaintyAssessment], ['WWW', citation.whereWithinSourceUrl]));
    const walk = walkOf(extraOf.get(citation.id)?.lines ?? [], null, (entry) => {
      if (entry.tag !== 'DATA' && entry.tag !== 'EVEN') return undefined;
      // A kept DATA or EVEN holds more than Anor read from it: its other lines join the written one.
      const same = head.find((child) => child.tag === entry.tag && (child.value ?? '') === (entry.value ?? ''));
      if (!same) return undefined;
      const tags = new Set(same.children.map((child) => child.tag));
      same.children.push(...keptChildren(entry.children, null).filter((child) => !tags.has(child.tag)));
      return same;
    });
    const children = arrange(head, walk, pushMedia(pushNotes([], citation.id), citation.id));
    const recordXrefOf = citation.recordId === null ? undefined : recordXref.get(citation.recordId);
    if (recordXrefOf !== undefined) return pointerLine('SOUR', recordXrefOf, children);
    // A citation without a record: 5.5.1's inline SOUR with the text; 7.0 has only pointers.
    if (isSeven) return pointerLine('SOUR', 'VOID', children);
    return line('SOUR', text, children);
  }
  function pushCitations(out: Out[], nodeId: string, links = infoOf.get(nodeId)): Out[] {
    if (links === undefined) return out;
    for (const link of links.citations) {
      const citation = citationById.get(link.targetId);
      if (citation) out.push(citationLine(citation));
    }
    return out;
  }

  return { noteBody, noteReferences, noteLine, pushNotes, mediaFiles, pushMedia, pushCitations };
}

export type LinkWriter = ReturnType<typeof createLinkWriter>;
