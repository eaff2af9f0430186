/** Lagringer som avvises fordi objektet er endret et annet sted (issue 26); se conflict-texts.en.ts. */
export const conflictTextsNo = {
  location:
    'Stedet ble endret andre steder (i en annen fane eller økt) etter at du åpnet det. Endringene dine ble ikke lagret.',
  repository:
    'Arkivet ble endret et annet sted (i en annen fane eller økt) etter at du åpnet det. Endringene dine ble ikke lagret.',
  record:
    'Kilden ble endret et annet sted (i en annen fane eller økt) etter at du åpnet den. Endringene dine ble ikke lagret.',
  citation:
    'Kildehenvisningen ble endret et annet sted (i en annen fane eller økt) etter at du åpnet den. Endringene dine ble ikke lagret.',
  note: 'Notatet ble endret et annet sted (i en annen fane eller økt) etter at du åpnet det. Endringene dine ble ikke lagret.',
  media:
    'Bildet eller dokumentet ble endret et annet sted (i en annen fane eller økt) etter at du åpnet det. Endringene dine ble ikke lagret.',
  alert: {
    saved: 'Lagret nå:',
    kept: 'Endringene dine står fortsatt i skjemaet. Lagre din versjon over den lagrede, eller hent den lagrede versjonen (da forkastes endringene dine).',
    reload: 'Hent den lagrede versjonen',
    overwrite: 'Lagre min versjon over den',
    empty: '(tomt)',
    sources_one: '{{count}} kilde',
    sources_other: '{{count}} kilder',
  },
};
