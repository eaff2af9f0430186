import type { Dictionary } from './en.ts';

export const sv = {
  common: {
    error: {
      generic: 'Ett fel uppstod. Försök igen eller kontakta oss.',
      validation: 'En del av uppgifterna är inte giltiga.',
      malformedJson: 'Förfrågan kunde inte läsas.',
      unsupportedMediaType: 'Förfrågan har ett format som servern inte tar emot.',
      notFound: 'Hittades inte.',
      payloadTooLarge: 'Förfrågan är för stor.',
      tooManyRequests: 'För många försök. Vänta en stund och försök igen.',
      text: 'Texten är tom.',
    },
  },
  auth: {
    error: {
      sessionRequired: 'Logga in för att se den här sidan.',
      forbidden: 'Du har inte behörighet till detta.',
      invalidOrigin: 'Förfrågan kom från en annan webbplats och nekades.',
      invalidCredentials: 'Ogiltig e-post eller ogiltigt lösenord.',
      accountExists: 'Det finns redan ett konto med den här e-postadressen.',
      emailExists: 'E-postadressen finns redan.',
      noUserForEmail: 'Det finns ingen användare med den e-postadressen.',
      incorrectPassword: 'Felaktigt nuvarande lösenord.',
      passwordMismatch: 'Lösenorden stämmer inte överens.',
      invalidToken: 'Länken är ogiltig eller har gått ut. Be om en ny.',
    },
  },
  validation: {
    emailRequired: 'E-post måste anges.',
    emailInvalid: 'Ogiltig e-post.',
    emailTooShort: 'E-postadressen är för kort.',
    emailTooLong: 'E-postadressen är för lång.',
    passwordRequired: 'Lösenord måste anges.',
    passwordTooShort: 'Lösenordet måste ha minst 8 tecken.',
    passwordTooLong: 'Lösenordet är för långt.',
    nameRequired: 'Namn måste anges.',
    nameTooLong: 'Namnet är för långt.',
    invalidCharacters: 'Texten innehåller otillåtna tecken.',
  },
  contact: {
    validation: {
      textRequired: 'Skriv ett meddelande.',
      textTooLong: 'Meddelandet får vara högst 500 tecken.',
    },
  },
  tree: {
    validation: {
      treeNameRequired: 'Släktträdet behöver ett namn.',
      treeNameTooLong: 'Namnet får vara högst 100 tecken.',
      treeNameInvalidCharacters: 'Namnet innehåller otillåtna tecken.',
      treeNameAlreadyTaken: 'Du har redan ett släktträd med det namnet.',
    },
    error: {
      notFound: 'Släktträdet hittades inte.',
      treeDeleteForbidden: 'Du har inte behörighet att ta bort det här släktträdet.',
      ownerSubscriptionExpired: 'Ägarens prenumeration har gått ut, så släktträdet kan inte visas.',
    },
  },
  limit: {
    trees: 'Ett gratiskonto kan ha ett släktträd. Skaffa en prenumeration för att skapa fler.',
    nodesFree:
      'Släktträdet har nått gränsen på 5 000 poster för ett gratiskonto. Skaffa en prenumeration för att lägga till fler.',
    nodesPaid: 'Släktträdet har nått gränsen på 100 000 poster.',
    persons: 'Ett gratiskonto kan ha 20 personer. Skaffa en prenumeration för att lägga till fler.',
    locations: 'Ett gratiskonto kan ha 30 platser. Skaffa en prenumeration för att lägga till fler.',
    events: 'Ett gratiskonto kan ha 30 händelser. Skaffa en prenumeration för att lägga till fler.',
    sourcesPerNode:
      'Ett gratiskonto kan ha 3 källor per händelse eller plats. Skaffa en prenumeration för att lägga till fler.',
    images: 'Ett gratiskonto kan ha 5 bilder. Skaffa en prenumeration för att lägga till fler.',
  },
  email: {
    resetPassword: {
      subject: 'Återställ ditt lösenord till Anor',
      greeting: 'Hej {{name}},',
      body: 'Någon har bett om att återställa lösenordet till ditt Anor-konto. Öppna länken för att välja ett nytt lösenord:',
      expiry: 'Länken gäller i en timme. Om det inte var du som bad om detta kan du bortse från meddelandet.',
    },
    contact: {
      subject: 'Meddelande från Anors kontaktformulär',
    },
  },
} satisfies Dictionary;
