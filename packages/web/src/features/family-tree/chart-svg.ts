import type { ChartPerson } from '@anor/core';
import { DEFAULT_THEME } from '@mantine/core';
import { theme } from '../../app/theme.ts';
import type { PersonLabelParts } from '../../lib/person-label/person-label.ts';
import { shortPlace } from '../../lib/person-label/person-label.ts';
import { rootColors } from '../person/root-colors.ts';
import {
  type BoxFont,
  DETAILS_FONT,
  estimateTextWidth,
  layoutBoxText,
  type MeasureText,
  PORTRAIT_SIZE,
  PORTRAIT_X,
  PORTRAIT_Y,
} from './chart-box-text.ts';
import { BOX_HEIGHT, BOX_WIDTH, type ChartLayout } from './chart-layout.ts';

/**
 * A chart as one standalone SVG document (issue 23: export and print): the same boxes as the
 * interactive chart (chart-box-text.ts places the same lines), drawn with plain attributes instead
 * of the page's classes and colour variables, so that the file looks the same anywhere (a browser,
 * an editor, an SVG-to-PDF converter). Nothing interactive: no links, no buttons.
 */

export interface ChartSvgTexts {
  /** The name as the box shows it ("Private" for a living person shown to a visitor). */
  name: string;
  hasName: boolean;
  /** Life years and the birthplace's short form; empty when unknown. */
  details: string;
}

/** A box's texts from the person label: the years with the birthplace's own name (the hover text has the whole path). */
export function chartBoxTexts(label: PersonLabelParts): ChartSvgTexts {
  return {
    name: label.name,
    hasName: label.hasName,
    details: [label.years, shortPlace(label.placeFull, 1)].filter(Boolean).join(' · '),
  };
}

export interface ChartSvgOptions {
  /** The texts of a person's box: pass the web app's person label (usePersonLabel) for the interface language. */
  texts: (person: ChartPerson) => ChartSvgTexts;
  /** A title above the chart and its date line (for example the print date), both optional. */
  title?: string;
  subtitle?: string;
  /** A person's portrait as an address the file may hold (a data: URL for a file that must stand alone). */
  portraitHref?: (person: ChartPerson) => string | null;
  /** How texts are measured for wrapping; Helvetica's widths by default (the font the file asks for). */
  measure?: MeasureText;
  /** Room around the chart, in the chart's units (pixels at scale 1). */
  margin?: number;
  fontFamily?: string;
}

const colors = DEFAULT_THEME.colors;
const START_COLOR = theme.colors?.forest?.[7] ?? colors.green[8];
const TEXT_COLOR = DEFAULT_THEME.black;
const DIMMED = colors.gray[6];
const LINK_COLOR = colors.gray[5];
const TITLE_SIZE = 20;
const SUBTITLE_SIZE = 12;

/** Escapes a text for an SVG text node or attribute value. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function fontAttributes(font: BoxFont): string {
  return `font-size="${font.size}" font-weight="${font.weight}"`;
}

function boxSvg(
  node: ChartLayout['nodes'][number],
  texts: ChartSvgTexts,
  portrait: string | null,
  measure: MeasureText,
  clipId: string,
): string {
  const { person } = node;
  const lines = layoutBoxText(
    { name: texts.name, details: texts.details, occupation: person.occupation ?? '', hasPortrait: portrait !== null },
    measure,
  );
  const frame = node.isStart
    ? `stroke="${START_COLOR}" stroke-width="2.5"`
    : `stroke="${colors.gray[4]}" stroke-width="1"${node.isDuplicate ? ' stroke-dasharray="6 4"' : ''}`;
  const parts = [
    `<g transform="translate(${node.x},${node.y})">`,
    `<rect width="${BOX_WIDTH}" height="${BOX_HEIGHT}" rx="8" fill="${node.isDuplicate ? colors.gray[0] : '#fff'}" ${frame}/>`,
    `<path d="M8,0A8,8 0 0 0 0,8V${BOX_HEIGHT - 8}A8,8 0 0 0 8,${BOX_HEIGHT}Z" fill="${colors[rootColors[person.rootRelation]]?.[6]}"/>`,
  ];
  if (portrait) {
    parts.push(
      `<image href="${escapeXml(portrait)}" x="${PORTRAIT_X}" y="${PORTRAIT_Y}" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${clipId})"/>`,
    );
  }
  const nameStyle = texts.hasName ? `fill="${TEXT_COLOR}"` : `fill="${DIMMED}" font-style="italic"`;
  parts.push(
    `<text ${fontAttributes(lines.nameFont)} ${nameStyle}>${lines.name
      .map((line) => `<tspan x="${lines.x}" y="${line.y}">${escapeXml(line.text)}</tspan>`)
      .join('')}</text>`,
  );
  for (const line of [lines.details, lines.occupation]) {
    if (line) {
      parts.push(
        `<text x="${lines.x}" y="${line.y}" ${fontAttributes(DETAILS_FONT)} fill="${DIMMED}">${escapeXml(line.text)}</text>`,
      );
    }
  }
  parts.push('</g>');
  return parts.join('');
}

/**
 * The chart as an SVG document: its width and height are the chart's size in pixels at scale 1
 * (with the margin and the title), and its viewBox the same, so a printer or a PDF library can
 * scale it to a page. Names are wrapped, never cut (as on screen).
 */
export function renderChartSvg(layout: ChartLayout, options: ChartSvgOptions): string {
  const margin = options.margin ?? 24;
  const measure = options.measure ?? estimateTextWidth;
  const fontFamily = options.fontFamily ?? 'Helvetica, Arial, "Liberation Sans", sans-serif';
  const header =
    (options.title ? TITLE_SIZE + 10 : 0) + (options.subtitle ? SUBTITLE_SIZE + 8 : 0) + (options.title ? 8 : 0);
  const { bounds } = layout;
  const width = Math.ceil(bounds.width + 2 * margin);
  const height = Math.ceil(bounds.height + 2 * margin + header);
  const clipId = 'chart-portrait';
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(fontFamily)}">`,
    `<defs><clipPath id="${clipId}" clipPathUnits="objectBoundingBox"><circle cx="0.5" cy="0.5" r="0.5"/></clipPath></defs>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
  ];
  let y = margin;
  if (options.title) {
    y += TITLE_SIZE;
    parts.push(
      `<text x="${margin}" y="${y}" font-size="${TITLE_SIZE}" font-weight="600" fill="${TEXT_COLOR}">${escapeXml(options.title)}</text>`,
    );
    y += 10;
  }
  if (options.subtitle) {
    y += SUBTITLE_SIZE;
    parts.push(
      `<text x="${margin}" y="${y}" font-size="${SUBTITLE_SIZE}" fill="${DIMMED}">${escapeXml(options.subtitle)}</text>`,
    );
    y += 8;
  }
  parts.push(`<g transform="translate(${margin - bounds.x},${margin + header - bounds.y})">`);
  parts.push(`<g fill="none" stroke="${LINK_COLOR}" stroke-width="1.5">`);
  for (const link of layout.links) {
    parts.push(`<path d="${link.d}"${link.isCouple ? ` stroke="${colors.gray[6]}" stroke-width="2"` : ''}/>`);
  }
  parts.push('</g>');
  for (const node of layout.nodes) {
    parts.push(boxSvg(node, options.texts(node.person), options.portraitHref?.(node.person) ?? null, measure, clipId));
  }
  parts.push('</g></svg>');
  return parts.join('\n');
}
