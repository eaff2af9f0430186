import { translate } from '@anor/core/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminError,
  addMonths,
  endOfSwedishDay,
  formatUserTable,
  listUsers,
  setSubscription,
  swedishDay,
} from '../src/admin/admin.ts';
import { parseAdminArgs, UsageError } from '../src/admin/args.ts';
import { sendSubscriptionConfirmation } from '../src/admin/subscription-mail.ts';
import { user } from '../src/db/schema.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import { findSubscription, findUserByEmail } from '../src/modules/user/user.repository.ts';
import { createTree, type ErrorBody, signUp, TestClient } from './support/client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The operator's command (`npm run admin`): listing users and setting a plan after a manual payment. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('setting a plan', () => {
  it('lifts the free limits with a paid plan and brings them back with free', async () => {
    const a = await signUp(t.app, { fName: 'Greta', email: `greta-${Date.now()}@example.com` });
    const tree = await createTree(a.client, a.user.id, 'Gretas träd');
    const api = `/api/${tree.id}`;
    for (let i = 1; i < 20; i++) {
      const created = await a.client.post(`${api}/person`, { person: { fName: `P${i}`, lName: 'Ek' } });
      expect(created.status).toBe(201);
    }
    const newPerson = () => a.client.post<ErrorBody>(`${api}/person`, { person: { fName: 'Ny', lName: 'Ek' } });
    const newTree = (name: string) => a.client.post<ErrorBody>(`/api/user/${a.user.id}/tree`, { treeName: name });
    expect((await newPerson()).body.error.code).toBe('limit.persons');
    expect((await newTree('Andra')).body.error.code).toBe('limit.trees');

    const paid = await setSubscription(t.database.db, a.email, 'yearly');
    expect(paid).toMatchObject({ email: a.email, name: 'Greta', plan: 'yearly', status: 'paid', trees: 1 });
    expect((await newPerson()).status).toBe(201);
    expect((await newTree('Andra')).status).toBe(201);

    const listed = await listUsers(t.database.db, { email: 'GRETA-' });
    expect(listed).toEqual([expect.objectContaining({ email: a.email, plan: 'yearly', status: 'paid', trees: 2 })]);
    const table = formatUserTable(listed);
    expect(table.split('\n')[0]).toMatch(/^E-MAIL +NAME +PLAN +VALID UNTIL +STATUS +TREES +CREATED$/);
    expect(table).toContain(a.email);
    expect(table).toContain('yearly');

    const free = await setSubscription(t.database.db, a.email, 'free');
    expect(free).toMatchObject({ plan: 'free', validUntil: null, status: 'free' });
    expect((await newPerson()).body.error.code).toBe('limit.persons');
    expect((await newTree('Tredje')).body.error.code).toBe('limit.trees');
    expect((await listUsers(t.database.db, { email: a.email }))[0]).toMatchObject({ plan: 'free', status: 'free' });
  });

  it('runs a month or a year from today, or from the end of the current plan when paying early', async () => {
    const a = await signUp(t.app);
    const now = new Date('2030-01-31T10:00:00Z');
    const monthly = await setSubscription(t.database.db, a.email, 'monthly', { now });
    // 31 January + 1 month: the last day of February, to its end in Swedish time.
    expect(monthly.validUntil).toBe(endOfSwedishDay({ year: 2030, month: 2, day: 28 }).toISOString());
    expect(swedishDay(new Date(monthly.validUntil as string))).toBe('2030-02-28');
    const extended = await setSubscription(t.database.db, a.email, 'yearly', { now });
    expect(swedishDay(new Date(extended.validUntil as string))).toBe('2031-02-28');
    const months = await setSubscription(t.database.db, a.email, 'monthly', { now, months: 3 });
    expect(swedishDay(new Date(months.validUntil as string))).toBe('2031-05-28');
    const until = await setSubscription(t.database.db, a.email, 'yearly', { now, until: '2030-06-15' });
    expect(until.validUntil).toBe('2030-06-15T21:59:59.999Z');
    // A plan that has ended counts from today.
    const later = new Date('2031-01-10T12:00:00Z');
    const renewed = await setSubscription(t.database.db, a.email, 'monthly', { now: later });
    expect(swedishDay(new Date(renewed.validUntil as string))).toBe('2031-02-10');
    expect(renewed).toMatchObject({ plan: 'monthly', status: 'paid' });
  });

  it('refuses an unknown e-mail, an unknown plan and a date in the past, changing nothing', async () => {
    const a = await signUp(t.app);
    await expect(setSubscription(t.database.db, 'nobody@example.com', 'yearly')).rejects.toThrow(AdminError);
    await expect(setSubscription(t.database.db, a.email, 'weekly' as 'yearly')).rejects.toThrow(/Unknown plan/);
    await expect(setSubscription(t.database.db, a.email, 'yearly', { until: '2000-01-01' })).rejects.toThrow(
      /in the past/,
    );
    await expect(setSubscription(t.database.db, a.email, 'yearly', { until: '2030-02-30' })).rejects.toThrow(
      /not a date/,
    );
    const user = await findUserByEmail(t.database.db, a.email);
    expect(await findSubscription(t.database.db, user?.id ?? '')).toBeUndefined();
  });
});

