import type { ChartTexts } from './chart-texts.en.ts';

export const chartTextsNo: ChartTexts = {
  charts: {
    tabs: { fan: 'Vifte', hourglass: 'Timeglass' },
    fan: {
      label: 'Viftediagram for {{name}}',
      generations: 'Generasjoner',
      open: 'Åpne {{name}}',
      showInChart: 'Gjør {{name}} til midtpunkt',
      help: 'Klikk på et felt for å gjøre den personen til viftens midte; klikk på midten for å åpne personen. Piltastene flytter, + og - zoomer, 0 viser hele diagrammet.',
    },
    hourglass: {
      label: 'Timeglassdiagram for {{name}}',
      up: 'Generasjoner opp',
      down: 'Generasjoner ned',
    },
    export: {
      button: 'Eksporter',
      svg: 'Last ned SVG',
      pdf: 'Last ned PDF …',
      dialogTitle: 'Eksporter diagrammet som PDF',
      paper: 'Papir',
      orientation: 'Retning',
      portrait: 'Stående',
      landscape: 'Liggende',
      pages_one: 'Får plass på én side.',
      pages_other: 'Skrives ut på {{count}} sider ({{rows}} × {{columns}}) med overlappende kanter å sette sammen.',
      download: 'Last ned',
      making: 'PDF-en lages …',
      failed: 'Diagrammet kunne ikke eksporteres. Prøv igjen.',
      printed: 'Skrevet ut {{date}}',
      pageLabel: 'Side {{page}} av {{pages}}: rad {{row}}, kolonne {{column}}',
      titles: {
        ancestors: 'Aner til {{name}}',
        descendants: 'Etterkommere av {{name}}',
        fan: 'Viftediagram for {{name}}',
        hourglass: 'Timeglassdiagram for {{name}}',
      },
    },
  },
  timeline: {
    title: 'Tidslinje',
    label: 'Tidslinje for {{name}}',
    empty: 'Ingen daterte hendelser ennå.',
    age: '{{age}} år',
    own: 'Egen hendelse',
    relatives: { parent: 'Forelder', partner: 'Partner', child: 'Barn', sibling: 'Søsken' },
    kinds: { birth: '{{name}} blir født', death: '{{name}} dør' },
    showRelatives: 'Vis familiens hendelser',
  },
};
