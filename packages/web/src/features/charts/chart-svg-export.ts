/**
 * A chart on screen made into a stand-alone SVG drawing (issue 23): the chart's SVG element is
 * cloned, the styles the page's CSS gives it are written onto each element (a file has no
 * stylesheet), the zoom is undone, the boxes' buttons and links go, and the drawing is sized to its
 * content. Works for every chart that marks its svg and its zoomed group (`data-testid`
 * chart-svg / chart-viewport): the pedigree and descendant charts, the fan and the hourglass.
 */

import treeChartClasses from '../family-tree/TreeChart.module.css';

const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linecap',
  'opacity',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'display',
  'visibility',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';
export const EXPORT_FONT = 'Roboto';
/** Room around the chart in the file. */
const MARGIN = 24;

export interface PreparedChart {
  svg: SVGSVGElement;
  /** The chart's size in its own units (CSS pixels), margins included. */
  width: number;
  height: number;
}

/**
 * The chart shown in `container`: the element marked chart-svg (an svg, or the family tree's pan
 * surface holding the drawing), if a chart is shown.
 */
export function findChartSvg(container: ParentNode): Element | null {
  return container.querySelector('[data-testid="chart-svg"]');
}

interface Drawing {
  /** The svg element to copy. */
  svg: SVGSVGElement;
  /** The element that pans and zooms: a group inside `svg` (the fan), or `svg` itself (the family tree's charts). */
  viewport: SVGGraphicsElement;
  box: { x: number; y: number; width: number; height: number };
}

function drawingOf(source: Element): Drawing {
  const viewport = source.querySelector('[data-testid="chart-viewport"]');
  if (viewport instanceof SVGSVGElement) {
    const view = viewport.viewBox.baseVal;
    const box =
      view && view.width > 0 ? { x: view.x, y: view.y, width: view.width, height: view.height } : viewport.getBBox();
    return { svg: viewport, viewport, box };
  }
  if (viewport instanceof SVGGElement && source instanceof SVGSVGElement) {
    return { svg: source, viewport, box: viewport.getBBox() };
  }
  throw new Error('chart without a drawing');
}

/** The size prepareChart gives the chart in `source`, without copying it. */
export function chartSize(source: Element): { width: number; height: number } {
  const { box } = drawingOf(source);
  return { width: Math.ceil(box.width + 2 * MARGIN), height: Math.ceil(box.height + 2 * MARGIN) };
}

/** Replaces an element by a plain group holding its children (links become drawings). */
function unwrap(element: Element): void {
  const group = element.ownerDocument.createElementNS(SVG_NS, 'g');
  for (const attribute of ['transform', 'style']) {
    const value = element.getAttribute(attribute);
    if (value) group.setAttribute(attribute, value);
  }
  while (element.firstChild) group.appendChild(element.firstChild);
  element.replaceWith(group);
}

function cleanAttributes(element: Element): void {
  for (const name of element.getAttributeNames()) {
    if (
      name === 'class' ||
      name === 'role' ||
      name === 'tabindex' ||
      name.startsWith('data-') ||
      name.startsWith('aria-')
    ) {
      element.removeAttribute(name);
    }
  }
}

/** For a PDF: the weights and styles the embedded fonts have (regular and bold, upright). */
function pdfFontStyle(style: CSSStyleDeclaration, target: SVGElement): void {
  const weight = Number(style.getPropertyValue('font-weight')) || 400;
  target.style.setProperty('font-weight', weight >= 600 ? 'bold' : 'normal');
  target.style.setProperty('font-style', 'normal');
}

/**
 * A stand-alone copy of the chart in `source`, its top-left corner at (0, 0) in chart units, with
 * `top` units of room above the chart (for a title).
 */
