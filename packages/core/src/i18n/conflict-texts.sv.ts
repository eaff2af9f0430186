/** Sparningar som nekas för att objektet ändrats på annat håll (issue 26); se conflict-texts.en.ts. */
export const conflictTextsSv = {
  location:
    'Platsen ändrades någon annanstans (i en annan flik eller session) efter att du öppnade den. Dina ändringar sparades inte.',
  repository:
    'Arkivet ändrades någon annanstans (i en annan flik eller session) efter att du öppnade det. Dina ändringar sparades inte.',
  record:
    'Källan ändrades någon annanstans (i en annan flik eller session) efter att du öppnade den. Dina ändringar sparades inte.',
  citation:
    'Källhänvisningen ändrades någon annanstans (i en annan flik eller session) efter att du öppnade den. Dina ändringar sparades inte.',
  note: 'Anteckningen ändrades någon annanstans (i en annan flik eller session) efter att du öppnade den. Dina ändringar sparades inte.',
  media:
    'Bilden eller dokumentet ändrades någon annanstans (i en annan flik eller session) efter att du öppnade det. Dina ändringar sparades inte.',
  alert: {
    saved: 'Sparat nu:',
    kept: 'Dina ändringar finns kvar i formuläret. Spara din version över den sparade, eller ladda den sparade versionen (dina ändringar försvinner då).',
    reload: 'Ladda den sparade versionen',
    overwrite: 'Spara min version över den',
    empty: '(tomt)',
    sources_one: '{{count}} källa',
    sources_other: '{{count}} källor',
  },
};
