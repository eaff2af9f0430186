import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Event, ShareState, UserInfo } from '@anor/core';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixturesDir } from '../../gedcom/test/support.ts';
import { AdminError } from '../src/admin/admin.ts';
import { parseAdminArgs } from '../src/admin/args.ts';
import { backupDatabase } from '../src/admin/backup.ts';
import { readBackupHeader, verifyBackupFile } from '../src/admin/backup-file.ts';
import { backupTables, derivedTables, rewrittenAfterRestore, silencedOnRestore } from '../src/admin/backup-tables.ts';
import { restoreDatabase } from '../src/admin/restore.ts';
import { buildApp } from '../src/app.ts';
import { readConfig, uniformRateLimits } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import * as schemaModule from '../src/db/schema.ts';
import { upsertSubscription } from '../src/modules/user/user.repository.ts';
import { createTree, signUp, TestClient } from './support/client.ts';
import { FamilyBuilder } from './support/family.ts';
import { jpeg, upload } from './support/media.ts';
import { addMember } from './support/members.ts';
import { createTestApp, openTestDatabase, type TestApp } from './support/test-app.ts';
import {
  adminQuery,
  randomDatabaseName,
  testDatabaseKind,
  testDatabaseUrl,
  withDatabase,
} from './support/test-database.ts';

/**
 * Backup and restore (`npm run admin -- backup FILE`, `restore FILE`): a varied database built
 * through the API is backed up, restored into an empty database, and every table compared row by
 * row; the users sign in on the restored database. A non-empty database and a damaged file are
 * refused and change nothing.
 */

let t: TestApp;
let dir: string;
let file: string;
let owner: Awaited<ReturnType<typeof signUp>>;
let backup: Awaited<ReturnType<typeof backupDatabase>>;
const year = 365 * 86_400_000;
const longText = `<p>${'Åsa Öberg i Västra Ämtervik, född 1850. '.repeat(2_000)}</p>`;

/** Every table of the database (as the migrations made it), public schema. */
async function databaseTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((row) => row.name);
}

/**
 * Every table's rows but the derived ones (left out of a backup), as a count and a hash of the rows as PostgreSQL writes them in JSON (in UTC,
 * sorted bytewise, so that both databases answer the same for the same rows).
 */
