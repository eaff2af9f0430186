import type { Language } from '@anor/core';
import { isLanguage, translate } from '@anor/core/i18n';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findUserByEmail, findUserLanguage } from '../modules/user/user.repository.ts';
import type { AdminUser } from './admin.ts';

/** Swedish time, as the plan's last day is set (admin.ts). */
const timeZone = 'Europe/Stockholm';

function userLanguage(stored: string | null): Language {
  return stored && isLanguage(stored) ? stored : 'sv';
}

/**
 * The confirmation e-mail that SPEC §1 and the subscription dialog promise once the operator has
 * seen the payment and activated the plan: which plan, valid to and including which day, in the
 * language the user last signed in with (Swedish, the product's default, before any). A free plan
 * sends nothing.
 */
export async function sendSubscriptionConfirmation(
  db: Db,
  mailer: Mailer,
  activated: AdminUser,
  supportEmail: string,
): Promise<boolean> {
  if (activated.plan === 'free' || !activated.validUntil) return false;
  const found = await findUserByEmail(db, activated.email);
  if (!found) return false;
  const language = userLanguage(await findUserLanguage(db, found.id));
  const until = new Intl.DateTimeFormat(language === 'no' ? 'nb' : language, { dateStyle: 'long', timeZone }).format(
    new Date(activated.validUntil),
  );
  const t = (key: string) =>
    translate(language, `email.subscriptionActivated.${key}`, {
      name: found.name,
      plan: translate(language, `email.subscriptionActivated.plan.${activated.plan}`),
      until,
      supportEmail,
    });
  await mailer.send({
    to: found.email,
    subject: t('subject'),
    text: `${t('greeting')}\n\n${t('body')}\n\n${t('questions')}\n`,
  });
  return true;
}
