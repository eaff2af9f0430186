import { createRequire } from 'node:module';
import path from 'node:path';
import type { ReportDocument, ReportEntry } from '@anor/core';
import { translate } from '@anor/core/i18n';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * A report drawn as PDF with pdfmake. The fonts are pdfmake's Roboto, embedded (subset) in every
 * file: it covers Latin Extended, so å ä ö, æ ø, č ć š ž, đ and ł print as written. pdfmake may
 * read nothing but these four files (no URLs, no other local files), whatever a document holds.
 * The file is a function of the document and the day alone (its creation date is the day's
 * start), so two readers who may see the same get the same bytes.
 */

const fontFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'build/fonts/Roboto',
);
const fontFiles = {
  normal: path.join(fontFolder, 'Roboto-Regular.ttf'),
  bold: path.join(fontFolder, 'Roboto-Medium.ttf'),
  italics: path.join(fontFolder, 'Roboto-Italic.ttf'),
  bolditalics: path.join(fontFolder, 'Roboto-MediumItalic.ttf'),
};
const allowedFiles = new Set(Object.values(fontFiles));
pdfmake.setFonts({ Roboto: fontFiles });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => allowedFiles.has(path.resolve(file)));

function entryContent(entry: ReportEntry): Content[] {
  const heading: Content = {
    text: [
      ...(entry.number ? [{ text: `${entry.number}  `, style: 'number' }] : []),
      { text: entry.name, bold: !entry.private, italics: entry.private },
    ],
    style: 'entryName',
  };
  const facts: Content[] = entry.facts.map((fact) => ({
    text: [
      ...(fact.label ? [{ text: `${fact.label}: `, style: 'factLabel' }] : []),
      fact.text,
      ...(fact.sources.length > 0 ? [{ text: ` ${fact.sources.join(', ')}`, sup: true, style: 'sourceRef' }] : []),
    ],
    style: 'fact',
  }));
  const notes: Content[] = entry.notes.map((note) => ({ text: note, style: 'note' }));
  return [heading, ...facts, ...notes];
}

export function reportDefinition(report: ReportDocument, today: Date): TDocumentDefinitions {
  const body: Content[] = [
    { text: report.title, style: 'title' },
    ...(report.subtitle ? [{ text: report.subtitle, style: 'subtitle' }] : []),
    { text: report.printed, style: 'printed' },
  ];
  for (const section of report.sections) {
    body.push({ text: section.heading, style: 'section' });
    if (section.entries.length === 0 && section.empty) body.push({ text: section.empty, style: 'empty' });
    for (const entry of section.entries)
      body.push({ stack: entryContent(entry), unbreakable: entry.facts.length < 12 });
  }
  if (report.sources.length > 0) {
    body.push({ text: report.sourcesHeading, style: 'section' });
    body.push({
      table: {
        widths: ['auto', '*'],
        body: report.sources.map((source) => [{ text: `${source.number}.`, alignment: 'right' }, source.text]),
      },
      layout: 'noBorders',
      style: 'sources',
    });
  }
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  return {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 50],
    info: { title: report.title, creator: 'Anor', producer: 'Anor', creationDate: day },
    content: body,
    footer: (page, pages) => ({
      text: translate(report.language, 'report.page', { page, pages }),
      alignment: 'center',
      style: 'footer',
    }),
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
      subtitle: { fontSize: 12, margin: [0, 0, 0, 2] },
      printed: { fontSize: 9, color: '#555555', margin: [0, 0, 0, 12] },
      section: { fontSize: 13, bold: true, margin: [0, 12, 0, 6] },
      entryName: { fontSize: 11, margin: [0, 6, 0, 1] },
      number: { bold: true, color: '#333333' },
      fact: { margin: [16, 0, 0, 0] },
      factLabel: { color: '#444444' },
      sourceRef: { fontSize: 7 },
      note: { margin: [16, 2, 0, 2], italics: true },
      empty: { italics: true, color: '#555555' },
      sources: { fontSize: 9 },
      footer: { fontSize: 8, color: '#777777' },
    },
  };
}

export async function renderReportPdf(report: ReportDocument, today = new Date()): Promise<Buffer> {
  return pdfmake.createPdf(reportDefinition(report, today)).getBuffer();
}
