import type { Db } from '../../db/client.ts';
import { contactMessage } from '../../db/schema.ts';

export async function insertContactMessage(
  db: Db,
  values: { id: string; sender: string; text: string; userId: string | null },
): Promise<void> {
  await db.insert(contactMessage).values(values);
}
