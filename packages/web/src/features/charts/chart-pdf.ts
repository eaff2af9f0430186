import { jsPDF } from 'jspdf';
import robotoBoldUrl from 'pdfmake/build/fonts/Roboto/Roboto-Medium.ttf?url';
import robotoUrl from 'pdfmake/build/fonts/Roboto/Roboto-Regular.ttf?url';
import { svg2pdf } from 'svg2pdf.js';
import { EXPORT_FONT, prepareChart } from './chart-svg-export.ts';
import { PAGE_MARGIN, type PaperOrientation, type PaperSize, planPages, TILE_OVERLAP } from './page-tiling.ts';

/**
 * A chart as PDF, made in the browser (issue 23): the chart's SVG drawn into the PDF as vectors
 * with svg2pdf.js and jsPDF, one page or tiled over several (page-tiling.ts), each page with the
 * title, the date and its place among the pages. The fonts are Roboto (the reports' font on the
 * server), embedded, so å ä ö and č ć š ž print right. It runs on what the browser shows, so a
 * visitor's PDF holds no more than their chart: the living are already "Private" in it.
 */

export interface PdfTexts {
  title: string;
  printed: string;
  pageLabel: (page: number, pages: number, row: number, column: number) => string;
}

async function fontBase64(url: string): Promise<string> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

let fonts: Promise<[string, string]> | null = null;

async function addFonts(doc: jsPDF): Promise<void> {
  fonts ??= Promise.all([fontBase64(robotoUrl), fontBase64(robotoBoldUrl)]);
  let regular: string;
  let bold: string;
  try {
    [regular, bold] = await fonts;
  } catch (error) {
    fonts = null;
    throw error;
  }
  doc.addFileToVFS('Roboto-Regular.ttf', regular);
  doc.addFont('Roboto-Regular.ttf', EXPORT_FONT, 'normal');
  doc.addFileToVFS('Roboto-Medium.ttf', bold);
  doc.addFont('Roboto-Medium.ttf', EXPORT_FONT, 'bold');
}

/** The chart in `source` as a PDF on the chosen paper. */
export async function chartPdf(
  source: Element,
  paper: PaperSize,
  orientation: PaperOrientation,
  texts: PdfTexts,
): Promise<Blob> {
  const prepared = prepareChart(source, { forPdf: true });
  const plan = planPages(prepared, paper, orientation);
  const doc = new jsPDF({ unit: 'pt', format: paper, orientation, compress: true });
  doc.setProperties({ title: texts.title, creator: 'Anor' });
  await addFonts(doc);
  // svg2pdf reads the drawing from the document; a hidden holder keeps it out of sight.
  const holder = document.createElement('div');
  holder.style.cssText = 'position:fixed;left:-100000px;top:0;width:0;height:0;overflow:hidden';
  document.body.append(holder);
  try {
    const pages = plan.tiles.length;
    for (const [index, tile] of plan.tiles.entries()) {
      if (index > 0) doc.addPage(paper, orientation);
      doc.setFont(EXPORT_FONT, 'bold');
      doc.setFontSize(15);
      doc.setTextColor(26, 27, 30);
      doc.text(texts.title, PAGE_MARGIN, PAGE_MARGIN + 14, { maxWidth: plan.area.width });
      doc.setFont(EXPORT_FONT, 'normal');
      doc.setFontSize(9);
      doc.setTextColor(90, 90, 90);
      doc.text(texts.printed, PAGE_MARGIN, PAGE_MARGIN + 28);
      if (pages > 1) {
        doc.text(
          texts.pageLabel(index + 1, pages, tile.row, tile.column),
          PAGE_MARGIN,
          plan.page.height - PAGE_MARGIN + 4,
        );
      }
      const svg = prepared.svg.cloneNode(true) as SVGSVGElement;
      svg.setAttribute('viewBox', `${tile.x} ${tile.y} ${tile.width} ${tile.height}`);
      svg.setAttribute('width', String(tile.width * plan.scale));
      svg.setAttribute('height', String(tile.height * plan.scale));
      holder.replaceChildren(svg);
      const width = Math.min(tile.width, prepared.width - tile.x) * plan.scale;
      const height = Math.min(tile.height, prepared.height - tile.y) * plan.scale;
      doc.saveGraphicsState();
      doc.rect(plan.area.x, plan.area.y, width, height, null);
      doc.clip();
      doc.discardPath();
      await svg2pdf(svg, doc, {
        x: plan.area.x,
        y: plan.area.y,
        width: tile.width * plan.scale,
        height: tile.height * plan.scale,
      });
      doc.restoreGraphicsState();
      if (pages > 1) drawJoinMarks(doc, plan, tile, width, height);
    }
  } finally {
    holder.remove();
  }
  return doc.output('blob');
}

/** Dashed lines where the next page's part begins (right and below): the sheets are joined along them. */
function drawJoinMarks(
  doc: jsPDF,
  plan: ReturnType<typeof planPages>,
  tile: { row: number; column: number },
  width: number,
  height: number,
): void {
  const { x, y } = plan.area;
  doc.setDrawColor(150, 150, 150);
  doc.setLineWidth(0.5);
  doc.setLineDashPattern([3, 3], 0);
  if (tile.column < plan.columns) doc.line(x + width - TILE_OVERLAP, y, x + width - TILE_OVERLAP, y + height);
  if (tile.row < plan.rows) doc.line(x, y + height - TILE_OVERLAP, x + width, y + height - TILE_OVERLAP);
  doc.setLineDashPattern([], 0);
}
