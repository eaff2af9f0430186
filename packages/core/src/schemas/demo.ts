import { z } from 'zod';

/**
 * GET /api/demo: where the landing page's "see example" leads, the share link of the fictional
 * demonstration tree the server creates at start (`/share/{token}`). 404 when the operator turned
 * the demo off (DEMO_TREE=0).
 */
export const demoAnswerSchema = z.object({ path: z.string() });
export type DemoAnswer = z.infer<typeof demoAnswerSchema>;
