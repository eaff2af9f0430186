/**
 * The one error catalogue. Every code is also the i18n key of its message, so the server's
 * `{ error: { code } }` answer can be shown in any of the five languages by the web app.
 * A code's status is the HTTP status the server answers with.
 */
export const errorCatalogue = {
  // Generic
  'common.error.generic': 500,
  'common.error.validation': 400,
  'common.error.malformedJson': 400,
  'common.error.unsupportedMediaType': 415,
  'common.error.notFound': 404,
  'common.error.payloadTooLarge': 413,
  'common.error.tooManyRequests': 429,
  'common.error.text': 400,
  /** The database cannot be reached just now (it is restarting, or the network to it is down). */
  'common.error.unavailable': 503,
  /** The disk that holds the data is full: nothing was written. */
  'common.error.storageFull': 507,
  // Session and access
  'auth.error.sessionRequired': 401,
  'auth.error.forbidden': 403,
  'auth.error.invalidOrigin': 403,
  'auth.error.invalidCredentials': 401,
  'auth.error.accountExists': 409,
  'auth.error.emailExists': 409,
  'auth.error.noUserForEmail': 404,
  'auth.error.incorrectPassword': 401,
  /** The password that confirms a deletion or an e-mail change is not the account's. */
  'auth.error.wrongPassword': 401,
  'auth.error.passwordMismatch': 400,
  'auth.error.invalidToken': 400,
  // Validation of fields (each rule of SPEC §5 has its own code)
  'validation.emailRequired': 400,
  'validation.emailInvalid': 400,
  'validation.emailTooShort': 400,
  'validation.emailTooLong': 400,
  'validation.passwordRequired': 400,
  'validation.passwordTooShort': 400,
  'validation.passwordTooLong': 400,
  'validation.nameRequired': 400,
  'validation.nameTooLong': 400,
  'validation.invalidCharacters': 400,
  'contact.validation.textRequired': 400,
  'contact.validation.textTooLong': 400,
  // Trees
  'tree.validation.treeNameRequired': 400,
  'tree.validation.treeNameTooLong': 400,
  'tree.validation.treeNameInvalidCharacters': 400,
  'tree.validation.treeNameAlreadyTaken': 409,
  'tree.error.notFound': 404,
  'tree.error.treeDeleteForbidden': 403,
  'tree.error.ownerSubscriptionExpired': 403,
  // Persons and relations
  'person.validation.firstNameRequired': 400,
  'person.validation.firstNameTooLong': 400,
  'person.validation.lastNameRequired': 400,
  'person.validation.lastNameTooLong': 400,
  'person.validation.nicknameTooLong': 400,
  'person.validation.occupationTooLong': 400,
  'person.validation.descriptionTooLong': 400,
  'person.validation.invalidGender': 400,
  'person.validation.parentsAtLeastOne': 400,
  'person.validation.nameRequired': 400,
  'person.error.notFound': 404,
  'person.error.cycle': 409,
  'person.error.selfRelation': 409,
  'person.error.tooManyParents': 409,
  'person.error.rootCannotBeDeleted': 409,
  'person.error.relationNotFound': 404,
  'person.error.siblingThroughParents': 409,
  /** The person changed since the edit loaded it (details: current, the stored person). */
  'person.error.conflict': 409,
  /** "Not a duplicate" names one person twice. */
  'duplicate.error.samePerson': 400,
  // Places
  'location.validation.nameRequired': 400,
  'location.validation.nameTooLong': 400,
  'location.validation.nameHasComma': 400,
  'location.validation.typeTooLong': 400,
  'location.validation.descriptionTooLong': 400,
  'location.validation.invalidCoordinates': 400,
  'location.validation.urlValidWebpage': 400,
  'events.validation.locationRequired': 400,
  // Events (SPEC §5)
  'events.validation.invalidType': 400,
  'events.validation.invalidSubtype': 400,
  'events.validation.typeNameTooLong': 400,
  'events.validation.causeTooLong': 400,
  'events.validation.descriptionTooLong': 400,
  'events.validation.roleRequired': 400,
  'events.validation.roleTooLong': 400,
  'events.validation.tooManyParticipants': 400,
  'events.validation.noParticipants': 400,
  'events.validation.duplicateParticipant': 400,
  'events.validation.roleNotAvailable': 400,
  'events.validation.noPrimaryRole': 400,
  'events.validation.couplePrimaries': 400,
  'events.validation.dateAndLocation': 400,
  'events.validation.noOccupation': 400,
  'events.validation.alreadyHasEvent': 409,
  'events.validation.typeChangeNotAllowed': 400,
  'events.validation.noEvents': 400,
  'events.validation.tooManyEvents': 400,
  'events.error.notFound': 404,
  'events.error.conflict': 409,
  // Event dates (packages/core/src/dates)
  'events.validation.invalidDate': 400,
  'events.validation.dateRequired': 400,
  'events.validation.startAfterEnd': 400,
  'events.validation.endBeforeStart': 400,
  'location.error.notFound': 404,
  'location.error.cycle': 409,
  'location.error.ambiguous': 409,
  /** The place changed since the edit loaded it (details: current, the stored place; issue 26). */
  'location.error.conflict': 409,
  // Notes and sources (SPEC §5)
  'note.validation.textTooLong': 400,
  'note.validation.titleTooLong': 400,
  'note.validation.tooManyNotes': 400,
  'note.error.notFound': 404,
  /** The note changed since the edit loaded it (details: current, the stored note). */
  'note.error.conflict': 409,
  'source.validation.citationRequired': 400,
  'source.validation.recordRequired': 400,
  'source.validation.titleRequiredOnRecord': 400,
  'source.validation.titleRequiredOnRepository': 400,
  'source.validation.urlValidWebpage': 400,
  'source.validation.textTooLong': 400,
  'source.validation.tooManySources': 400,
  'source.validation.fileReferenceRequired': 400,
  'source.validation.fileReferenceInvalid': 400,
  'source.error.citationNotFound': 404,
  'source.error.recordNotFound': 404,
  'source.error.repositoryNotFound': 404,
  /** The archive, source or citation changed since the edit loaded it (details: current, the stored one). */
  'source.error.repositoryConflict': 409,
  'source.error.recordConflict': 409,
  'source.error.citationConflict': 409,
  // Subscription limits: the answer's details say which limit was hit and its value
  'limit.trees': 403,
  'limit.nodesFree': 403,
  'limit.nodesPaid': 403,
  'limit.persons': 403,
  'limit.locations': 403,
  'limit.events': 403,
  'limit.sourcesPerNode': 403,
  'limit.images': 403,
  /** Sharing a tree is a paid feature (SPEC §1). */
  'limit.sharing': 403,
  /** A free account's GEDCOM file over the size limit (details: bytes, max). */
  'limit.gedcomSize': 413,
  /** A free account's GEDCOM file with more persons, events or places than the trial allows (details: found, max). */
  'limit.gedcomContent': 403,
  // GEDCOM import (SPEC §8)
  'gedcom.error.noFile': 400,
  'gedcom.error.empty': 400,
  /** Not a GEDCOM file (binary, an archive, other text); details: reason, line. */
  'gedcom.error.unreadable': 422,
  /** Over the configured limit for paid accounts (details: bytes, max). */
  'gedcom.error.tooLarge': 413,
  // Jobs (issue 20)
  /** No job of this user by that id. */
  /** Another encoding asked for a file that came as text (the JSON form of the upload): it has none to pick. */
  'gedcom.error.encodingFixed': 409,
  'job.error.notFound': 404,
  /** The job stopped because its server stopped (its heartbeat ended); nothing of it was kept. */
  'job.error.interrupted': 500,
  /** The job was cancelled; nothing of it was kept. */
  'job.error.cancelled': 409,
  /** A confirmation for a job that is not waiting for one (it runs, or has ended). */
  'job.error.notWaiting': 409,
  // Change history (issue 21)
  /** No change set of this tree by that id. */
  'history.error.notFound': 404,
  /** A later change set touched what this one changed: undo that first (details: the later change set). */
  'history.error.dependentChange': 409,
  /** The change set deleted what the purge has since removed for good (older than the trash keeps). */
  'history.error.purged': 410,
  // The trash (issue 21)
  /** Nothing in this tree's trash (or no deleted tree of yours) by that id: never deleted, restored or purged. */
  'trash.error.notFound': 404,
  // Merging places, source records and repositories (issue 21)
  /** The same place, record or repository named twice. */
  'nodeMerge.error.same': 400,
  /** A place merged into one that lies within it (its children would lie within themselves). */
  'nodeMerge.error.intoDescendant': 409,
  // Merging persons (issue 21)
  /** The same person named twice. */
  'personMerge.error.same': 400,
  /** Together the two would have more than two parents: merge the parents first. */
  'personMerge.error.tooManyParents': 409,
  /** One is the other's ancestor: merged, the person would be their own ancestor. */
  'personMerge.error.related': 409,
  // Photos and scanned documents (issue 22)
  /** No media object of this tree by that id (or a visitor may not see it). */
  'media.error.notFound': 404,
  /** The media object changed since the edit loaded it (details: current, the stored media object). */
  'media.error.conflict': 409,
  /** The upload had no `file` part. */
  'media.error.noFile': 400,
  /** The file is over the per-file limit (details: max). */
  'media.error.tooLarge': 413,
  /** Not one of the accepted types (JPEG, PNG, WebP, GIF, TIFF, HEIC/AVIF where readable, PDF); SVG is refused. */
  'media.error.unsupportedType': 415,
  /** Truncated, undecodable, or not what it claims to be. */
  'media.error.corrupt': 422,
  /** A zero-byte file. */
  'media.error.empty': 400,
  /** More pixels than the server decodes (a decompression bomb); details: max. */
  'media.error.tooManyPixels': 422,
  /** No preview of this version (a PDF's thumbnail when nothing renders PDFs here). */
  'media.error.noPreview': 404,
  /** A portrait must be an image with its file. */
  'media.error.notImage': 409,
  'media.validation.titleTooLong': 400,
  'media.validation.dateTooLong': 400,
  'media.validation.descriptionTooLong': 400,
  /** A paid tree's files take more than its storage limit (details: limit, max, used). */
  'limit.storage': 403,
  // Members and invitations (issue 26)
  /** A free owner's tree admits one member, a viewer (details: limit, max); a paid owner any number. */
  'limit.members': 403,
  /** A free owner's member may only be a viewer (details: limit). */
  'limit.memberRole': 403,
  /** No member of this tree by that id. */
  'member.error.notFound': 404,
  /** The owner is no member: they cannot be given a role, removed or leave. */
  'member.error.owner': 409,
  /** Inviting someone who is already the owner or a member. */
  'member.error.alreadyMember': 409,
  /** No invitation by that link (never made, or the link is mistyped). */
  'member.error.invitationNotFound': 404,
  /** The invitation is older than 14 days. */
  'member.error.invitationExpired': 410,
  /** The invitation was withdrawn by the tree's owner or a co-owner. */
  'member.error.invitationRevoked': 410,
  /** The invitation was accepted already (it is single-use). */
  'member.error.invitationUsed': 409,
  /** The signed-in account's e-mail is not the one the invitation was sent to (details: email). */
  'member.error.wrongAccount': 403,
  // Contributors' proposals (issue 26)
  /** No proposal of this tree by that id (or, for a contributor, none of their own). */
  'proposal.error.notFound': 404,
  /** The proposal was decided already (details: status): accepted, rejected or withdrawn. */
  'proposal.error.notPending': 409,
  /** Rows the proposal changes changed since it was made (details: rows): nothing was applied. */
  'proposal.error.conflict': 409,
  /** A change a contributor cannot propose (the tree's name or root person): ask an editor. */
  'proposal.error.notProposable': 403,
  /** A changed proposal must be the same kind of request as the proposal (method and route). */
  'proposal.error.otherRequest': 409,
  /** Only the contributor who made a proposal can withdraw it. */
  'proposal.error.notYours': 403,
  'proposal.validation.commentTooLong': 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code];
}

/** Shape of every error answer of the API. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    details?: unknown;
  };
}

/** One field problem inside a validation error's details. */
export interface FieldIssue {
  path: (string | number)[];
  code: ErrorCode;
}
