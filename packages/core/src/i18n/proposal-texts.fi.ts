export const proposalTextsFi = {
  proposal: {
    error: {
      notFound: 'Ehdotusta ei löytynyt.',
      notPending: 'Ehdotus on jo ratkaistu.',
      conflict:
        'Joku muu on muuttanut sitä, mitä ehdotus muuttaa, ehdotuksen tekemisen jälkeen, joten mitään ei tallennettu. Hylkää se tai pyydä uusi.',
      notProposable: 'Avustaja ei voi ehdottaa tätä muutosta (sukupuun nimi tai päähenkilö). Kysy muokkaajalta.',
      otherRequest: 'Ehdotusta voi muuttaa vain samanlaisella muutoksella.',
      notYours: 'Vain ehdotuksen tehnyt avustaja voi perua sen.',
    },
    validation: { commentTooLong: 'Kommentti on liian pitkä (enintään 2 000 merkkiä).' },
  },
  email: {
    greeting: 'Hei {{name}},',
    waitingSubject: '{{name}} ehdottaa muutosta sukupuuhun {{tree}}',
    waitingBody:
      '{{name}} on ehdottanut muutosta sukupuuhun {{tree}} Anorissa. Se odottaa tarkistustasi: hyväksy se tai hylkää se kommentin kanssa.',
    acceptedSubject: 'Ehdottamasi muutos sukupuuhun {{tree}} hyväksyttiin',
    acceptedBody:
      '{{reviewer}} hyväksyi muutoksen, jota ehdotit sukupuuhun {{tree}} Anorissa. Se on tallennettu nimissäsi.',
    rejectedSubject: 'Ehdottamaasi muutosta sukupuuhun {{tree}} ei hyväksytty',
    rejectedBody: '{{reviewer}} hylkäsi muutoksen, jota ehdotit sukupuuhun {{tree}} Anorissa.',
    comment: 'Kommentti: {{comment}}',
    optOut: 'Saat nämä sähköpostit, koska osallistut sukupuuhun. Voit poistaa ne käytöstä tilisi asetuksista.',
  },
  proposals: {
    setting:
      'Lähetä minulle sähköpostia ehdotetuista muutoksista (jotka odottavat tarkistustani tai päätöksistä omiini)',
    navLink: 'Ehdotukset',
    title: 'Ehdotetut muutokset: {{tree}}',
    intro:
      'Avustajien muutokset odottavat täällä tarkistusta. Hyväksyminen tallentaa muutoksen juuri sellaisena kuin se ehdotettiin; hylkääminen palauttaa sen kommenttisi kanssa.',
    mineIntro: 'Ehdottamasi muutokset. Sukupuun muokkaaja tarkistaa jokaisen ennen kuin se tallennetaan.',
    contributorNote: 'Olet avustaja: muutoksesi lähetetään tarkistettaviksi ennen tallennusta.',
    sentForReview: 'Lähetetty tarkistettavaksi. Sukupuun muokkaaja katsoo muutoksesi.',
    showMine: 'Näytä ehdotukseni',
    empty: 'Ei ehdotuksia.',
    filter: { pending: 'Odottaa tarkistusta', all: 'Kaikki' },
    status: { pending: 'Odottaa tarkistusta', accepted: 'Hyväksytty', rejected: 'Hylätty', withdrawn: 'Peruttu' },
    by: 'Ehdottaja {{name}}, {{date}}',
    someone: 'entinen jäsen',
    decided: '{{status}}: {{name}}, {{date}}',
    changes_one: '{{count}} muutos',
    changes_other: '{{count}} muutosta',
    comment: 'Kommentti: {{comment}}',
    accept: 'Hyväksy',
    accepted: 'Ehdotus hyväksyttiin ja tallennettiin.',
    reject: 'Hylkää',
    rejectTitle: 'Hylkää ehdotus',
    rejectComment: 'Kommentti avustajalle (vapaaehtoinen)',
    rejected: 'Ehdotus hylättiin.',
    edit: {
      action: 'Muokkaa',
      title: 'Muokkaa ehdotusta',
      intro:
        'Muutos sellaisena kuin avustaja sen lähetti, arvo kerrallaan. Muokattu versiosi tarkistetaan kuten mikä tahansa muutos, ja se korvaa sen, mitä ehdotus muuttaa; hyväksy se sen jälkeen.',
      save: 'Tallenna ehdotus',
      value: 'Arvo',
      empty: '(tyhjä)',
      readOnly: 'Versio, josta avustaja lähti liikkeelle; sitä ei voi muuttaa.',
      notNumber: 'Anna luku.',
      changesNothing: 'Näillä arvoilla muutos ei muuttaisi sukupuussa mitään, joten ehdotus säilytettiin ennallaan.',
    },
    withdraw: 'Peru',
    withdrawn: 'Ehdotus peruttiin.',
  },
};