describe('the command line', () => {
  it('reads the commands and their options', () => {
    expect(parseAdminArgs(['users'])).toEqual({ kind: 'users', email: null });
    expect(parseAdminArgs(['users', '--email', 'anna'])).toEqual({ kind: 'users', email: 'anna' });
    expect(parseAdminArgs(['subscription', 'a@b.se', 'yearly'])).toEqual({
      kind: 'subscription',
      email: 'a@b.se',
      plan: 'yearly',
      until: null,
      months: null,
    });
    expect(parseAdminArgs(['subscription', 'a@b.se', 'monthly', '--months', '3'])).toMatchObject({ months: 3 });
    expect(parseAdminArgs(['subscription', 'a@b.se', 'yearly', '--until', '2031-12-31'])).toMatchObject({
      until: '2031-12-31',
    });
    expect(parseAdminArgs(['subscription', 'a@b.se', 'free'])).toMatchObject({ plan: 'free' });
    expect(parseAdminArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseAdminArgs(['subscription', '-h'])).toEqual({ kind: 'help' });
  });

  it('refuses what it cannot run, with a message for the operator', () => {
    const refusals: [string[], RegExp][] = [
      [[], /No command/],
      [['delete'], /Unknown command "delete"/],
      [['users', 'extra'], /Unexpected argument "extra"/],
      [['users', '--until', '2031-01-01'], /--until does not belong to "users"/],
      [['users', '--verbose'], /Unknown option '--verbose'/],
      [['subscription', 'a@b.se'], /needs an e-mail and a plan/],
      [['subscription', 'a@b.se', 'weekly'], /Unknown plan "weekly"/],
      [['subscription', 'a@b.se', 'yearly', '--until', '31/12/2031'], /not a date: write it YYYY-MM-DD/],
      [['subscription', 'a@b.se', 'yearly', '--until', '2031-02-29'], /not a date/],
      [['subscription', 'a@b.se', 'yearly', '--months', '0'], /--months must be a whole number/],
      [['subscription', 'a@b.se', 'yearly', '--months', '1.5'], /--months must be a whole number/],
      [['subscription', 'a@b.se', 'yearly', '--months', '2', '--until', '2031-01-01'], /either --until or --months/],
      [['subscription', 'a@b.se', 'free', '--months', '2'], /free plan has no end date/],
      [['subscription', 'a@b.se', 'yearly', '--email', 'x'], /--email does not belong/],
      [['subscription', 'a@b.se', 'yearly', 'more'], /Unexpected argument "more"/],
    ];
    for (const [argv, message] of refusals) {
      expect(() => parseAdminArgs(argv), argv.join(' ')).toThrow(UsageError);
      expect(() => parseAdminArgs(argv), argv.join(' ')).toThrow(message);
    }
  });

  it('counts months on the calendar', () => {
    expect(addMonths({ year: 2031, month: 12, day: 31 }, 2)).toEqual({ year: 2032, month: 2, day: 29 });
    expect(addMonths({ year: 2030, month: 3, day: 15 }, 12)).toEqual({ year: 2031, month: 3, day: 15 });
    expect(endOfSwedishDay({ year: 2030, month: 1, day: 15 }).toISOString()).toBe('2030-01-15T22:59:59.999Z');
  });
});

describe('the confirmation e-mail of an activated plan', () => {
  function capturingMailer() {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: async (message) => {
        sent.push(message);
      },
      describe: () => 'test',
    };
    return { sent, mailer };
  }

  it('goes out in the language the user last signed in with, naming the plan and its last day', async () => {
    const email = `aino-${Date.now()}@example.com`;
    const registered = await new TestClient(t.app, 'fi').post('/api/user', {
      fName: 'Aino',
      email,
      password: 'correct horse battery',
    });
    expect(registered.status).toBe(201);
    const { sent, mailer } = capturingMailer();
    const now = new Date('2030-01-10T10:00:00Z');

    const monthly = await setSubscription(t.database.db, email, 'monthly', { now });
    expect(await sendSubscriptionConfirmation(t.database.db, mailer, monthly, 'help@example.com')).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(email);
    expect(sent[0]?.subject).toBe(translate('fi', 'email.subscriptionActivated.subject'));
    expect(sent[0]?.text).toContain('Hei Aino');
    expect(sent[0]?.text).toContain(translate('fi', 'email.subscriptionActivated.plan.monthly'));
    // Valid to and including 10 February 2030, written the Finnish way.
    expect(sent[0]?.text).toContain(
      new Intl.DateTimeFormat('fi', { dateStyle: 'long', timeZone: 'Europe/Stockholm' }).format(
        new Date('2030-02-10T12:00:00Z'),
      ),
    );
    expect(sent[0]?.text).toContain('help@example.com');

    // Signing in in Danish later makes Danish the language of the next e-mail.
    const signedIn = await new TestClient(t.app, 'da').post('/api/auth/signin/credentials', {
      email,
      password: 'correct horse battery',
    });
    expect(signedIn.status).toBe(200);
    const yearly = await setSubscription(t.database.db, email, 'yearly', { now });
    await sendSubscriptionConfirmation(t.database.db, mailer, yearly, 'help@example.com');
    expect(sent[1]?.subject).toBe(translate('da', 'email.subscriptionActivated.subject'));
    expect(sent[1]?.text).toContain(translate('da', 'email.subscriptionActivated.plan.yearly'));
  });

  it('is Swedish for a user whose language is not known, and is not sent for the free plan', async () => {
    const a = await signUp(t.app, { fName: 'Sture' });
    await t.database.db.update(user).set({ language: null }).where(eq(user.id, a.user.id));
    const { sent, mailer } = capturingMailer();
    const paid = await setSubscription(t.database.db, a.email, 'yearly');
    await sendSubscriptionConfirmation(t.database.db, mailer, paid, 'help@example.com');
    expect(sent.map((mail) => mail.subject)).toEqual([translate('sv', 'email.subscriptionActivated.subject')]);
    expect(sent[0]?.text).toContain('Hej Sture');

    const free = await setSubscription(t.database.db, a.email, 'free');
    expect(await sendSubscriptionConfirmation(t.database.db, mailer, free, 'help@example.com')).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
