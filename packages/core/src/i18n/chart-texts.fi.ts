import type { ChartTexts } from './chart-texts.en.ts';

export const chartTextsFi: ChartTexts = {
  charts: {
    tabs: { fan: 'Viuhka', hourglass: 'Tiimalasi' },
    fan: {
      label: 'Viuhkakaavio: {{name}}',
      generations: 'Sukupolvet',
      open: 'Avaa {{name}}',
      showInChart: 'Aseta {{name}} keskelle',
      help: 'Napsauta lohkoa, niin henkilöstä tulee viuhkan keskus; napsauta keskustaa avataksesi henkilön. Nuolinäppäimet siirtävät, + ja - zoomaavat, 0 näyttää koko kaavion.',
    },
    hourglass: {
      label: 'Tiimalasikaavio: {{name}}',
      up: 'Sukupolvia ylös',
      down: 'Sukupolvia alas',
    },
    export: {
      button: 'Vie',
      svg: 'Lataa SVG',
      pdf: 'Lataa PDF …',
      dialogTitle: 'Vie kaavio PDF-tiedostona',
      paper: 'Paperi',
      orientation: 'Suunta',
      portrait: 'Pysty',
      landscape: 'Vaaka',
      pages_one: 'Mahtuu yhdelle sivulle.',
      pages_other:
        'Tulostetaan {{count}} sivulle ({{rows}} × {{columns}}), reunat limittäin yhteen liittämistä varten.',
      download: 'Lataa',
      making: 'PDF-tiedostoa tehdään …',
      failed: 'Kaaviota ei voitu viedä. Yritä uudelleen.',
      printed: 'Tulostettu {{date}}',
      pageLabel: 'Sivu {{page}}/{{pages}}: rivi {{row}}, sarake {{column}}',
      titles: {
        ancestors: 'Esivanhemmat: {{name}}',
        descendants: 'Jälkeläiset: {{name}}',
        fan: 'Viuhkakaavio: {{name}}',
        hourglass: 'Tiimalasikaavio: {{name}}',
      },
    },
  },
  timeline: {
    title: 'Aikajana',
    label: 'Aikajana: {{name}}',
    empty: 'Ei vielä päivättyjä tapahtumia.',
    age: '{{age}} v',
    own: 'Oma tapahtuma',
    relatives: { parent: 'Vanhempi', partner: 'Puoliso', child: 'Lapsi', sibling: 'Sisarus' },
    kinds: { birth: '{{name}} syntyy', death: '{{name}} kuolee' },
    showRelatives: 'Näytä perheen tapahtumat',
  },
};
