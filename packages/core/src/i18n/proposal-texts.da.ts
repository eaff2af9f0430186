export const proposalTextsDa = {
  proposal: {
    error: {
      notFound: 'Forslaget blev ikke fundet.',
      notPending: 'Forslaget er allerede afgjort.',
      conflict:
        'Det, forslaget ændrer, er blevet ændret af en anden, siden det blev lavet, så intet blev gemt. Afvis det, eller bed om et nyt.',
      notProposable:
        'En bidragyder kan ikke foreslå denne ændring (slægtstræets navn eller hovedperson). Spørg en redaktør.',
      otherRequest: 'Et forslag kan kun ændres med samme slags ændring.',
      notYours: 'Kun den bidragyder, der lavede et forslag, kan trække det tilbage.',
    },
    validation: { commentTooLong: 'Kommentaren er for lang (højst 2.000 tegn).' },
  },
  email: {
    greeting: 'Hej {{name}},',
    waitingSubject: '{{name}} foreslår en ændring i {{tree}}',
    waitingBody:
      '{{name}} har foreslået en ændring i slægtstræet {{tree}} i Anor. Den venter på dit gennemsyn: godkend den, eller afvis den med en kommentar.',
    acceptedSubject: 'Din foreslåede ændring i {{tree}} blev godkendt',
    acceptedBody:
      '{{reviewer}} godkendte den ændring, du foreslog i slægtstræet {{tree}} i Anor. Den er gemt i dit navn.',
    rejectedSubject: 'Din foreslåede ændring i {{tree}} blev ikke godkendt',
    rejectedBody: '{{reviewer}} afviste den ændring, du foreslog i slægtstræet {{tree}} i Anor.',
    comment: 'Kommentar: {{comment}}',
    optOut: 'Du får disse e-mails, fordi du deltager i slægtstræet. Du kan slå dem fra i dine kontoindstillinger.',
  },
  proposals: {
    setting: 'Send mig e-mail om foreslåede ændringer (der venter på mit gennemsyn, eller afgørelser om mine)',
    navLink: 'Forslag',
    title: 'Foreslåede ændringer i {{tree}}',
    intro:
      'Bidragyderes ændringer venter her på gennemsyn. Godkend gemmer en ændring præcis som foreslået; afvis sender den tilbage med din kommentar.',
    mineIntro: 'Dine foreslåede ændringer. En redaktør af slægtstræet gennemser hver enkelt, før den gemmes.',
    contributorNote: 'Du er bidragyder: dine ændringer sendes til gennemsyn, før de gemmes.',
    sentForReview: 'Sendt til gennemsyn. En redaktør af slægtstræet ser på din ændring.',
    showMine: 'Vis mine forslag',
    empty: 'Ingen forslag her.',
    filter: { pending: 'Venter på gennemsyn', all: 'Alle' },
    status: { pending: 'Venter på gennemsyn', accepted: 'Godkendt', rejected: 'Afvist', withdrawn: 'Trukket tilbage' },
    by: 'Foreslået af {{name}}, {{date}}',
    someone: 'et tidligere medlem',
    decided: '{{status}} af {{name}}, {{date}}',
    changes_one: '{{count}} ændring',
    changes_other: '{{count}} ændringer',
    comment: 'Kommentar: {{comment}}',
    accept: 'Godkend',
    accepted: 'Forslaget blev godkendt og gemt.',
    reject: 'Afvis',
    rejectTitle: 'Afvis forslaget',
    rejectComment: 'Kommentar til bidragyderen (valgfri)',
    rejected: 'Forslaget blev afvist.',
    edit: {
      action: 'Ret',
      title: 'Ret forslaget',
      intro:
        'Ændringen, som bidragyderen sendte den, værdi for værdi. Din rettede version kontrolleres som enhver ændring og erstatter det, forslaget ændrer; godkend det derefter.',
      save: 'Gem forslaget',
      value: 'Værdi',
      empty: '(tomt)',
      readOnly: 'Den version, bidragyderen tog udgangspunkt i; den kan ikke ændres.',
      notNumber: 'Angiv et tal.',
      changesNothing:
        'Med disse værdier ville ændringen ikke ændre noget i slægtstræet, så forslaget blev beholdt, som det var.',
    },
    withdraw: 'Træk tilbage',
    withdrawn: 'Forslaget blev trukket tilbage.',
  },
};
