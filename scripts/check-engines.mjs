#!/usr/bin/env node
/**
 * Every installed package must run on the oldest Node the project supports (`engines` in the root
 * package.json): npm only warns (EBADENGINE) when a dependency asks for a newer one, and a major
 * that needs Node 22 (cookie 2 through light-my-request 6.8, sanitize-html 2.17.6) slipped in that
 * way. Reads package-lock.json, so it checks exactly what `npm ci` installs; exits 1 naming each
 * package whose `engines.node` excludes the supported floor.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const floor = semver.minVersion(root.engines.node);
if (floor === null) throw new Error(`engines.node "${root.engines.node}" has no lowest version`);

const refused = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  const wanted = entry.engines?.node;
  if (where === '' || entry.link || typeof wanted !== 'string') continue;
  // Optional packages for other platforms are never installed here.
  if (entry.optional && (entry.os || entry.cpu)) continue;
  if (!semver.satisfies(floor, wanted))
    refused.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${wanted}`);
}
if (refused.length > 0) {
  console.log(`These packages do not run on Node ${floor} (engines.node of package.json: ${root.engines.node}):`);
  for (const line of refused) console.log(`  ${line}`);
  process.exit(1);
}
console.log(`Every locked package accepts Node ${floor}.`);
