/** The charts' and timeline's texts (issue 23) in English; one file per language, so that a
 * dictionary's chunk holds its own language only. */
export const chartTextsEn = {
  charts: {
    tabs: { fan: 'Fan chart', hourglass: 'Hourglass' },
    fan: {
      label: 'Fan chart of {{name}}',
      generations: 'Generations',
      open: 'Open {{name}}',
      showInChart: 'Make {{name}} the centre',
      help: 'Click a segment to make that person the centre of the fan; click the centre to open the person. Arrow keys pan, + and - zoom, 0 fits the chart.',
    },
    hourglass: {
      label: 'Hourglass chart of {{name}}',
      up: 'Generations up',
      down: 'Generations down',
    },
    export: {
      button: 'Export',
      svg: 'Download SVG',
      pdf: 'Download PDF…',
      dialogTitle: 'Export the chart as PDF',
      paper: 'Paper',
      orientation: 'Orientation',
      portrait: 'Portrait',
      landscape: 'Landscape',
      pages_one: 'Fits on one page.',
      pages_other: 'Printed on {{count}} pages ({{rows}} × {{columns}}), with overlapping edges to join them.',
      download: 'Download',
      making: 'Making the PDF …',
      failed: 'The chart could not be exported. Please try again.',
      printed: 'Printed {{date}}',
      pageLabel: 'Page {{page}} of {{pages}}: row {{row}}, column {{column}}',
      titles: {
        ancestors: 'Ancestors of {{name}}',
        descendants: 'Descendants of {{name}}',
        fan: 'Fan chart of {{name}}',
        hourglass: 'Hourglass chart of {{name}}',
      },
    },
  },
  timeline: {
    title: 'Timeline',
    label: 'Timeline of {{name}}',
    empty: 'No dated events yet.',
    age: 'age {{age}}',
    own: 'Own event',
    relatives: {
      parent: 'Parent',
      partner: 'Partner',
      child: 'Child',
      sibling: 'Sibling',
    },
    kinds: {
      birth: 'Birth of {{name}}',
      death: 'Death of {{name}}',
    },
    showRelatives: 'Show the family’s events',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ChartTexts = Widen<typeof chartTextsEn>;
