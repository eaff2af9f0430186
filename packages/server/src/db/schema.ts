/**
 * The one Drizzle schema (PostgreSQL dialect) for PGlite and PostgreSQL alike. Migrations in
 * ../../drizzle are generated from it with `npm run db:generate`.
 *
 * Two families of tables:
 * - account tables (user, session, account, verification) in the shape better-auth expects, plus
 *   subscription and contact_message;
 * - tree-owned tables: each carries tree_id as the first column of its primary key, and every
 *   query filters by it, so that a distributed PostgreSQL (Citus) can shard by tree.
 */
export * from './schema/accounts.ts';
export * from './schema/events.ts';
export * from './schema/gedcom.ts';
export * from './schema/history.ts';
export * from './schema/media.ts';
export * from './schema/members.ts';
export * from './schema/persons.ts';
export * from './schema/proposals.ts';
export * from './schema/quality.ts';
export * from './schema/sources.ts';
export * from './schema/trees.ts';

import { account, contactMessage, session, subscription, user, verification } from './schema/accounts.ts';
import { event, eventParticipant, location } from './schema/events.ts';
import { gedcomExtra } from './schema/gedcom.ts';
import { job } from './schema/history.ts';
import { mediaLink, mediaObject, personPortrait } from './schema/media.ts';
import { parentChild, partner, person, siblingLink } from './schema/persons.ts';
import { citation, citationLink, note, noteLink, repository, sourceRecord } from './schema/sources.ts';
import { tree } from './schema/trees.ts';

export const schema = {
  user,
  session,
  account,
  verification,
  subscription,
  contactMessage,
  tree,
  person,
  parentChild,
  partner,
  siblingLink,
  location,
  event,
  eventParticipant,
  repository,
  sourceRecord,
  citation,
  citationLink,
  note,
  noteLink,
  mediaObject,
  mediaLink,
  personPortrait,
  gedcomExtra,
  job,
};
