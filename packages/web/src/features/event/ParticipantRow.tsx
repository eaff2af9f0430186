import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParticipantDraft } from './editor-state.ts';
import { ParticipantName } from './ParticipantName.tsx';

/** A participant in the editor: the name (to the person page), the role, own dates and description, and actions. */
export function ParticipantRow({
  treeId,
  participant,
  roleLabel,
  dates,
  error,
  onShow,
  onEdit,
  onRemove,
}: {
  treeId: string;
  participant: ParticipantDraft;
  roleLabel: string;
  dates: string;
  error?: string;
  onShow: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="sm"
      px="sm"
      py={6}
      data-testid="event-participant"
      data-person-id={participant.personId}
      data-role={participant.role}
      data-new={participant.newPerson ? true : undefined}
      style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} miw={0}>
          <Group gap="xs" wrap="wrap" miw={0}>
            {participant.newPerson ? (
              <>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="event-participant-name">
                  {[participant.newPerson.fName, participant.newPerson.lName].join(' ').trim()}
                </Text>
                <Tooltip label={t('eventEditor.participants.newHint')}>
                  <Badge color="teal" variant="light" size="sm" tt="none" data-testid="event-participant-new">
                    {t('eventEditor.participants.newBadge')}
                  </Badge>
                </Tooltip>
              </>
            ) : (
              <Anchor
                component="button"
                type="button"
                fw={600}
                size="sm"
                onClick={onShow}
                style={{ textAlign: 'start', display: 'inline-flex', minWidth: 0, maxWidth: '100%' }}
                data-testid="event-participant-name"
              >
                <ParticipantName
                  treeId={treeId}
                  personId={participant.personId}
                  person={participant.person}
                  withPlace
                  testId="event-participant-label"
                />
              </Anchor>
            )}
            <Badge
              variant={participant.role === 'primary' ? 'filled' : 'light'}
              size="sm"
              tt="none"
              data-testid="event-participant-role"
            >
              {roleLabel}
            </Badge>
          </Group>
          {dates ? (
            <Text size="xs" c="dimmed">
              {t('eventEditor.participants.ownDates', { date: dates })}
            </Text>
          ) : null}
          {participant.description.trim() ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {participant.description}
            </Text>
          ) : null}
          {error ? (
            <Text size="xs" c="red" role="alert" data-testid="event-participant-error">
              {error}
            </Text>
          ) : null}
        </Stack>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('eventEditor.participants.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('eventEditor.participants.edit')}
              onClick={onEdit}
              data-testid="event-participant-edit"
            >
              <IconPencil aria-hidden size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('eventEditor.participants.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('eventEditor.participants.remove')}
              onClick={onRemove}
              data-testid="event-participant-remove"
            >
              <IconX aria-hidden size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
