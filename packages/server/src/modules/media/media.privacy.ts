import type { Db } from '../../db/client.ts';
import { findPrivateIds } from '../privacy/privacy.repository.ts';
import { nodesOfMedia } from './media.repository.ts';

/**
 * Which of these media a visitor may not see (issue 22): those linked to a living person, to an
 * event with a living participant, or to a note or citation of theirs, and those that are the
 * portrait of a living person: the privacy rule's private ids (modules/privacy), reached through
 * the media's links. A media object linked to nothing private is shown to visitors. Two statements
 * whatever the number of media.
 */
export async function privateMediaIds(
  db: Db,
  treeId: string,
  mediaIds: readonly string[],
  livingYears: number,
): Promise<Set<string>> {
  const nodes = await nodesOfMedia(db, treeId, mediaIds);
  if (nodes.length === 0) return new Set();
  const found = await findPrivateIds(db, treeId, [...new Set(nodes.map((n) => n.nodeId))], livingYears);
  const isPrivate = (id: string) =>
    found.persons.has(id) || found.events.has(id) || found.notes.has(id) || found.citations.has(id);
  return new Set(nodes.filter((n) => isPrivate(n.nodeId.toLowerCase())).map((n) => n.mediaId));
}