export function prepareChart(source: Element, options: { forPdf: boolean; top?: number }): PreparedChart {
  const { svg: drawing, viewport, box } = drawingOf(source);
  // Zoomed far out the family tree's charts hide their texts by a class: the copy should have them.
  const lowDetail = treeChartClasses.lowDetail;
  const hidden = lowDetail ? [source, drawing].filter((element) => element.classList.contains(lowDetail)) : [];
  for (const element of hidden) element.classList.remove(lowDetail as string);
  const clone = drawing.cloneNode(true) as SVGSVGElement;
  const originals = [drawing, ...drawing.querySelectorAll('*')];
  const copies = [clone, ...clone.querySelectorAll('*')];
  originals.forEach((original, index) => {
    const copy = copies[index] as SVGElement;
    if (!(original instanceof SVGElement) || original === drawing) return;
    const computed = getComputedStyle(original);
    copy.removeAttribute('style');
    for (const property of STYLE_PROPERTIES) {
      const value = computed.getPropertyValue(property);
      if (value) copy.style.setProperty(property, value);
    }
    if (options.forPdf && original instanceof SVGTextContentElement) pdfFontStyle(computed, copy);
    // One family for the PDF, the embedded one: any other name would make svg2pdf fall back to a standard font
    // without č, ć, ł or đ.
    if (options.forPdf) copy.removeAttribute('font-family');
  });
  for (const element of hidden) element.classList.add(lowDetail as string);
  // The moving part's copy: the group (found at the same place in the clone), or a new group
  // holding the drawing's content when the drawing itself is what moves.
  let moving: Element;
  if (viewport === drawing) {
    moving = clone.ownerDocument.createElementNS(SVG_NS, 'g');
    for (const child of [...clone.childNodes]) if (child.nodeName !== 'defs') moving.appendChild(child);
    clone.appendChild(moving);
  } else {
    moving = copies[originals.indexOf(viewport)] as Element;
  }
  // The boxes' buttons (re-centre, add) are for the screen; titles are hover texts. Portraits are
  // addresses in the app (with the session or share token), which a file cannot reach: left out.
  for (const element of clone.querySelectorAll(
    '[data-export="skip"], a[data-action="recentre"], a[data-action="add"], title, image',
  )) {
    element.remove();
  }
  for (const element of clone.querySelectorAll('*')) cleanAttributes(element);
  for (const link of [...clone.querySelectorAll('a')]) unwrap(link);
  cleanAttributes(clone);
  const top = options.top ?? 0;
  const width = Math.ceil(box.width + 2 * MARGIN);
  const height = Math.ceil(box.height + 2 * MARGIN + top);
  moving.setAttribute('transform', `translate(${MARGIN - box.x},${MARGIN + top - box.y})`);
  clone.removeAttribute('style');
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  clone.setAttribute(
    'font-family',
    options.forPdf ? EXPORT_FONT : `${EXPORT_FONT}, "Helvetica Neue", Arial, sans-serif`,
  );
  const background = clone.ownerDocument.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', String(width));
  background.setAttribute('height', String(height));
  background.setAttribute('fill', '#ffffff');
  clone.insertBefore(background, clone.firstChild);
  return { svg: clone, width, height };
}

function textElement(
  document: Document,
  text: string,
  x: number,
  y: number,
  size: number,
  bold: boolean,
): SVGTextElement {
  const element = document.createElementNS(SVG_NS, 'text');
  element.setAttribute('x', String(x));
  element.setAttribute('y', String(y));
  element.setAttribute('font-size', String(size));
  element.setAttribute('font-weight', bold ? 'bold' : 'normal');
  element.setAttribute('fill', '#1a1b1e');
  element.textContent = text;
  return element;
}

/** The chart as an SVG file's text, with the title and the date above it. */
export function chartSvgFile(source: Element, title: string, printed: string): string {
  const prepared = prepareChart(source, { forPdf: false, top: 56 });
  const { svg } = prepared;
  const titleElement = textElement(svg.ownerDocument, title, MARGIN, MARGIN + 18, 20, true);
  titleElement.setAttribute('data-title', '');
  const background = svg.firstChild;
  svg.insertBefore(titleElement, background?.nextSibling ?? null);
  svg.insertBefore(textElement(svg.ownerDocument, printed, MARGIN, MARGIN + 38, 12, false), titleElement.nextSibling);
  const titleTag = svg.ownerDocument.createElementNS(SVG_NS, 'title');
  titleTag.textContent = title;
  svg.insertBefore(titleTag, svg.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}`;
}

/** Offers `data` as a download named `fileName`. */
export function download(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a title: the title itself, without the characters file systems refuse. */
export function fileNameOf(title: string, extension: string): string {
  const name =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'chart';
  return `${name}.${extension}`;
}
