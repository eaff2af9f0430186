import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uuidv7 } from '@anor/core';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Named links inside the message, kept in the outbox file so tests and local users can open them. */
  links?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  describe(): string;
}

/** SMTP through nodemailer when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, replyTo }) {
      await transport.sendMail({ from, to, subject, text, replyTo });
    },
    describe: () => 'SMTP',
  };
}

/**
 * Without SMTP, each e-mail is written to `<outboxDir>/<time-ordered id>.json` and logged, so a
 * local user can open a reset link. File format: `{ id, from, to, subject, text, replyTo, links, createdAt }`.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const id = uuidv7();
      const file = path.join(outboxDir, `${id}.json`);
      const record = { id, from, ...message, createdAt: new Date().toISOString() };
      await writeFile(file, `${JSON.stringify(record, null, 2)}\n`, 'utf8');
      log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox (no SMTP_URL set)');
    },
    describe: () => `outbox ${outboxDir}`,
  };
}

/** The outbox's e-mails, oldest first (ids are time-ordered). For tests and local inspection. */
export async function readOutbox(outboxDir: string): Promise<(MailMessage & { id: string; createdAt: string })[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(outboxDir, file), 'utf8'))));
}
