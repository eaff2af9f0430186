import { type EventType, formatEventDate, hasParticipantDates, openPrimarySlots, type PersonSummary } from '@anor/core';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { EditorLabel } from './EditorLabel.tsx';
import { type ParticipantDraft, sortedParticipants } from './editor-state.ts';
import { ParticipantRow } from './ParticipantRow.tsx';
import { PartnerSuggestion } from './PartnerSuggestion.tsx';
import { useRoleLabel } from './roles.ts';

/** The event editor's participants: add buttons, the list with show/edit/remove, and the list's error. */
export function EventParticipants({
  treeId,
  type,
  participants,
  errorText,
  onAdd,
  onShow,
  onEdit,
  onRemove,
  onAddPartner,
}: {
  treeId: string;
  type: EventType;
  participants: ParticipantDraft[];
  errorText: (field: string) => string | undefined;
  /** Opens the participant dialog for a new participant ('primary' for a main person, '' for any role). */
  onAdd: (role: 'primary' | '') => void;
  onShow: (personId: string) => void;
  onEdit: (participant: ParticipantDraft) => void;
  onRemove: (participant: ParticipantDraft) => void;
  /** Adds a partner the couple-event suggestion offers as the second main person. */
  onAddPartner: (partner: PersonSummary) => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const language = currentLanguage();
  const primarySlotsOpen = openPrimarySlots(type, participants);
  const withParticipantDates = hasParticipantDates(type);
  return (
    <Stack gap="xs" data-testid="event-participants">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <EditorLabel>{t('eventEditor.participants.title')}</EditorLabel>
        <Group gap="xs">
          {/* SPEC §5: this button shows only while the event has a free main-person place. */}
          {primarySlotsOpen > 0 ? (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconUserPlus aria-hidden size={16} />}
              onClick={() => onAdd('primary')}
              data-testid="event-add-primary"
            >
              {t('eventEditor.participants.addPrimary')}
            </Button>
          ) : null}
          <Tooltip label={t('eventEditor.participants.addHint')}>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus aria-hidden size={16} />}
              onClick={() => onAdd('')}
              data-testid="event-add-participant"
            >
              {t('eventEditor.participants.add')}
            </Button>
          </Tooltip>
        </Group>
      </Group>
      {participants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('eventEditor.participants.none')}
        </Text>
      ) : (
        <Stack gap={6}>
          {sortedParticipants(participants).map((participant) => (
            <ParticipantRow
              key={participant.personId}
              treeId={treeId}
              participant={participant}
              roleLabel={roleLabel(participant.role)}
              dates={withParticipantDates ? formatEventDate(participant.date, language) : ''}
              error={errorText(`participant:${participant.personId}`)}
              onShow={() => onShow(participant.personId)}
              onEdit={() => onEdit(participant)}
              onRemove={() => onRemove(participant)}
            />
          ))}
        </Stack>
      )}
      <PartnerSuggestion treeId={treeId} type={type} participants={participants} onAdd={onAddPartner} />
      {errorText('participants') ? (
        <Text size="sm" c="red" role="alert" data-testid="event-participants-error">
          {errorText('participants')}
        </Text>
      ) : null}
    </Stack>
  );
}
