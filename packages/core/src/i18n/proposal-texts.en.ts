/** Contributors' proposals and their review (issue 26); one file per language (see chart-texts.en.ts). */
export const proposalTextsEn = {
  proposal: {
    error: {
      notFound: 'The proposal was not found.',
      notPending: 'The proposal has already been decided.',
      conflict:
        'What the proposal changes has been changed by someone else since it was made, so nothing was applied. Reject it, or ask for a new one.',
      notProposable: 'A contributor cannot propose this change (the family tree’s name or root person). Ask an editor.',
      otherRequest: 'A proposal can only be changed with the same kind of change.',
      notYours: 'Only the contributor who made a proposal can withdraw it.',
    },
    validation: { commentTooLong: 'The comment is too long (at most 2,000 characters).' },
  },
  email: {
    greeting: 'Hello {{name}},',
    waitingSubject: '{{name}} proposes a change in {{tree}}',
    waitingBody:
      '{{name}} proposed a change in the family tree {{tree}} in Anor. It waits for your review: accept it, or reject it with a comment.',
    acceptedSubject: 'Your proposed change in {{tree}} was accepted',
    acceptedBody:
      '{{reviewer}} accepted the change you proposed in the family tree {{tree}} in Anor. It is saved in your name.',
    rejectedSubject: 'Your proposed change in {{tree}} was not accepted',
    rejectedBody: '{{reviewer}} rejected the change you proposed in the family tree {{tree}} in Anor.',
    comment: 'Comment: {{comment}}',
    optOut:
      'You get these e-mails because you take part in the family tree. You can turn them off in your account settings.',
  },
  proposals: {
    setting: 'E-mail me about proposed changes (waiting for my review, or a decision on mine)',
    navLink: 'Proposals',
    title: 'Proposed changes in {{tree}}',
    intro:
      'Contributors’ changes wait here for review. Accepting applies a change exactly as proposed; rejecting sends it back with your comment.',
    mineIntro: 'Your proposed changes. An editor of the family tree reviews each one before it is saved.',
    contributorNote: 'You are a contributor: your changes are sent for review before they are saved.',
    sentForReview: 'Sent for review. An editor of the family tree will look at your change.',
    showMine: 'Show my proposals',
    empty: 'No proposals here.',
    filter: { pending: 'Waiting for review', all: 'All' },
    status: { pending: 'Waiting for review', accepted: 'Accepted', rejected: 'Rejected', withdrawn: 'Withdrawn' },
    by: 'Proposed by {{name}}, {{date}}',
    someone: 'a former member',
    decided: '{{status}} by {{name}}, {{date}}',
    changes_one: '{{count}} change',
    changes_other: '{{count}} changes',
    comment: 'Comment: {{comment}}',
    accept: 'Accept',
    accepted: 'The proposal was accepted and saved.',
    reject: 'Reject',
    rejectTitle: 'Reject the proposal',
    rejectComment: 'Comment for the contributor (optional)',
    rejected: 'The proposal was rejected.',
    edit: {
      action: 'Edit',
      title: 'Change the proposal',
      intro:
        'The change as the contributor sent it, value by value. Your changed version is checked like any change and replaces what the proposal changes; then accept it.',
      save: 'Save the proposal',
      value: 'Value',
      empty: '(empty)',
      readOnly: 'The version the contributor started from; it cannot be changed.',
      notNumber: 'Enter a number.',
      changesNothing:
        'With these values the change would change nothing in the family tree, so the proposal was kept as it was.',
    },
    withdraw: 'Withdraw',
    withdrawn: 'The proposal was withdrawn.',
  },
};
