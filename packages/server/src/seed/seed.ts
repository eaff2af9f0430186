/**
 * `npm run seed -- [--nodes 100000] [--email seed@example.com] [--password …] [--no-events]`: adds a
 * tree with a generated family, places and life events to the configured database (DATA_DIR or DATABASE_URL, as `npm start`), for
 * development and benchmarks. Sign in with the e-mail and password to browse it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedTree } from './seed-tree.ts';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '100000' },
    email: { type: 'string', default: 'seed@example.com' },
    password: { type: 'string', default: 'seed-password' },
    name: { type: 'string' },
    /** Without life events: --no-events */
    'no-events': { type: 'boolean', default: false },
  },
});

const config = readConfig();
config.authSecret ||= 'seed-only-secret-sessions-are-not-kept';
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
  : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
const app = await buildApp({ config, database, logger: false });
const nodes = Number(values.nodes);
const started = performance.now();
const seeded = await seedTree(app.anor, {
  nodes,
  email: values.email,
  password: values.password,
  events: !values['no-events'],
  treeName: values.name ?? `Generated ${nodes.toLocaleString('sv')} (${new Date().toISOString().slice(0, 19)})`,
});
console.log(
  `Seeded ${nodes} nodes (${seeded.places.length} places) and ${seeded.eventsCount} events in ${((performance.now() - started) / 1000).toFixed(1)} s into ${database.description}: tree ${seeded.treeId}, user ${values.email}`,
);
await app.close();
await database.close();
