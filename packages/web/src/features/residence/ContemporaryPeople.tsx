import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PersonChip } from '../person/PersonChip.tsx';
import { personHref } from '../person/paths.ts';
import { residenceQueries } from './queries.ts';

/**
 * Who else lived at the place (or a place within it) while the residence lasted (SPEC §5
 * contemporary residences), as links to their pages; the person whose list it is left out.
 */
export function ContemporaryPeople({
  treeId,
  eventId,
  personId,
}: {
  treeId: string;
  eventId: string;
  personId: string;
}) {
  const { t } = useTranslation();
  const query = useQuery(residenceQueries.contemporary(treeId, eventId));
  if (!query.data) return null;
  const seen = new Set([personId]);
  const people = query.data.events
    .flatMap((event) => event.participants)
    .filter((participant) => {
      if (seen.has(participant.personId)) return false;
      seen.add(participant.personId);
      return true;
    });
  if (people.length === 0) return null;
  return (
    <Group gap={6} mt={6} data-testid="residence-contemporary-people">
      <Text size="xs" c="dimmed">
        {t('personEvents.residences.together')}
      </Text>
      {people.map((participant) => (
        <PersonChip
          key={participant.personId}
          person={{ ...participant, id: participant.personId }}
          to={personHref(treeId, participant.personId)}
          testId="residence-contemporary-person"
        />
      ))}
    </Group>
  );
}
