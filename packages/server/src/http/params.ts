import { z } from 'zod';

/** The tree id in a route: a malformed one answers like an unknown tree (404), so ids cannot be probed. */
export const treeIdParam = z.uuid({ error: 'tree.error.notFound' });
export const treeParams = z.strictObject({ treeId: treeIdParam });
