import type { Dictionary } from './en.ts';

export const fi = {
  common: {
    error: {
      generic: 'Tapahtui virhe. Yritä uudelleen tai ota meihin yhteyttä.',
      validation: 'Osa tiedoista ei ole kelvollisia.',
      malformedJson: 'Pyyntöä ei voitu lukea.',
      unsupportedMediaType: 'Pyynnön muotoa palvelin ei hyväksy.',
      notFound: 'Ei löytynyt.',
      payloadTooLarge: 'Pyyntö on liian suuri.',
      tooManyRequests: 'Liian monta yritystä. Odota hetki ja yritä uudelleen.',
      text: 'Teksti on tyhjä.',
    },
  },
  auth: {
    error: {
      sessionRequired: 'Kirjaudu sisään nähdäksesi tämän sivun.',
      forbidden: 'Sinulla ei ole tähän oikeutta.',
      invalidOrigin: 'Pyyntö tuli toiselta sivustolta ja hylättiin.',
      invalidCredentials: 'Virheellinen sähköposti tai salasana.',
      accountExists: 'Tällä sähköpostiosoitteella on jo tili.',
      emailExists: 'Sähköpostiosoite on jo käytössä.',
      noUserForEmail: 'Tällä sähköpostiosoitteella ei ole käyttäjää.',
      incorrectPassword: 'Nykyinen salasana on väärin.',
      passwordMismatch: 'Salasanat eivät täsmää.',
      invalidToken: 'Linkki on virheellinen tai vanhentunut. Pyydä uusi.',
    },
  },
  validation: {
    emailRequired: 'Sähköposti vaaditaan.',
    emailInvalid: 'Virheellinen sähköposti.',
    emailTooShort: 'Sähköpostiosoite on liian lyhyt.',
    emailTooLong: 'Sähköpostiosoite on liian pitkä.',
    passwordRequired: 'Salasana vaaditaan.',
    passwordTooShort: 'Salasanassa on oltava vähintään 8 merkkiä.',
    passwordTooLong: 'Salasana on liian pitkä.',
    nameRequired: 'Nimi vaaditaan.',
    nameTooLong: 'Nimi on liian pitkä.',
    invalidCharacters: 'Tekstissä on merkkejä, jotka eivät ole sallittuja.',
  },
  contact: {
    validation: {
      textRequired: 'Kirjoita viesti.',
      textTooLong: 'Viestissä voi olla enintään 500 merkkiä.',
    },
  },
  tree: {
    validation: {
      treeNameRequired: 'Sukupuulla on oltava nimi.',
      treeNameTooLong: 'Nimessä voi olla enintään 100 merkkiä.',
      treeNameInvalidCharacters: 'Nimessä on merkkejä, jotka eivät ole sallittuja.',
      treeNameAlreadyTaken: 'Sinulla on jo samanniminen sukupuu.',
    },
    error: {
      notFound: 'Sukupuuta ei löytynyt.',
      treeDeleteForbidden: 'Sinulla ei ole oikeutta poistaa tätä sukupuuta.',
      ownerSubscriptionExpired: 'Omistajan tilaus on päättynyt, joten sukupuuta ei voi näyttää.',
    },
  },
  limit: {
    trees: 'Ilmaisella tilillä voi olla yksi sukupuu. Hanki tilaus luodaksesi lisää.',
    nodesFree: 'Sukupuu on saavuttanut ilmaisen tilin 5 000 kohteen rajan. Hanki tilaus lisätäksesi enemmän.',
    nodesPaid: 'Sukupuu on saavuttanut 100 000 kohteen rajan.',
    persons: 'Ilmaisella tilillä voi olla 20 henkilöä. Hanki tilaus lisätäksesi enemmän.',
    locations: 'Ilmaisella tilillä voi olla 30 paikkaa. Hanki tilaus lisätäksesi enemmän.',
    events: 'Ilmaisella tilillä voi olla 30 tapahtumaa. Hanki tilaus lisätäksesi enemmän.',
    sourcesPerNode:
      'Ilmaisella tilillä voi olla 3 lähdettä tapahtumaa tai paikkaa kohden. Hanki tilaus lisätäksesi enemmän.',
    images: 'Ilmaisella tilillä voi olla 5 kuvaa. Hanki tilaus lisätäksesi enemmän.',
  },
  email: {
    resetPassword: {
      subject: 'Vaihda Anor-salasanasi',
      greeting: 'Hei {{name}},',
      body: 'Joku pyysi Anor-tilisi salasanan vaihtamista. Avaa linkki valitaksesi uuden salasanan:',
      expiry: 'Linkki on voimassa tunnin. Jos et pyytänyt tätä, voit jättää viestin huomiotta.',
    },
    contact: {
      subject: 'Viesti Anorin yhteydenottolomakkeelta',
    },
  },
} satisfies Dictionary;
