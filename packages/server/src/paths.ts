import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Set by build.mjs in the built server: the way from the bundle's folder to the server package's. */
declare const ANOR_SERVER_ROOT_FROM_BUNDLE: string | undefined;

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server package's folder (`packages/server`): the parent of `src/` when run from the sources
 * (tsx, vitest), and found from the bundle's own place when run from the build (`npm start`,
 * build.mjs bundles every module into `dist/main.js`). Files the server reads at run time (its
 * migrations, the web app's build) are found from here, never from a module's own place.
 */
export const serverRoot =
  typeof ANOR_SERVER_ROOT_FROM_BUNDLE === 'string'
    ? path.resolve(here, ANOR_SERVER_ROOT_FROM_BUNDLE)
    : path.resolve(here, '..');

/** The repository's root (the default `DATA_DIR` and the web app's build are under it). */
export const repoRoot = path.resolve(serverRoot, '../..');
