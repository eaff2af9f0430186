import type { Language, ProposalSummary } from '@anor/core';
import { isLanguage, translate } from '@anor/core/i18n';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import * as proposals from './proposal.repository.ts';

/**
 * The e-mails of reviewed changes (issue 26): the reviewers are told when a proposal waits, the
 * contributor when theirs is accepted or rejected; each in their own language, only to those who
 * have not turned them off (account settings). Sent after the change is committed; an e-mail that
 * cannot be sent is logged by the caller, never answered as a failure of the change.
 */
export function createProposalNotifier({ db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string }) {
  const languageOf = (recipient: proposals.Recipient): Language =>
    recipient.language && isLanguage(recipient.language) ? recipient.language : 'sv';

  function mail(
    recipient: proposals.Recipient,
    kind: 'waiting' | 'accepted' | 'rejected',
    values: Record<string, string>,
    comment: string | null,
    link: string,
  ) {
    const language = languageOf(recipient);
    const t = (key: string) =>
      translate(language, `email.proposal.${key}`, { ...values, name: values.name ?? recipient.name });
    const lines = [
      translate(language, 'email.proposal.greeting', { name: recipient.name }),
      t(`${kind}Body`),
      ...(comment ? [translate(language, 'email.proposal.comment', { comment })] : []),
      link,
      translate(language, 'email.proposal.optOut'),
    ];
    return mailer.send({
      to: recipient.email,
      subject: t(`${kind}Subject`),
      text: `${lines.join('\n\n')}\n`,
      links: { proposals: link },
    });
  }

  return {
    /** A new proposal waits: each reviewer who wants to know is told. */
    async proposed(treeId: string, proposerId: string | null, proposerName: string): Promise<void> {
      const [recipients, tree] = await Promise.all([
        proposals.reviewersToTell(db, treeId, proposerId),
        proposals.treeName(db, treeId),
      ]);
      const link = `${publicUrl}/app/${treeId}/proposals`;
      await Promise.all(
        recipients.map((recipient) => mail(recipient, 'waiting', { name: proposerName, tree }, null, link)),
      );
    },

    /** A proposal was accepted or rejected: its contributor is told, with the reviewer's comment. */
    async decided(
      treeId: string,
      row: Pick<ProposalSummary, 'userId' | 'status' | 'reviewerName' | 'comment'>,
    ): Promise<void> {
      if (!row.userId || (row.status !== 'accepted' && row.status !== 'rejected')) return;
      const [recipient, tree] = await Promise.all([
        proposals.userToTell(db, row.userId),
        proposals.treeName(db, treeId),
      ]);
      if (!recipient) return;
      const link = `${publicUrl}/app/${treeId}/proposals`;
      await mail(recipient, row.status, { tree, reviewer: row.reviewerName ?? '' }, row.comment, link);
    },
  };
}

export type ProposalNotifier = ReturnType<typeof createProposalNotifier>;
