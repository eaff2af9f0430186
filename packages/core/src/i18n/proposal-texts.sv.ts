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
  proposals: {
    navLink: 'Förslag',
    title: 'Föreslagna ändringar i {{tree}}',
    intro:
      'Bidragsgivares ändringar väntar här på granskning. Godkänn sparar en ändring precis som den föreslogs; avslå skickar tillbaka den med din kommentar.',
    mineIntro: 'Dina föreslagna ändringar. En redigerare av släktträdet granskar var och en innan den sparas.',
    contributorNote: 'Du är bidragsgivare: dina ändringar skickas för granskning innan de sparas.',
    sentForReview: 'Skickat för granskning. En redigerare av släktträdet tittar på din ändring.',
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
    withdraw: 'Dra tillbaka',
    withdrawn: 'Förslaget drogs tillbaka.',
  },
};
