// Builds the server for `npm start`: src/main.ts and everything it imports from this repository
// (the server's own modules and the workspace packages @anor/core and @anor/gedcom, which are
// TypeScript sources with `.ts` import specifiers) into one ES module, dist/main.js, that plain
// `node` runs; likewise the operator's commands into dist/admin.js and dist/seed.js. Packages from node_modules stay imports, resolved at run time from here as in
// development. Development (`npm run dev`, tsx) and the tests (vitest) keep running the sources.
//
//   node build.mjs [OUTDIR]   (default dist; OUTDIR must be inside packages/server, so that the
//                              bundle finds node_modules)
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.resolve(serverRoot, process.argv[2] ?? 'dist');

/** Every import of a package (a bare specifier or `node:`) is left to Node, except our workspace packages. */
const packagesExternal = {
  name: 'packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@anor/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: serverRoot,
  // The server, and the operator's two commands (`npm run admin`, `npm run seed`, through run-built.mjs).
  entryPoints: { main: 'src/main.ts', admin: 'src/admin/cli.ts', seed: 'src/seed/seed.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces and the log name the functions as written.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [packagesExternal],
  // src/paths.ts: where the server package is, seen from the bundle (its migrations are read from there).
  define: { ANOR_SERVER_ROOT_FROM_BUNDLE: JSON.stringify(path.relative(outdir, serverRoot) || '.') },
});
console.log(
  `built the server into ${path.relative(process.cwd(), outdir) || '.'}/ (main.js, admin.js, seed.js) in ${Math.round(performance.now() - started)} ms`,
);
