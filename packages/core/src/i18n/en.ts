/**
 * English dictionary. Its shape is the reference: every other language must have exactly the same
 * keys (checked by the type system and by a test). Error codes of the catalogue are keys here.
 */
export const en = {
  common: {
    error: {
      generic: 'An error occurred. Please try again or contact us.',
      validation: 'Some of the information is not valid.',
      malformedJson: 'The request could not be read.',
      unsupportedMediaType: 'The request has a format the server does not accept.',
      notFound: 'Not found.',
      payloadTooLarge: 'The request is too large.',
      tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
      text: 'The text is empty.',
    },
  },
  auth: {
    error: {
      sessionRequired: 'Please sign in to see this page.',
      forbidden: 'You do not have access to this.',
      invalidOrigin: 'The request came from another site and was refused.',
      invalidCredentials: 'Invalid e-mail or password.',
      accountExists: 'An account with this e-mail already exists.',
      emailExists: 'Email already exists',
      noUserForEmail: 'There is no user with that e-mail address.',
      incorrectPassword: 'Incorrect existing password',
      passwordMismatch: 'The passwords do not match.',
      invalidToken: 'The link is invalid or has expired. Please ask for a new one.',
    },
  },
  validation: {
    emailRequired: 'E-mail is required.',
    emailInvalid: 'Invalid e-mail.',
    emailTooShort: 'The e-mail is too short.',
    emailTooLong: 'The e-mail is too long.',
    passwordRequired: 'Password is required.',
    passwordTooShort: 'The password must be at least 8 characters.',
    passwordTooLong: 'The password is too long.',
    nameRequired: 'Name is required.',
    nameTooLong: 'The name is too long.',
    invalidCharacters: 'The text contains characters that are not allowed.',
  },
  contact: {
    validation: {
      textRequired: 'Please write a message.',
      textTooLong: 'The message can be at most 500 characters.',
    },
  },
  tree: {
    validation: {
      treeNameRequired: 'The tree needs a name.',
      treeNameTooLong: 'The name can be at most 100 characters.',
      treeNameInvalidCharacters: 'The name contains characters that are not allowed.',
      treeNameAlreadyTaken: 'You already have a tree with that name.',
    },
    error: {
      notFound: 'The family tree was not found.',
      treeDeleteForbidden: 'You do not have permission to delete this tree.',
      ownerSubscriptionExpired: "The owner's subscription has expired, so the tree cannot be shown.",
    },
  },
  limit: {
    trees: 'A free account can have one family tree. Get a subscription to create more.',
    nodesFree: 'The tree has reached the limit of 5,000 items for a free account. Get a subscription to add more.',
    nodesPaid: 'The tree has reached the limit of 100,000 items.',
    persons: 'A free account can have 20 persons. Get a subscription to add more.',
    locations: 'A free account can have 30 places. Get a subscription to add more.',
    events: 'A free account can have 30 events. Get a subscription to add more.',
    sourcesPerNode: 'A free account can have 3 sources per event or place. Get a subscription to add more.',
    images: 'A free account can have 5 images. Get a subscription to add more.',
  },
  email: {
    resetPassword: {
      subject: 'Reset your Anor password',
      greeting: 'Hello {{name}},',
      body: 'Someone asked to reset the password of your Anor account. Open this link to choose a new password:',
      expiry: 'The link is valid for one hour. If you did not ask for this, you can ignore this message.',
    },
    contact: {
      subject: 'Message from the Anor contact form',
    },
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every dictionary must have. */
export type Dictionary = Widen<typeof en>;
