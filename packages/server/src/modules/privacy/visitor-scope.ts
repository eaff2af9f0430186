import { seesLiving } from '@anor/core';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../http/session.ts';
import { refreshPublicPersons } from './privacy.repository.ts';

/**
 * Whether an answer the service computes for this viewer must leave private items out: living
 * persons, events with a living participant, their notes and citations. The privacy hook blanks
 * the items an answer holds; a list, a count, a suggestion or a reason computed from private data
 * would still tell of them (which events are at a place, how many persons there are, why someone
 * could not take part on a given day), so a visitor's computation reads only public data.
 * Anyone who does not see the living (a visitor, the owner's or a member's preview) is answered so; the cache of the rule is
 * brought up to date first. Call it after the tree gate (it says the viewer's role in the tree).
 */
export async function leavesOutPrivate(db: Db, treeId: string, viewer: Viewer, livingYears: number) {
  if (seesLiving(viewer.roles.get(treeId.toLowerCase()))) return false;
  await refreshPublicPersons(db, treeId, livingYears);
  return true;
}
