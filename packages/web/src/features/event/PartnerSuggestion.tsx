import { type EventType, isCoupleEvent, openPrimarySlots, type PersonSummary } from '@anor/core';
import { Button, Group, Text } from '@mantine/core';
import { IconHeartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PersonLabel } from '../../lib/person-label/PersonLabel.tsx';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { personQueries } from '../person/queries.ts';
import type { ParticipantDraft } from './editor-state.ts';

/**
 * Marriage and the other couple events (SPEC §3) suggest the main person's partners as the second
 * main person, one click each (issue 19 item 5), while the event has one main person of the tree
 * and a free place for the other.
 */
export function PartnerSuggestion({
  treeId,
  type,
  participants,
  onAdd,
}: {
  treeId: string;
  type: EventType;
  participants: readonly ParticipantDraft[];
  onAdd: (partner: PersonSummary) => void;
}) {
  const { t } = useTranslation();
  const label = usePersonLabel();
  const primaries = participants.filter((participant) => participant.role === 'primary');
  const [only] = primaries;
  const isOffered =
    isCoupleEvent(type) &&
    primaries.length === 1 &&
    only !== undefined &&
    !only.newPerson &&
    openPrimarySlots(type, participants) > 0;
  const person = useQuery({ ...personQueries.detail(treeId, only?.personId ?? ''), enabled: isOffered });
  if (!isOffered || !person.data) return null;
  const inEvent = new Set(participants.map((participant) => participant.personId));
  const partners = person.data.partners.filter((partner) => !inEvent.has(partner.id));
  if (partners.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="event-partner-suggestion">
      <Text size="sm" c="dimmed">
        {t('eventEditor.participants.partnerSuggestion')}
      </Text>
      {partners.map((partner) => (
        <Button
          key={partner.id}
          variant="light"
          color="pink"
          size="compact-sm"
          leftSection={<IconHeartPlus aria-hidden size={16} />}
          aria-label={t('eventEditor.participants.addPartner', { name: label(partner).full })}
          onClick={() => onAdd(partner)}
          data-testid="event-partner-suggestion-add"
          data-person-id={partner.id}
        >
          <PersonLabel person={partner} testId="event-partner-suggestion-label" />
        </Button>
      ))}
    </Group>
  );
}
