import { z } from 'zod';

/**
 * The server's Content-Security-Policy allows no `eval` (docs/security.md). Zod compiles object
 * parsers with `new Function` when it may, and finds out by trying: under the policy that try is a
 * reported violation. Jitless mode parses without compiling, and never tries. Imported first by
 * main.tsx, before any schema parses.
 */
z.config({ jitless: true });
