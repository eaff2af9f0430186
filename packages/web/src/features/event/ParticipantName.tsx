import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PersonLabel } from '../../lib/person-label/PersonLabel.tsx';
import { personQueries } from '../person/queries.ts';
import type { ParticipantPerson } from './editor-state.ts';

/**
 * A participant's name with life years and, where asked, the birthplace (issue 19 item 12); a
 * preset participant known only by id is fetched.
 */
export function ParticipantName({
  treeId,
  personId,
  person,
  withPlace = false,
  testId = 'participant-label',
}: {
  treeId: string;
  personId: string;
  person: ParticipantPerson | null;
  withPlace?: boolean;
  testId?: string;
}) {
  const query = useQuery({ ...personQueries.detail(treeId, personId), enabled: person === null });
  const known = person ?? query.data ?? null;
  if (!known) return <Skeleton height={14} width={120} display="inline-block" />;
  return <PersonLabel person={known} withPlace={withPlace} testId={testId} />;
}
