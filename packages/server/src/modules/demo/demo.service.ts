import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import * as demo from './demo.repository.ts';

/** The demonstration tree's owner (see src/demo/): one fixed address that can never receive mail. */
export const demoEmail = 'demo@anor.invalid';

export function createDemoService({ db, enabled }: { db: Db; enabled: boolean }) {
  return {
    /** Where "see example" leads: the demo tree's share link, or 404 when the demo is off or not there. */
    async sharePath(): Promise<{ path: string }> {
      if (!enabled) throw new AppError('common.error.notFound');
      const found = await demo.findDemo(db, demoEmail);
      if (!found?.shareToken) throw new AppError('common.error.notFound');
      return { path: `/share/${found.shareToken}` };
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
