import { describe, expect, it } from 'vitest';
import { estimateTextWidth } from './chart-box-text.ts';
import { BOX_HEIGHT, BOX_WIDTH } from './chart-layout.ts';
import { escapeXml, renderChartSvg } from './chart-svg.ts';
import { chartPerson } from './chart-test-data.ts';
import { layoutPedigree } from './pedigree-layout.ts';

const answer = {
  startId: 'c',
  persons: [
    chartPerson('c', { fName: 'Anders Petter', lName: 'Johansson', parentIds: ['f', 'm'], rootRelation: 'root' }),
    chartPerson('f', { fName: 'Per', lName: 'Ek <Smed> & Son', gender: 'male', rootRelation: 'ancestor' }),
    chartPerson('m', { fName: null, lName: null, gender: 'female', private: true, rootRelation: 'ancestor' }),
  ],
};
const texts = (person: (typeof answer.persons)[number]) => ({
  name: person.private ? 'Private' : [person.fName, person.lName].filter(Boolean).join(' '),
  hasName: true,
  details: person.id === 'c' ? '1801–1870 · Råshult' : '',
});

describe('renderChartSvg', () => {
  const layout = layoutPedigree(answer);
  const svg = renderChartSvg(layout, { texts, title: 'Antavla för Anders', subtitle: '29 november 2026' });

  it('is one SVG document as large as the chart with its margin and title', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
    const height = Number(/height="(\d+)"/.exec(svg)?.[1]);
    expect(width).toBe(Math.ceil(layout.bounds.width + 48));
    expect(height).toBeGreaterThan(layout.bounds.height + 48);
    expect(svg).toContain('>Antavla för Anders</text>');
    expect(svg).toContain('>29 november 2026</text>');
  });

  it('draws every box and link, with the whole name over two lines', () => {
    expect(svg.match(new RegExp(`<rect width="${BOX_WIDTH}" height="${BOX_HEIGHT}"`, 'g'))).toHaveLength(3);
    // Two links, and each box's root-colour marker.
    expect(svg.match(/<path d="M/g)).toHaveLength(2 + 3);
    expect(svg).toContain('<tspan x="18" y="');
    const tspans = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]);
    expect(tspans.slice(0, 2)).toEqual(['Anders Petter', 'Johansson']);
    expect(svg).toContain('>1801–1870 · Råshult</text>');
    expect(svg).toContain('>Private</tspan>');
  });

  it('escapes what users typed, and draws a portrait when given one', () => {
    expect(svg).toContain('Ek &#60;Smed&#62; &#38; Son');
    expect(svg).not.toContain('<Smed>');
    expect(escapeXml(`"'`)).toBe('&#34;&#39;');
    const withPortrait = renderChartSvg(layout, {
      texts,
      measure: estimateTextWidth,
      portraitHref: (person) => (person.id === 'f' ? 'data:image/webp;base64,AAAA' : null),
    });
    expect(withPortrait.match(/<image href="data:image\/webp;base64,AAAA"/g)).toHaveLength(1);
    expect(withPortrait).toContain('clip-path="url(#chart-portrait)"');
  });
});
