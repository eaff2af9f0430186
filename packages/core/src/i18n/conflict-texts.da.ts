/** Gemninger, der afvises, fordi objektet er ændret andetsteds (issue 26); se conflict-texts.en.ts. */
export const conflictTextsDa = {
  location:
    'Stedet blev ændret andetsteds (i en anden fane eller session), efter du åbnede det. Dine ændringer blev ikke gemt.',
  repository:
    'Arkivet blev ændret et andet sted (i en anden fane eller session), efter du åbnede det. Dine ændringer blev ikke gemt.',
  record:
    'Kilden blev ændret et andet sted (i en anden fane eller session), efter du åbnede den. Dine ændringer blev ikke gemt.',
  citation:
    'Kildehenvisningen blev ændret et andet sted (i en anden fane eller session), efter du åbnede den. Dine ændringer blev ikke gemt.',
  note: 'Noten blev ændret et andet sted (i en anden fane eller session), efter du åbnede den. Dine ændringer blev ikke gemt.',
  media:
    'Billedet eller dokumentet blev ændret et andet sted (i en anden fane eller session), efter du åbnede det. Dine ændringer blev ikke gemt.',
  alert: {
    saved: 'Gemt nu:',
    kept: 'Dine ændringer står stadig i formularen. Gem din version oven i den gemte, eller hent den gemte version (så forkastes dine ændringer).',
    reload: 'Hent den gemte version',
    overwrite: 'Gem min version oven i den',
    empty: '(tomt)',
    sources_one: '{{count}} kilde',
    sources_other: '{{count}} kilder',
  },
};
