import type { ChartTexts } from './chart-texts.en.ts';

export const chartTextsDa: ChartTexts = {
  charts: {
    tabs: { fan: 'Vifte', hourglass: 'Timeglas' },
    fan: {
      label: 'Viftediagram for {{name}}',
      generations: 'Generationer',
      open: 'Åbn {{name}}',
      showInChart: 'Gør {{name}} til midtpunkt',
      help: 'Klik på et felt for at gøre den person til viftens midte; klik på midten for at åbne personen. Piletasterne flytter, + og - zoomer, 0 viser hele diagrammet.',
    },
    hourglass: {
      label: 'Timeglasdiagram for {{name}}',
      up: 'Generationer op',
      down: 'Generationer ned',
    },
    export: {
      button: 'Eksportér',
      svg: 'Hent SVG',
      pdf: 'Hent PDF …',
      dialogTitle: 'Eksportér diagrammet som PDF',
      paper: 'Papir',
      orientation: 'Retning',
      portrait: 'Stående',
      landscape: 'Liggende',
      pages_one: 'Kan være på én side.',
      pages_other: 'Udskrives på {{count}} sider ({{rows}} × {{columns}}) med overlappende kanter til at sætte sammen.',
      download: 'Hent',
      making: 'PDF’en laves …',
      failed: 'Diagrammet kunne ikke eksporteres. Prøv igen.',
      printed: 'Udskrevet {{date}}',
      pageLabel: 'Side {{page}} af {{pages}}: række {{row}}, kolonne {{column}}',
      titles: {
        ancestors: 'Aner til {{name}}',
        descendants: 'Efterkommere af {{name}}',
        fan: 'Viftediagram for {{name}}',
        hourglass: 'Timeglasdiagram for {{name}}',
      },
    },
  },
  timeline: {
    title: 'Tidslinje',
    label: 'Tidslinje for {{name}}',
    empty: 'Ingen daterede begivenheder endnu.',
    age: '{{age}} år',
    own: 'Egen begivenhed',
    relatives: { parent: 'Forælder', partner: 'Partner', child: 'Barn', sibling: 'Søskende' },
    kinds: { birth: '{{name}} fødes', death: '{{name}} dør' },
    showRelatives: 'Vis familiens begivenheder',
  },
};
