export const proposalTextsNo = {
  proposal: {
    error: {
      notFound: 'Forslaget ble ikke funnet.',
      notPending: 'Forslaget er allerede avgjort.',
      conflict:
        'Det forslaget endrer, er endret av noen andre siden det ble laget, så ingenting ble lagret. Avvis det, eller be om et nytt.',
      notProposable:
        'En bidragsyter kan ikke foreslå denne endringen (slektstreets navn eller hovedperson). Spør en redaktør.',
      otherRequest: 'Et forslag kan bare endres med samme slags endring.',
      notYours: 'Bare bidragsyteren som laget et forslag, kan trekke det tilbake.',
    },
    validation: { commentTooLong: 'Kommentaren er for lang (høyst 2 000 tegn).' },
  },
  email: {
    greeting: 'Hei {{name}},',
    waitingSubject: '{{name}} foreslår en endring i {{tree}}',
    waitingBody:
      '{{name}} har foreslått en endring i slektstreet {{tree}} i Anor. Den venter på din gjennomgang: godkjenn den, eller avvis den med en kommentar.',
    acceptedSubject: 'Den foreslåtte endringen din i {{tree}} ble godkjent',
    acceptedBody:
      '{{reviewer}} godkjente endringen du foreslo i slektstreet {{tree}} i Anor. Den er lagret i ditt navn.',
    rejectedSubject: 'Den foreslåtte endringen din i {{tree}} ble ikke godkjent',
    rejectedBody: '{{reviewer}} avviste endringen du foreslo i slektstreet {{tree}} i Anor.',
    comment: 'Kommentar: {{comment}}',
    optOut: 'Du får disse e-postene fordi du deltar i slektstreet. Du kan slå dem av i kontoinnstillingene dine.',
  },
  proposals: {
    setting: 'Send meg e-post om foreslåtte endringer (som venter på min gjennomgang, eller avgjørelser om mine)',
    navLink: 'Forslag',
    title: 'Foreslåtte endringer i {{tree}}',
    intro:
      'Bidragsyteres endringer venter her på gjennomgang. Godkjenn lagrer en endring nøyaktig slik den ble foreslått; avvis sender den tilbake med din kommentar.',
    mineIntro: 'Dine foreslåtte endringer. En redaktør av slektstreet går gjennom hver enkelt før den lagres.',
    contributorNote: 'Du er bidragsyter: endringene dine sendes til gjennomgang før de lagres.',
    sentForReview: 'Sendt til gjennomgang. En redaktør av slektstreet ser på endringen din.',
    showMine: 'Vis forslagene mine',
    empty: 'Ingen forslag her.',
    filter: { pending: 'Venter på gjennomgang', all: 'Alle' },
    status: {
      pending: 'Venter på gjennomgang',
      accepted: 'Godkjent',
      rejected: 'Avvist',
      withdrawn: 'Trukket tilbake',
    },
    by: 'Foreslått av {{name}}, {{date}}',
    someone: 'et tidligere medlem',
    decided: '{{status}} av {{name}}, {{date}}',
    changes_one: '{{count}} endring',
    changes_other: '{{count}} endringer',
    comment: 'Kommentar: {{comment}}',
    accept: 'Godkjenn',
    accepted: 'Forslaget ble godkjent og lagret.',
    reject: 'Avvis',
    rejectTitle: 'Avvis forslaget',
    rejectComment: 'Kommentar til bidragsyteren (valgfri)',
    rejected: 'Forslaget ble avvist.',
    edit: {
      action: 'Endre',
      title: 'Endre forslaget',
      intro:
        'Endringen slik bidragsyteren sendte den, verdi for verdi. Den endrede versjonen din kontrolleres som enhver endring og erstatter det forslaget endrer; godkjenn det deretter.',
      save: 'Lagre forslaget',
      value: 'Verdi',
      empty: '(tomt)',
      readOnly: 'Versjonen bidragsyteren tok utgangspunkt i; den kan ikke endres.',
      notNumber: 'Skriv inn et tall.',
      changesNothing:
        'Med disse verdiene ville endringen ikke endre noe i slektstreet, så forslaget ble beholdt som det var.',
    },
    withdraw: 'Trekk tilbake',
    withdrawn: 'Forslaget ble trukket tilbake.',
  },
};
