import type { Dictionary } from './en.ts';

export const no = {
  common: {
    error: {
      generic: 'Det oppstod en feil. Prøv igjen eller kontakt oss.',
      validation: 'Noen av opplysningene er ikke gyldige.',
      malformedJson: 'Forespørselen kunne ikke leses.',
      unsupportedMediaType: 'Forespørselen har et format som serveren ikke tar imot.',
      notFound: 'Ikke funnet.',
      payloadTooLarge: 'Forespørselen er for stor.',
      tooManyRequests: 'For mange forsøk. Vent litt og prøv igjen.',
      text: 'Teksten er tom.',
    },
  },
  auth: {
    error: {
      sessionRequired: 'Logg inn for å se denne siden.',
      forbidden: 'Du har ikke tilgang til dette.',
      invalidOrigin: 'Forespørselen kom fra et annet nettsted og ble avvist.',
      invalidCredentials: 'Ugyldig e-post eller passord.',
      accountExists: 'Det finnes allerede en konto med denne e-postadressen.',
      emailExists: 'E-postadressen finnes allerede.',
      noUserForEmail: 'Det finnes ingen bruker med den e-postadressen.',
      incorrectPassword: 'Feil nåværende passord.',
      passwordMismatch: 'Passordene er ikke like.',
      invalidToken: 'Lenken er ugyldig eller utløpt. Be om en ny.',
    },
  },
  validation: {
    emailRequired: 'E-post må fylles ut.',
    emailInvalid: 'Ugyldig e-post.',
    emailTooShort: 'E-postadressen er for kort.',
    emailTooLong: 'E-postadressen er for lang.',
    passwordRequired: 'Passord må fylles ut.',
    passwordTooShort: 'Passordet må ha minst 8 tegn.',
    passwordTooLong: 'Passordet er for langt.',
    nameRequired: 'Navn må fylles ut.',
    nameTooLong: 'Navnet er for langt.',
    invalidCharacters: 'Teksten inneholder tegn som ikke er tillatt.',
  },
  contact: {
    validation: {
      textRequired: 'Skriv en melding.',
      textTooLong: 'Meldingen kan være på høyst 500 tegn.',
    },
  },
  tree: {
    validation: {
      treeNameRequired: 'Slektstreet må ha et navn.',
      treeNameTooLong: 'Navnet kan være på høyst 100 tegn.',
      treeNameInvalidCharacters: 'Navnet inneholder tegn som ikke er tillatt.',
      treeNameAlreadyTaken: 'Du har allerede et slektstre med det navnet.',
    },
    error: {
      notFound: 'Slektstreet ble ikke funnet.',
      treeDeleteForbidden: 'Du har ikke tillatelse til å slette dette slektstreet.',
      ownerSubscriptionExpired: 'Eierens abonnement har utløpt, så slektstreet kan ikke vises.',
    },
  },
  limit: {
    trees: 'En gratiskonto kan ha ett slektstre. Kjøp et abonnement for å opprette flere.',
    nodesFree:
      'Slektstreet har nådd grensen på 5 000 poster for en gratiskonto. Kjøp et abonnement for å legge til flere.',
    nodesPaid: 'Slektstreet har nådd grensen på 100 000 poster.',
    persons: 'En gratiskonto kan ha 20 personer. Kjøp et abonnement for å legge til flere.',
    locations: 'En gratiskonto kan ha 30 steder. Kjøp et abonnement for å legge til flere.',
    events: 'En gratiskonto kan ha 30 hendelser. Kjøp et abonnement for å legge til flere.',
    sourcesPerNode: 'En gratiskonto kan ha 3 kilder per hendelse eller sted. Kjøp et abonnement for å legge til flere.',
    images: 'En gratiskonto kan ha 5 bilder. Kjøp et abonnement for å legge til flere.',
  },
  email: {
    resetPassword: {
      subject: 'Tilbakestill passordet ditt til Anor',
      greeting: 'Hei {{name}},',
      body: 'Noen har bedt om å tilbakestille passordet til Anor-kontoen din. Åpne lenken for å velge et nytt passord:',
      expiry: 'Lenken gjelder i én time. Hvis det ikke var deg, kan du se bort fra denne meldingen.',
    },
    contact: {
      subject: 'Melding fra Anors kontaktskjema',
    },
  },
} satisfies Dictionary;