async function fingerprint(db: Db, options: { derived?: boolean } = {}): Promise<Record<string, string>> {
  const tables = (await databaseTables(db)).filter((table) => options.derived || !derivedTables.has(table));
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const result: Record<string, string> = {};
    for (const table of tables) {
      const [row] = await queryRows<{ n: number; h: string }>(
        tx,
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(row_to_json(x)::text, E'\\n' order by row_to_json(x)::text collate "C"), '')) as h from "${table}" x`,
        ),
      );
      result[table] = `${row?.n} ${row?.h}`;
    }
    return result;
  });
}

async function counters(db: Db) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`select id, persons_count, locations_count, events_count, sources_count, privacy_revision,
          (select count(*)::int from person p where p.tree_id = t.id) as persons,
          (select count(*)::int from event e where e.tree_id = t.id) as events
        from tree t order by id`,
  );
}

async function derivedRows(db: Db): Promise<number> {
  const print = await fingerprint(db, { derived: true });
  return [...derivedTables].reduce((sum, name) => sum + Number(print[name]?.split(' ')[0] ?? 0), 0);
}

async function totalRows(db: Db): Promise<number> {
  const print = await fingerprint(db, { derived: true });
  return Object.values(print).reduce((sum, value) => sum + Number(value.split(' ')[0]), 0);
}

/** The backup's lines, to craft damaged copies of it. */
function backupLines(bytes: Buffer): string[] {
  return gunzipSync(bytes).toString('utf8').split('\n');
}

/** A copy of the backup with one more row in a table (its counts raised to match). */
async function withExtraRow(name: string, table: string, row: (rows: Record<string, unknown>[]) => unknown) {
  const lines = backupLines(await readFile(file));
  const header = JSON.parse(lines[0] as string) as { tables: { name: string; rows: number }[] };
  const entry = header.tables.find((x) => x.name === table) as { rows: number };
  const start = lines.findIndex((line) => line.startsWith(`{"table":"${table}"`));
  const rows = lines
    .slice(start + 1, start + 1 + entry.rows)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  entry.rows += 1;
  lines[0] = JSON.stringify(header);
  lines[start] = JSON.stringify({ table, rows: entry.rows });
  lines.splice(start + 1, 0, JSON.stringify(row(rows)));
  const crafted = path.join(dir, name);
  await writeFile(crafted, gzipSync(lines.join('\n')));
  return crafted;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run admin -- ARGS` on the embedded database in `dataDir`, from the run's build: exit code and output. */
function runAdmin(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const admin = path.join(path.dirname(inject('builtServerMain')), 'admin.js');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', admin, ...args],
      { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The server on a given database, as createTestApp builds it. */
async function appOn(database: Database) {
  const app = await buildApp({
    config: {
      ...readConfig({}),
      publicUrl: 'http://localhost:3000',
      dataDir: dir,
      authSecret: 'test-secret-that-is-long-enough-for-better-auth',
      webDistDir: null,
      rateLimits: uniformRateLimits({ max: 100_000, windowMs: 60_000 }),
      payment: { number: '123 456 78 90', recipient: 'Anor Test AB' },
      demoTree: false,
    },
    database,
    logger: false,
  });
  await app.ready();
  return app;
}

/** A varied database: two users, a shared tree with persons, places, events, sources and notes, a GEDCOM import. */
async function buildVariedDatabase() {
  owner = await signUp(t.app, { fName: 'Åsa', email: `asa-${Date.now()}@example.com`, password: 'lösenord med å' });
  await upsertSubscription(t.database.db, owner.user.id, 'yearly', new Date(Date.now() + year));
  const tree = await createTree(owner.client, owner.user.id, 'Släkten Öberg');
  const api = `/api/${tree.id}`;
  const family = new FamilyBuilder(owner.client, tree.id);
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const response = await owner.client.post<T>(`${api}/${url}`, body);
    if (response.status !== 201) throw new Error(`${url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const primary = (personId: string) => [{ personId, role: 'primary' }];

  const erik = await family.create({ fName: 'Erik', lName: 'Öberg', occupation: 'Bonde' }, undefined, true);
  const anna = await family.partnerOf(erik.id, { fName: 'Anna', lName: 'Ärlig', gender: 'female' });
  const karin = await family.childOf(erik.id, { fName: 'Karin', lName: 'Öberg' }, anna.id);
  await family.parentOf(erik.id, { fName: 'Per', lName: 'Öberg', gender: 'male' });
  await family.siblingOf(anna.id, { fName: 'Märta', lName: 'Ärlig' });
  const named = await owner.client.put(`${api}/person/${anna.id}/names`, {
    revision: (await family.get(anna.id)).revision,
    names: [
      { type: 'birth', fName: 'Anna', lName: 'Ärlig' },
      { type: 'married', lName: 'Öberg', fromDate: '1849' },
    ],
  });
  if (named.status !== 200) throw new Error(`names: ${named.status} ${JSON.stringify(named.body)}`);
  await post('location', {
    location: {
      name: 'Sunne',
      type: 'Socken',
      coordinates: { lat: 59.837_123_456_789, lng: 13.143_7 },
      primaryLink: 'https://sv.wikipedia.org/wiki/Sunne_socken',
    },
  });
  const birth = await post<{ event: Event }>('event', {
    type: 'birth',
    startDate: '1850-03-12',
    location: 'Västra Ämtervik, Sunne, Värmland',
    description: 'Född en vårdag',
    participants: [...primary(erik.id), { personId: anna.id, role: 'Gudmor' }],
  });
  await post('event', { type: 'death', startDate: '1920', participants: primary(erik.id) });
  await post('event', { type: 'birth', startDate: '1995-05', participants: primary(karin.id) });
  const archive = await post<{ id: string }>('source/repository', {
    repository: { title: 'Riksarkivet', city: 'Stockholm', country: 'Sverige' },
  });
  const record = await post<{ id: string }>('source/record', {
    record: { title: 'Sunne C:5', repositoryId: archive.id },
  });
  await post('source/citation', {
    citation: { sourceRecordId: record.id, whereWithinSourceText: 'Sida 12', textFromSource: '<p>Född d. 12 mars</p>' },
    nodeId: birth.event.id,
  });
  await post('note', { note: { title: 'Långt', text: longText }, connectedNodeIds: [erik.id, birth.event.id] });
  // An uploaded photo (issue 22), linked to Erik and his portrait (person_portrait).
  const photo = await upload<{ media: { id: string } }>(
    owner.client,
    tree.id,
    { name: 'erik.jpg', bytes: await jpeg() },
    {
      nodeId: erik.id,
      nodeKind: 'person',
    },
  );
  expect(photo.status).toBe(201);
  const portrait = await owner.client.put(`${api}/person/${erik.id}/portrait`, {
    mediaId: photo.body.media.id,
    crop: { x: 0, y: 0, width: 1, height: 1 },
  });
  expect(portrait.status).toBe(200);
  // Two persons the owner said are not one (the duplicate finder's memory).
  const notOne = await owner.client.post(`${api}/duplicate/not-duplicate`, {
    personId: erik.id,
    otherPersonId: karin.id,
  });
  expect(notOne.status).toBe(200);
  // A data-quality finding the owner checked (issue 24's dismissals).
  const checked = await owner.client.post(`${api}/quality/dismiss`, {
    rule: 'quality.noEvents',
    objectId: karin.id,
    relatedId: null,
  });
  expect(checked.status).toBe(200);
  const share = await owner.client.put<ShareState>(`${api}/share`, { enabled: true });
  expect(share.status).toBe(200);
  // A visitor's request fills the privacy cache (person_public) and the tree's privacy columns.
  const visit = await new TestClient(t.app).request('GET', `${api}/mainnodes`, undefined, {
    'x-anor-share': share.body.token as string,
  });
  expect(visit.status).toBe(200);

  // A place listed before its parent (ids in the other order): the restore must not depend on row order.
  await t.database.db.execute(sql`insert into location (tree_id, id, parent_id, name, name_key) values
    (${tree.id}, 'ffffffff-ffff-7fff-bfff-ffffffffffff', null, 'Förälder', 'foralder')`);
  await t.database.db.execute(sql`insert into location (tree_id, id, parent_id, name, name_key) values
    (${tree.id}, '00000000-0000-7000-8000-000000000000', 'ffffffff-ffff-7fff-bfff-ffffffffffff', 'Barn', 'barn')`);

  // A GEDCOM import: media objects, repositories and lines kept as GEDCOM (gedcom_extra, jsonb).
  const bytes = new Uint8Array(readFileSync(path.join(fixturesDir, 'torture-55/TGC551LF.ged')));
  const imported = await owner.client.post(`/api/user/${owner.user.id}/tree/gedcom?treeName=Import`, bytes);
  expect(imported.status).toBe(201);
  // Privacy work queued after the visit (an import names none: its new tree is computed whole).
  await post('event', { type: 'baptism', startDate: '1995-06', participants: primary(karin.id) });

  // A second user with a password reset waiting (verification) and a contact message.
  const other = await signUp(t.app, { fName: 'Örjan' });
  const reset = await new TestClient(t.app).post('/api/user/resetpassword', { email: other.email });
  expect(reset.status).toBeLessThan(300);
  const contact = await other.client.post('/api/contact', { sender: other.email, text: 'Hej! Ångström ✓' });
  expect(contact.status).toBeLessThan(300);

  // Members and an open invitation (issue 26): the second user is a viewer, a cousin is invited.
  await addMember(owner.client, tree.id, other, 'viewer');
  const invited = await owner.client.post(`${api}/member/invitation`, { email: 'kusin@example.com', role: 'editor' });
  expect(invited.status).toBe(201);
  // A contributor's proposal waiting for review (issue 26): work of theirs a backup must keep.
  const cousin = await signUp(t.app, { fName: 'Kusin' });
  await addMember(owner.client, tree.id, cousin, 'contributor');
  const proposed = await cousin.client.put(`${api}/person/${karin.id}/occ`, { occupation: 'Sömmerska' });
  expect(proposed.status).toBe(202);
}

beforeAll(async () => {
  t = await createTestApp({ gedcomMaxBytes: 8 * 1024 * 1024 });
  dir = await mkdtemp(path.join(tmpdir(), 'anor-backup-'));
  file = path.join(dir, 'backup.jsonl.gz');
  await buildVariedDatabase();
  backup = await backupDatabase(t.database.db, file, { database: t.database.kind });
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('backup', () => {
  it('holds every table of the schema and of the database, with counts, and the migration', async () => {
    const header = await readBackupHeader(file);
    expect(header).toEqual(backup.header);
    const inBackup = header.tables.map((table) => table.name).sort();
    const inSchema = Object.values(schemaModule)
      .filter((value) => is(value, PgTable))
      .map((value) => getTableConfig(value as PgTable).name)
      .sort();
    expect(inBackup).toEqual(inSchema.filter((name) => !derivedTables.has(name)));
    expect(inBackup).toEqual((await databaseTables(t.database.db)).filter((name) => !derivedTables.has(name)));
    expect([...derivedTables].every((name) => inSchema.includes(name))).toBe(true);
    expect(header.migration.tag).toMatch(/^\d{4}_/);
    const print = await fingerprint(t.database.db);
    for (const table of header.tables)
      expect(`${table.name} ${table.rows}`).toBe(`${table.name} ${print[table.name]?.split(' ')[0]}`);
    // Every table has rows, so the comparison below compares something everywhere.
    expect(header.tables.filter((table) => table.rows === 0).map((table) => table.name)).toEqual([]);
    // Each table after the tables it refers to.
    const order = header.tables.map((table) => table.name);
    for (const table of backupTables()) {
      for (const target of table.dependsOn) expect(order.indexOf(target)).toBeLessThan(order.indexOf(table.name));
    }
  });

  it('leaves out derived data: every table a trigger writes on insert or update is derived or rewritten', async () => {
    // Trigger functions of the database as the migrations made them, and the tables they write to.
    const triggers = await queryRows<{ on: string; source: string }>(
      t.database.db,
      sql`select c.relname as on, p.prosrc as source
          from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
          join pg_namespace n on n.oid = c.relnamespace
          where not tg.tgisinternal and n.nspname = 'public' and (tg.tgtype & (4 | 16)) <> 0`,
    );
    const written = new Set<string>();
    for (const trigger of triggers) {
      for (const match of trigger.source.matchAll(/(?:insert\s+into|update)\s+(?!set\b)"?([a-z_]+)"?/gi)) {
        written.add((match[1] as string).toLowerCase());
      }
    }
    expect([...written].sort()).toEqual(expect.arrayContaining(['person_privacy_dirty', 'tree']));
    const unhandled = [...written].filter(
      (name) => !derivedTables.has(name) && !rewrittenAfterRestore.has(name) && !silencedOnRestore.has(name),
    );
    expect(unhandled).toEqual([]);
    const header = await readBackupHeader(file);
    for (const name of derivedTables) expect(header.tables.map((table) => table.name)).not.toContain(name);
    // The source has privacy work queued, which the backup leaves out.
    const [queued] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from person_privacy_dirty`,
    );
    expect(queued?.n).toBeGreaterThan(0);
  });

  it('reads the file it wrote back and checks it; a damaged file fails verification', async () => {
    const header = await readBackupHeader(file);
    expect(await verifyBackupFile(file, header)).toEqual(
      Object.fromEntries(header.tables.map((table) => [table.name, table.rows])),
    );
    const bytes = await readFile(file);
    const lines = backupLines(bytes);
    const person = lines.findIndex((line) => line.startsWith('{"table":"person"'));
    const crafted = async (name: string, content: Buffer) => {
      const target = path.join(dir, name);
      await writeFile(target, content);
      return target;
    };
    const cases: [string, Buffer, RegExp][] = [
      ['cut.gz', bytes.subarray(0, Math.floor(bytes.length * 0.9)), /damaged or incomplete/],
      [
        'row-missing.gz',
        gzipSync(lines.filter((_, i) => i !== person + 2).join('\n')),
        /person should begin|is not a row|ends too early/,
      ],
      ['no-end.gz', gzipSync(lines.filter((line) => line !== '{"end":true}').join('\n')), /ends too early/],
      ['after-end.gz', gzipSync(`${lines.join('\n')}{"more":1}\n`), /after its end marker/],
      [
        'other-header.gz',
        gzipSync([JSON.stringify({ ...header, createdAt: 'x' }), ...lines.slice(1)].join('\n')),
        /header is not the one written/,
      ],
    ];
    for (const [name, content, reason] of cases) {
      const target = await crafted(name, content);
      const verified = verifyBackupFile(target, header);
      await expect(verified, name).rejects.toThrow(AdminError);
      await expect(verified, name).rejects.toThrow(/^backup verification failed: /);
      await expect(verified, name).rejects.toThrow(reason);
    }
  });

  it('fails a backup whose written file does not verify, and leaves no file', async () => {
    const target = path.join(dir, 'unverified.gz');
    const failed = backupDatabase(t.database.db, target, {
      afterWrite: async (partial) => {
        const bytes = await readFile(partial);
        await writeFile(partial, bytes.subarray(0, bytes.length - 20));
      },
    });
    await expect(failed).rejects.toThrow(AdminError);
    await expect(failed).rejects.toThrow(/^backup verification failed: .*damaged or incomplete/);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });
});

describe('restore', () => {
  let restored: Database;
  beforeAll(async () => {
    restored = await openTestDatabase();
  });
  afterAll(() => restored.close());

  it('restores every row of every table exactly, counters included, and the users sign in', async () => {
    const result = await restoreDatabase(restored.db, file);
    expect(await fingerprint(restored.db)).toEqual(await fingerprint(t.database.db));
    expect(await counters(restored.db)).toEqual(await counters(t.database.db));
    const [tree] = await queryRows<{ n: number }>(
      restored.db,
      sql`select count(*)::int as n from tree where persons_count > 0 and persons_count = (select count(*) from person p where p.tree_id = tree.id)`,
    );
    expect(tree?.n).toBe(2);
    expect(result.rows.person).toBeGreaterThan(5);
    const note = await queryRows<{ text: string }>(restored.db, sql`select text from note where title = 'Långt'`);
    expect(note[0]?.text.length).toBeGreaterThan(80_000);
    // Derived data is empty, to be rebuilt: none of what the triggers queued while the rows went in.
    const all = await fingerprint(restored.db, { derived: true });
    for (const name of derivedTables) expect(all[name]?.split(' ')[0], name).toBe('0');

    const app = await appOn(restored);
    try {
      const client = new TestClient(app);
      const signIn = await client.post<UserInfo>('/api/auth/signin/credentials', {
        email: owner.email,
        password: owner.password,
      });
      expect(signIn.status).toBe(200);
      const trees = await client.get(`/api/user/${owner.user.id}/tree`);
      expect(trees.status).toBe(200);
      expect(JSON.stringify(trees.body)).toContain('Släkten Öberg');
      const wrong = await new TestClient(app).post('/api/auth/signin/credentials', {
        email: owner.email,
        password: 'fel lösenord',
      });
      expect(wrong.status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses a database that is not empty and changes nothing; --force replaces its contents', async () => {
    await restored.db.execute(sql`update "user" set name = 'Ändrad' where email = ${owner.email}`);
    const changed = await fingerprint(restored.db);
    const refused = restoreDatabase(restored.db, file);
    await expect(refused).rejects.toThrow(AdminError);
    await expect(refused).rejects.toThrow(/not empty .*--force/);
    expect(await fingerprint(restored.db)).toEqual(changed);
    await restoreDatabase(restored.db, file, { force: true });
    expect(await fingerprint(restored.db)).toEqual(await fingerprint(t.database.db));
  });

  it('says in one line which table and constraint a failed restore broke, and changes nothing', async () => {
    const duplicate = await withExtraRow('duplicate-person.gz', 'person', (rows) => rows[0]);
    const orphan = await withExtraRow('orphan-participant.gz', 'event_participant', (rows) => ({
      ...rows[0],
      person_id: '01234567-89ab-7def-8123-456789abcdef',
    }));
    const cases: [string, RegExp][] = [
      [
        duplicate,
        /^restore failed: table person: duplicate key value violates unique constraint "person_[a-z_]*pk(ey)?"/,
      ],
      [
        orphan,
        /^restore failed: table event_participant: .*violates foreign key constraint "event_participant_[a-z_]+"/,
      ],
    ];
    const empty = await openTestDatabase();
    try {
      for (const [crafted, reason] of cases) {
        const error = await restoreDatabase(empty.db, crafted).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(AdminError);
        const message = (error as Error).message;
        expect(message).toMatch(reason);
        expect(message).toMatch(/nothing was restored$/);
        expect(message).not.toMatch(/\n|Failed query|params/);
        expect(message.length).toBeLessThan(600);
        expect(await totalRows(empty.db)).toBe(0);
      }
      // Over a database with rows (--force empties it first): left as it was.
      await restoreDatabase(empty.db, file);
      const before = await fingerprint(empty.db, { derived: true });
      await expect(restoreDatabase(empty.db, duplicate, { force: true })).rejects.toThrow(
        /^restore failed: table person:/,
      );
      expect(await fingerprint(empty.db, { derived: true })).toEqual(before);
    } finally {
      await empty.close();
    }
  });

  it('restores an older backup that holds derived data, reading past it', async () => {
    // A backup as this version wrote before issue 17: the dirty-person queue in it, in the
    // middle, with the rows the privacy triggers add again while events go in.
    const lines = backupLines(await readFile(file));
    const header = JSON.parse(lines[0] as string) as { tables: { name: string; columns: string[]; rows: number }[] };
    const queue = await queryRows<{ line: string }>(
      t.database.db,
      sql`select row_to_json(d)::text as line from person_privacy_dirty d`,
    );
    expect(queue.length).toBeGreaterThan(0);
    header.tables.unshift({
      name: 'person_privacy_dirty',
      columns: ['tree_id', 'person_id', 'version'],
      rows: queue.length,
    });
    const person = lines.findIndex((line) => line.startsWith('{"table":"person"'));
    const older = [
      JSON.stringify(header),
      ...lines.slice(1, person),
      JSON.stringify({ table: 'person_privacy_dirty', rows: queue.length }),
      ...queue.map((row) => row.line),
      ...lines.slice(person),
    ];
    const crafted = path.join(dir, 'older.gz');
    await writeFile(crafted, gzipSync(older.join('\n')));
    const empty = await openTestDatabase();
    try {
      await restoreDatabase(empty.db, crafted);
      expect(await fingerprint(empty.db)).toEqual(await fingerprint(t.database.db));
      expect(await totalRows(empty.db)).toBe(
        await totalRows(t.database.db).then(async (n) => n - (await derivedRows(t.database.db))),
      );
    } finally {
      await empty.close();
    }
  });

  it('refuses a truncated or damaged file and leaves the database empty', async () => {
    const empty = await openTestDatabase();
    try {
      const bytes = await readFile(file);
      const truncated = path.join(dir, 'truncated.gz');
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
      await expect(restoreDatabase(empty.db, truncated)).rejects.toThrow(/damaged or incomplete/);
      expect(await totalRows(empty.db)).toBe(0);

      // Whole gzip, but a row in the middle of the persons is broken.
      const lines = gunzipSync(bytes).toString('utf8').split('\n');
      const start = lines.findIndex((line) => line.startsWith('{"table":"person"'));
      lines[start + 3] = (lines[start + 3] ?? '').slice(0, 20);
      const damaged = path.join(dir, 'damaged.gz');
      await writeFile(damaged, gzipSync(lines.join('\n')));
      await expect(restoreDatabase(empty.db, damaged)).rejects.toThrow(AdminError);
      expect(await totalRows(empty.db)).toBe(0);

      // Rows missing at the end (the last table and the end marker cut off, as a whole gzip).
      const cut = path.join(dir, 'cut.gz');
      await writeFile(cut, gzipSync(lines.slice(0, start + 2).join('\n')));
      await expect(restoreDatabase(empty.db, cut)).rejects.toThrow(/ends too early/);
      expect(await totalRows(empty.db)).toBe(0);

      const notBackup = path.join(dir, 'other.gz');
      await writeFile(notBackup, gzipSync('{"hello":1}\n'));
      await expect(restoreDatabase(empty.db, notBackup)).rejects.toThrow(/not an Anor backup/);
      await expect(restoreDatabase(empty.db, path.join(dir, 'missing.gz'))).rejects.toThrow(/No such file/);
      expect(await totalRows(empty.db)).toBe(0);
    } finally {
      await empty.close();
    }
  });

  // The other database than the suite's: a backup of PGlite restores into PostgreSQL and the other way.
  const other = testDatabaseKind() === 'postgres' ? 'pglite' : process.env.TEST_DATABASE_URL ? 'postgres' : null;
  it.runIf(other)(
    `restores into the other database (${other})`,
    async () => {
      let database: Database;
      if (other === 'postgres') {
        const name = randomDatabaseName('anor_backup');
        await adminQuery(`CREATE DATABASE ${name}`);
        const opened = await openDatabase({
          kind: 'postgres',
          url: withDatabase(testDatabaseUrl(), name),
          poolSize: 2,
        });
        database = {
          ...opened,
          close: async () => {
            await opened.close();
            await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
          },
        };
      } else {
        database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      }
      try {
        await restoreDatabase(database.db, file);
        expect(await fingerprint(database.db)).toEqual(await fingerprint(t.database.db));
        const copy = path.join(dir, 'copy.gz');
        await backupDatabase(database.db, copy, { database: database.kind });
        const again = await openTestDatabase();
        try {
          await restoreDatabase(again.db, copy);
          expect(await fingerprint(again.db)).toEqual(await fingerprint(t.database.db));
        } finally {
          await again.close();
        }
      } finally {
        await database.close();
      }
    },
    60_000,
  );
});

describe('the command line', () => {
  it('reads backup and restore', () => {
    expect(parseAdminArgs(['backup', 'a.gz'])).toEqual({ kind: 'backup', file: 'a.gz', media: true });
    expect(parseAdminArgs(['restore', 'a.gz'])).toEqual({ kind: 'restore', file: 'a.gz', force: false });
    expect(parseAdminArgs(['restore', 'a.gz', '--force'])).toEqual({ kind: 'restore', file: 'a.gz', force: true });
    expect(() => parseAdminArgs(['backup'])).toThrow(/needs a file/);
    expect(() => parseAdminArgs(['backup', 'a.gz', '--force'])).toThrow(/does not belong/);
  });
  it('backs up with `npm run admin`, verified, and a failure is one line and exit code 1', async () => {
    const dataDir = path.join(dir, 'cli');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      await restoreDatabase(database.db, file);
    } finally {
      await database.close();
    }
    const target = path.join(dir, 'cli.gz');
    const backedUp = await runAdmin(dataDir, ['backup', target]);
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/read it back and verified every table's rows/);
    // The same tables and rows (the order may differ: any order after the tables each refers to).
    const byName = (tables: { name: string }[]) => [...tables].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName((await readBackupHeader(target)).tables)).toEqual(byName((await readBackupHeader(file)).tables));

    const nowhere = await runAdmin(dataDir, ['backup', path.join(dir, 'no-such-dir', 'x.gz')]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/^backup failed: .*ENOENT[^\n]*\n$/);

    const duplicate = await withExtraRow('cli-duplicate.gz', 'person', (rows) => rows[0]);
    const restored = await runAdmin(path.join(dir, 'cli-empty'), ['restore', duplicate]);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toMatch(
      /^restore failed: table person: duplicate key value violates unique constraint "[a-z_]+"[^\n]*\n$/,
    );
    expect(restored.stderr.length).toBeLessThan(600);
  }, 180_000);
});
