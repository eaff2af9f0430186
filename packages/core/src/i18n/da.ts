import type { Dictionary } from './en.ts';

export const da = {
  common: {
    error: {
      generic: 'Der opstod en fejl. Prøv igen eller kontakt os.',
      validation: 'Nogle af oplysningerne er ikke gyldige.',
      malformedJson: 'Forespørgslen kunne ikke læses.',
      unsupportedMediaType: 'Forespørgslen har et format, som serveren ikke modtager.',
      notFound: 'Ikke fundet.',
      payloadTooLarge: 'Forespørgslen er for stor.',
      tooManyRequests: 'For mange forsøg. Vent et øjeblik og prøv igen.',
      text: 'Teksten er tom.',
    },
  },
  auth: {
    error: {
      sessionRequired: 'Log ind for at se denne side.',
      forbidden: 'Du har ikke adgang til dette.',
      invalidOrigin: 'Forespørgslen kom fra et andet websted og blev afvist.',
      invalidCredentials: 'Ugyldig e-mail eller adgangskode.',
      accountExists: 'Der findes allerede en konto med denne e-mail.',
      emailExists: 'E-mailadressen findes allerede.',
      noUserForEmail: 'Der er ingen bruger med den e-mailadresse.',
      incorrectPassword: 'Forkert nuværende adgangskode.',
      passwordMismatch: 'Adgangskoderne er ikke ens.',
      invalidToken: 'Linket er ugyldigt eller udløbet. Bed om et nyt.',
    },
  },
  validation: {
    emailRequired: 'E-mail skal udfyldes.',
    emailInvalid: 'Ugyldig e-mail.',
    emailTooShort: 'E-mailadressen er for kort.',
    emailTooLong: 'E-mailadressen er for lang.',
    passwordRequired: 'Adgangskode skal udfyldes.',
    passwordTooShort: 'Adgangskoden skal have mindst 8 tegn.',
    passwordTooLong: 'Adgangskoden er for lang.',
    nameRequired: 'Navn skal udfyldes.',
    nameTooLong: 'Navnet er for langt.',
    invalidCharacters: 'Teksten indeholder tegn, der ikke er tilladt.',
  },
  contact: {
    validation: {
      textRequired: 'Skriv en besked.',
      textTooLong: 'Beskeden må højst være 500 tegn.',
    },
  },
  tree: {
    validation: {
      treeNameRequired: 'Stamtræet skal have et navn.',
      treeNameTooLong: 'Navnet må højst være 100 tegn.',
      treeNameInvalidCharacters: 'Navnet indeholder tegn, der ikke er tilladt.',
      treeNameAlreadyTaken: 'Du har allerede et stamtræ med det navn.',
    },
    error: {
      notFound: 'Stamtræet blev ikke fundet.',
      treeDeleteForbidden: 'Du har ikke tilladelse til at slette dette stamtræ.',
      ownerSubscriptionExpired: 'Ejerens abonnement er udløbet, så stamtræet kan ikke vises.',
    },
  },
  limit: {
    trees: 'En gratis konto kan have ét stamtræ. Køb et abonnement for at oprette flere.',
    nodesFree:
      'Stamtræet har nået grænsen på 5.000 poster for en gratis konto. Køb et abonnement for at tilføje flere.',
    nodesPaid: 'Stamtræet har nået grænsen på 100.000 poster.',
    persons: 'En gratis konto kan have 20 personer. Køb et abonnement for at tilføje flere.',
    locations: 'En gratis konto kan have 30 steder. Køb et abonnement for at tilføje flere.',
    events: 'En gratis konto kan have 30 begivenheder. Køb et abonnement for at tilføje flere.',
    sourcesPerNode:
      'En gratis konto kan have 3 kilder pr. begivenhed eller sted. Køb et abonnement for at tilføje flere.',
    images: 'En gratis konto kan have 5 billeder. Køb et abonnement for at tilføje flere.',
  },
  email: {
    resetPassword: {
      subject: 'Nulstil din adgangskode til Anor',
      greeting: 'Hej {{name}},',
      body: 'Nogen har bedt om at nulstille adgangskoden til din Anor-konto. Åbn linket for at vælge en ny adgangskode:',
      expiry: 'Linket gælder i en time. Hvis det ikke var dig, kan du se bort fra denne besked.',
    },
    contact: {
      subject: 'Besked fra Anors kontaktformular',
    },
  },
} satisfies Dictionary;
