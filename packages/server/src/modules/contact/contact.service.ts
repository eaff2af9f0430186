import { type ContactBody, uuidv7 } from '@anor/core';
import { translate } from '@anor/core/i18n';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { insertContactMessage } from './contact.repository.ts';

export interface ContactServiceDeps {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
}

export function createContactService({ db, mailer, supportEmail }: ContactServiceDeps) {
  return {
    /** Stores the message first, so that a mail failure loses nothing, then forwards it to support. */
    async submit(body: ContactBody, userId: string | null): Promise<void> {
      const id = uuidv7();
      await insertContactMessage(db, { id, sender: body.sender, text: body.text, userId });
      await mailer.send({
        to: supportEmail,
        replyTo: body.sender,
        subject: `${translate('sv', 'email.contact.subject')} (${body.sender})`,
        text: `${body.text}\n\n— ${body.sender}${userId ? ` (user ${userId})` : ''}\n`,
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
