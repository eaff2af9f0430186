import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePersonName } from '../person/person-name.ts';
import { personQueries } from '../person/queries.ts';
import type { ParticipantPerson } from './editor-state.ts';

/** A participant's name; a preset participant known only by id is fetched. */
export function ParticipantName({
  treeId,
  personId,
  person,
}: {
  treeId: string;
  personId: string;
  person: ParticipantPerson | null;
}) {
  const personName = usePersonName();
  const query = useQuery({ ...personQueries.detail(treeId, personId), enabled: person === null });
  const known = person ?? query.data ?? null;
  if (!known) return <Skeleton height={14} width={120} display="inline-block" />;
  return <>{personName(known)}</>;
}
