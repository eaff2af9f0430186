/**
 * `npm run admin -- <command>`: the operator's command on the database `npm start` uses (DATA_DIR
 * or DATABASE_URL), migrated first as at start-up. See args.ts for the commands, admin.ts and
 * backup.ts for what they do.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, readConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../mail/mailer.ts';
import { createMediaStorage } from '../modules/media/storage/index.ts';
import { AdminError, formatUserTable, listUsers, setSubscription } from './admin.ts';
import { type AdminCommand, parseAdminArgs, UsageError, usage } from './args.ts';
import { backupDatabase, describeError, formatBytes, formatDuration, formatTableCounts } from './backup.ts';
import { restoreDatabase } from './restore.ts';
import { sendSubscriptionConfirmation } from './subscription-mail.ts';

async function run(
  command: Exclude<AdminCommand, { kind: 'help' }>,
  database: Database,
  config: Config,
): Promise<string> {
  if (command.kind === 'users') return formatUserTable(await listUsers(database.db, { email: command.email }));
  if (command.kind === 'backup') {
    const file = path.resolve(command.file);
    const storage = command.media ? createMediaStorage(config.media, config.dataDir) : null;
    const result = await backupDatabase(database.db, file, { database: database.kind, storage });
    const counts = Object.fromEntries(result.header.tables.map((table) => [table.name, table.rows]));
    const { media } = result;
    const files = storage
      ? `, and ${media.files} media files (${formatBytes(media.bytes)}) from ${storage.kind === 's3' ? 'the S3 bucket' : 'the media directory'}`
      : ', without the media files (--no-media)';
    const missing =
      media.missing.length > 0
        ? `\nWarning: ${media.missing.length} files that media rows name are missing from the storage (left out): ${media.missing.slice(0, 5).join(', ')}${media.missing.length > 5 ? ', …' : ''}`
        : '';
    return `${formatTableCounts(counts)}\nBacked up ${database.description}${files} to ${file} in ${formatDuration(result.milliseconds)}; read it back and verified every table's rows and every file.${missing}`;
  }
  if (command.kind === 'restore') {
    const file = path.resolve(command.file);
    const storage = createMediaStorage(config.media, config.dataDir);
    const result = await restoreDatabase(database.db, file, { force: command.force, storage });
    const { migration, createdAt } = result.header;
    const { written, present } = result.files;
    return `${formatTableCounts(result.rows)}\nRestored the backup of ${createdAt} (migration ${migration.tag ?? '?'}) from ${file} into ${database.description}, with ${written + present} media files (${present} already there), in ${formatDuration(result.milliseconds)}.`;
  }
  const user = await setSubscription(database.db, command.email, command.plan, {
    until: command.until,
    months: command.months,
  });
  const table = formatUserTable([user]);
  try {
    const sent = await sendSubscriptionConfirmation(database.db, mailerOf(config), user, config.supportEmail);
    return sent ? `${table}\nSent the confirmation e-mail to ${user.email}.` : table;
  } catch (error) {
    throw new AdminError(
      `${table}\nThe plan is set, but the confirmation e-mail to ${user.email} could not be sent (${describeError(error)}): tell the user yourself.`,
    );
  }
}

/** The mailer the server uses: SMTP when SMTP_URL is set, otherwise the outbox under DATA_DIR. */
function mailerOf(config: Config): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  const log = { info: (_details: object, message: string) => console.error(message) };
  return createOutboxMailer(
    path.join(config.dataDir, 'outbox'),
    config.mailFrom,
    log as Pick<FastifyBaseLogger, 'info'>,
  );
}

async function main(): Promise<number> {
  let command: AdminCommand;
  try {
    command = parseAdminArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\nRun \`npm run admin -- --help\` for the commands.`);
    return 1;
  }
  if (command.kind === 'help') {
    console.log(usage);
    return 0;
  }
  const config = readConfig();
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  try {
    console.log(await run(command, database, config));
    return 0;
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // One line, never a query's parameters (a failed statement's message holds them all).
    console.error(`anor admin failed: ${describeError(error)}`);
    process.exit(1);
  },
);
