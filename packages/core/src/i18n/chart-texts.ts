/**
 * The texts of the fan and hourglass charts, the chart export (SVG, PDF) and the person timeline
 * (issue 23), in all five languages. Each dictionary takes its language's part in one line
 * (`charts: chartTexts.en.charts`), as with `rule-texts.ts`.
 */
const en = {
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
type ChartTexts = Widen<typeof en>;

const sv: ChartTexts = {
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

const da: ChartTexts = {
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

const no: ChartTexts = {
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

const fi: ChartTexts = {
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

export const chartTexts = { en, sv, da, no, fi };
