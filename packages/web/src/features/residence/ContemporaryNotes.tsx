import { useQuery } from '@tanstack/react-query';
import { ConcurrentNotes } from '../note/index.ts';
import { residenceQueries } from './queries.ts';

/**
 * SPEC §2 "list of concurrent residents' notes": the notes of the residences contemporary with
 * this one (SPEC §5), merged, beside who lived there then.
 */
export function ContemporaryNotes({ treeId, eventId }: { treeId: string; eventId: string }) {
  const query = useQuery(residenceQueries.contemporary(treeId, eventId));
  if (!query.data || query.data.events.length === 0) return null;
  return <ConcurrentNotes treeId={treeId} eventIds={query.data.events.map((event) => event.id)} />;
}
