import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema.ts';

export interface SessionUserRow {
  expiresAt: Date;
  userId: string;
  name: string;
  email: string;
}

/**
 * The statement is built once per database and prepared (named) on each connection: the session
 * look-up runs before every signed-in request.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return db
    .select({ expiresAt: session.expiresAt, userId: user.id, name: user.name, email: user.email })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('anor_session_user');
}

/** The session of this token with its user, in one statement (better-auth reads the two one after the other). */
export async function findSessionUser(db: Db, token: string): Promise<SessionUserRow | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = prepare(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token });
  return row;
}
