export const proposalTextsSv = {
  proposal: {
    error: {
      notFound: 'Förslaget hittades inte.',
      notPending: 'Förslaget är redan avgjort.',
      conflict:
        'Det förslaget ändrar har ändrats av någon annan sedan det gjordes, så inget sparades. Avslå det, eller be om ett nytt.',
      notProposable:
        'En bidragsgivare kan inte föreslå den här ändringen (släktträdets namn eller huvudperson). Fråga en redigerare.',
      otherRequest: 'Ett förslag kan bara ändras med samma slags ändring.',
      notYours: 'Bara bidragsgivaren som gjorde ett förslag kan dra tillbaka det.',
    },
    validation: { commentTooLong: 'Kommentaren är för lång (högst 2 000 tecken).' },
  },
  email: {
    greeting: 'Hej {{name}},',
    waitingSubject: '{{name}} föreslår en ändring i {{tree}}',
    waitingBody:
      '{{name}} har föreslagit en ändring i släktträdet {{tree}} i Anor. Den väntar på din granskning: godkänn den, eller avslå den med en kommentar.',
    acceptedSubject: 'Din föreslagna ändring i {{tree}} godkändes',
    acceptedBody:
      '{{reviewer}} godkände ändringen du föreslog i släktträdet {{tree}} i Anor. Den är sparad i ditt namn.',
    rejectedSubject: 'Din föreslagna ändring i {{tree}} godkändes inte',
    rejectedBody: '{{reviewer}} avslog ändringen du föreslog i släktträdet {{tree}} i Anor.',
    comment: 'Kommentar: {{comment}}',
    optOut: 'Du får de här e-breven eftersom du deltar i släktträdet. Du kan stänga av dem i dina kontoinställningar.',
  },
  proposals: {
    setting: 'Skicka e-post om föreslagna ändringar (som väntar på min granskning, eller beslut om mina)',
    navLink: 'Förslag',
    title: 'Föreslagna ändringar i {{tree}}',
    intro:
      'Bidragsgivares ändringar väntar här på granskning. Godkänn sparar en ändring precis som den föreslogs; avslå skickar tillbaka den med din kommentar.',
    mineIntro: 'Dina föreslagna ändringar. En redigerare av släktträdet granskar var och en innan den sparas.',
    contributorNote: 'Du är bidragsgivare: dina ändringar skickas för granskning innan de sparas.',
    sentForReview: 'Skickat för granskning. En redigerare av släktträdet tittar på din ändring.',
    showMine: 'Visa mina förslag',
    empty: 'Inga förslag här.',
    filter: { pending: 'Väntar på granskning', all: 'Alla' },
    status: { pending: 'Väntar på granskning', accepted: 'Godkänt', rejected: 'Avslaget', withdrawn: 'Tillbakadraget' },
    by: 'Föreslaget av {{name}}, {{date}}',
    someone: 'en tidigare medlem',
    decided: '{{status}} av {{name}}, {{date}}',
    changes_one: '{{count}} ändring',
    changes_other: '{{count}} ändringar',
    comment: 'Kommentar: {{comment}}',
    accept: 'Godkänn',
    accepted: 'Förslaget godkändes och sparades.',
    reject: 'Avslå',
    rejectTitle: 'Avslå förslaget',
    rejectComment: 'Kommentar till bidragsgivaren (frivillig)',
    rejected: 'Förslaget avslogs.',
    edit: {
      action: 'Ändra',
      title: 'Ändra förslaget',
      intro:
        'Ändringen som bidragsgivaren skickade den, värde för värde. Din ändrade version kontrolleras som varje ändring och ersätter det förslaget ändrar; godkänn det sedan.',
      save: 'Spara förslaget',
      value: 'Värde',
      empty: '(tomt)',
      readOnly: 'Versionen bidragsgivaren utgick från; den kan inte ändras.',
      notNumber: 'Ange ett tal.',
      changesNothing:
        'Med de här värdena skulle ändringen inte ändra något i släktträdet, så förslaget behölls som det var.',
    },
    withdraw: 'Dra tillbaka',
    withdrawn: 'Förslaget drogs tillbaka.',
  },
};
