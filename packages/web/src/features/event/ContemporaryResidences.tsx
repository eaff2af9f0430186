import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { PersonChip } from '../person/PersonChip.tsx';
import { ContemporaryNotes } from '../residence/ContemporaryNotes.tsx';
import { residenceQueries } from '../residence/queries.ts';
import { EditorLabel } from './EditorLabel.tsx';
import { formatEventDateLabel } from './type-names.tsx';

/**
 * A saved residence's contemporary residences in the event editor (SPEC §4, §5; issue 19 item 4),
 * as the person page shows them: the other residences at the place (or a place within it) whose
 * dates overlap, each with its date, place and residents (a click opens the person, the modal
 * asking before discarding changes), and their notes. The event's own participants are left out.
 */
export function ContemporaryResidences({
  treeId,
  eventId,
  participantIds,
  onShowPerson,
}: {
  treeId: string;
  eventId: string;
  participantIds: readonly string[];
  onShowPerson: (personId: string) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const query = useQuery(residenceQueries.contemporary(treeId, eventId));
  const own = new Set(participantIds);
  const residences = (query.data?.events ?? [])
    .map((event) => ({ event, residents: event.participants.filter((p) => !own.has(p.personId)) }))
    .filter(({ residents }) => residents.length > 0);
  return (
    <Stack gap="xs" data-testid="event-contemporary">
      <EditorLabel>{t('eventEditor.participants.contemporaryResidences')}</EditorLabel>
      {query.data && residences.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="event-contemporary-none">
          {t('personEvents.wizard.noContemporary')}
        </Text>
      ) : null}
      {residences.map(({ event, residents }) => (
        <Stack key={event.id} gap={4} data-testid="event-contemporary-residence" data-event-id={event.id}>
          <Text size="xs" c="dimmed">
            {[formatEventDateLabel(event, language), event.location?.text].filter(Boolean).join(', ')}
          </Text>
          <Group gap={6}>
            {residents.map((participant) => (
              <PersonChip
                key={participant.personId}
                person={{ ...participant, id: participant.personId }}
                onClick={() => onShowPerson(participant.personId)}
                testId="event-contemporary-person"
              />
            ))}
          </Group>
        </Stack>
      ))}
      <ContemporaryNotes treeId={treeId} eventId={eventId} />
    </Stack>
  );
}
