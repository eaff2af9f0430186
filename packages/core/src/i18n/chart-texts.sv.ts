import type { ChartTexts } from './chart-texts.en.ts';

export const chartTextsSv: ChartTexts = {
  charts: {
    tabs: { fan: 'Solfjäder', hourglass: 'Timglas' },
    fan: {
      label: 'Solfjäderdiagram för {{name}}',
      generations: 'Generationer',
      open: 'Öppna {{name}}',
      showInChart: 'Gör {{name}} till mittpunkt',
      help: 'Klicka på ett fält för att göra den personen till solfjäderns mitt; klicka på mitten för att öppna personen. Piltangenterna flyttar, + och - zoomar, 0 visar hela diagrammet.',
    },
    hourglass: {
      label: 'Timglasdiagram för {{name}}',
      up: 'Generationer uppåt',
      down: 'Generationer nedåt',
    },
    export: {
      button: 'Exportera',
      svg: 'Ladda ner SVG',
      pdf: 'Ladda ner PDF …',
      dialogTitle: 'Exportera diagrammet som PDF',
      paper: 'Papper',
      orientation: 'Riktning',
      portrait: 'Stående',
      landscape: 'Liggande',
      pages_one: 'Ryms på en sida.',
      pages_other: 'Skrivs ut på {{count}} sidor ({{rows}} × {{columns}}) med överlappande kanter att foga ihop.',
      download: 'Ladda ner',
      making: 'PDF:en skapas …',
      failed: 'Diagrammet kunde inte exporteras. Försök igen.',
      printed: 'Utskrivet {{date}}',
      pageLabel: 'Sida {{page}} av {{pages}}: rad {{row}}, kolumn {{column}}',
      titles: {
        ancestors: 'Anor till {{name}}',
        descendants: 'Ättlingar till {{name}}',
        fan: 'Solfjäderdiagram för {{name}}',
        hourglass: 'Timglasdiagram för {{name}}',
      },
    },
  },
  timeline: {
    title: 'Tidslinje',
    label: 'Tidslinje för {{name}}',
    empty: 'Inga daterade händelser ännu.',
    age: '{{age}} år',
    own: 'Egen händelse',
    relatives: { parent: 'Förälder', partner: 'Partner', child: 'Barn', sibling: 'Syskon' },
    kinds: { birth: '{{name}} föds', death: '{{name}} dör' },
    showRelatives: 'Visa familjens händelser',
  },
};
