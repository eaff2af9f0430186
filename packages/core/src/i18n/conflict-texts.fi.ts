/** Tallennukset, jotka hylätään, koska kohdetta on muutettu muualla (issue 26); ks. conflict-texts.en.ts. */
export const conflictTextsFi = {
  location:
    'Paikkaa muutettiin muualla (toisessa välilehdessä tai istunnossa) sen jälkeen, kun avasit sen. Muutoksiasi ei tallennettu.',
  repository:
    'Arkistoa muutettiin muualla (toisessa välilehdessä tai istunnossa) sen jälkeen, kun avasit sen. Muutoksiasi ei tallennettu.',
  record:
    'Lähdettä muutettiin muualla (toisessa välilehdessä tai istunnossa) sen jälkeen, kun avasit sen. Muutoksiasi ei tallennettu.',
  citation:
    'Lähdeviitettä muutettiin muualla (toisessa välilehdessä tai istunnossa) sen jälkeen, kun avasit sen. Muutoksiasi ei tallennettu.',
  note: 'Muistiinpanoa muutettiin muualla (toisessa välilehdessä tai istunnossa) sen jälkeen, kun avasit sen. Muutoksiasi ei tallennettu.',
  media:
    'Kuvaa tai asiakirjaa muutettiin muualla (toisessa välilehdessä tai istunnossa) sen jälkeen, kun avasit sen. Muutoksiasi ei tallennettu.',
  alert: {
    saved: 'Nyt tallennettuna:',
    kept: 'Muutoksesi ovat yhä lomakkeella. Tallenna oma versiosi tallennetun päälle tai lataa tallennettu versio (jolloin muutoksesi hylätään).',
    reload: 'Lataa tallennettu versio',
    overwrite: 'Tallenna oma versioni sen päälle',
    empty: '(tyhjä)',
    sources_one: '{{count}} lähde',
    sources_other: '{{count}} lähdettä',
  },
};
