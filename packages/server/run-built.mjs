// `npm run admin` and `npm run seed`: runs the operator's command from the build (dist/admin.js,
// dist/seed.js) on plain `node`, as `npm start` runs the server, building first when there is no
// build yet or a source file is newer than it (a development checkout after an edit).
//
//   node run-built.mjs admin|seed [ARGS…]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const [entry, ...args] = process.argv.slice(2);
if (entry !== 'admin' && entry !== 'seed') {
  console.error('usage: node run-built.mjs admin|seed [ARGS…]');
  process.exit(2);
}
const built = path.join(serverRoot, 'dist', `${entry}.js`);

/** The newest modification time of the files under `dir` (0 when it is missing). */
function newest(dir) {
  let latest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (item.isFile()) latest = Math.max(latest, statSync(path.join(item.parentPath, item.name)).mtimeMs);
  }
  return latest;
}

const builtAt = (() => {
  try {
    return statSync(built).mtimeMs;
  } catch {
    return 0;
  }
})();
const sources = ['src', '../core/src', '../gedcom/src'].map((dir) => path.join(serverRoot, dir));
if (builtAt === 0 || sources.some((dir) => newest(dir) > builtAt)) {
  // The build's own line goes to stderr: the command's output (a user table, say) stays clean.
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverRoot, stdio: ['ignore', 2, 2] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, ['--enable-source-maps', built, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
