import { type Event, formatDateTextGregorian, formatEventDate, hasParticipantDates } from '@anor/core';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { locationHref } from '../location/paths.ts';
import { NoteList } from '../note/index.ts';
import { PersonChip } from '../person/PersonChip.tsx';
import { personHref } from '../person/paths.ts';
import { SourcePanel } from '../source/SourcePanel.tsx';
import { causeLabelOf, sortedParticipants } from './editor-state.ts';
import { useRoleLabel } from './roles.ts';
import { Timestamps } from './Timestamps.tsx';
import { useEventTypeName } from './type-names.tsx';

interface EventViewProps {
  treeId: string;
  event: Event;
  /** Opens a participant; without it a participant links to the person page. */
  onShowPerson?: (personId: string) => void;
  /** Opens the place (the location dialog); without it the place links to the location page. */
  onShowPlace?: (locationId: string) => void;
  /** Buttons beside the title (edit). */
  actions?: ReactNode;
  /** The title's heading level: 1 on the event page, 2 in the modal. */
  titleOrder?: 1 | 2;
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={4} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      {children}
    </div>
  );
}

/**
 * An event as text (SPEC §2, §6: the editor without edit rights, and the event page): type, date,
 * cause, place, every participant with role, own period and description, description, timestamps.
 */
export function EventView({ treeId, event, onShowPerson, onShowPlace, actions, titleOrder = 2 }: EventViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const typeName = useEventTypeName();
  const roleLabel = useRoleLabel();
  const language = currentLanguage();
  const date = formatEventDate(event, language);
  // A Julian, Hebrew or French republican date kept as the file wrote it: its Gregorian days too.
  const gregorian = event.startDate === null ? formatDateTextGregorian(event.dateText, language) : null;
  const withParticipantDates = hasParticipantDates(event.type);
  const place = event.location;

  return (
    <Stack gap="md" data-testid="event-view" data-event-id={event.id} data-type={event.type} data-mode="view">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Title
            order={titleOrder}
            fz={titleOrder === 1 ? 'h2' : 'h3'}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="event-title"
          >
            {typeName(event)}
          </Title>
          <Text c={date || event.dateText ? undefined : 'dimmed'} data-testid="event-date-text">
            {date || (event.dateText ? '' : t('eventEditor.noDate'))}
          </Text>
          {event.dateText ? (
            <Text size="sm" c="dimmed" data-testid="event-gedcom-date">
              {t('eventEditor.gedcomDate', { date: event.dateText })}
            </Text>
          ) : null}
          {gregorian ? (
            <Text size="sm" c="dimmed" data-testid="event-gregorian-date">
              {t('eventEditor.gregorianDate', { date: gregorian })}
            </Text>
          ) : null}
        </Stack>
        {actions}
      </Group>

      <Field label={t(`eventEditor.cause.${causeLabelOf(event.type)}`)} testId="event-cause-view">
        <Text size="sm" c={event.causeOfEvent ? undefined : 'dimmed'}>
          {event.causeOfEvent ?? t('eventEditor.noCause')}
        </Text>
      </Field>

      <Field label={t('eventEditor.place')} testId="event-place">
        {place ? (
          <Group gap={6} wrap="nowrap">
            <IconMapPin aria-hidden size={16} />
            {onShowPlace ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => onShowPlace(place.id)}
                title={t('eventEditor.showPlace')}
                style={{ textAlign: 'start', overflowWrap: 'anywhere' }}
                data-testid="event-place-link"
              >
                {place.text}
              </Anchor>
            ) : (
              <Anchor
                component={Link}
                to={locationHref(treeId, place.id)}
                size="sm"
                title={t('eventEditor.showPlace')}
                style={{ overflowWrap: 'anywhere' }}
                data-testid="event-place-link"
              >
                {place.text}
              </Anchor>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('eventEditor.noPlace')}
          </Text>
        )}
      </Field>

      <Field label={t('eventEditor.participants.title')} testId="event-participants">
        {event.participants.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('eventEditor.participants.none')}
          </Text>
        ) : (
          <Stack gap={6}>
            {sortedParticipants(event.participants).map((participant) => {
              const ownDates = withParticipantDates ? formatEventDate(participant, language) : '';
              return (
                <Stack
                  key={participant.personId}
                  gap={2}
                  data-testid="event-participant"
                  data-person-id={participant.personId}
                  data-role={participant.role}
                >
                  <Group gap="xs" wrap="wrap">
                    <PersonChip
                      person={{ ...participant, id: participant.personId }}
                      to={onShowPerson ? undefined : personHref(treeId, participant.personId)}
                      onClick={onShowPerson ? () => onShowPerson(participant.personId) : undefined}
                      testId="event-participant-person"
                    />
                    <Badge
                      variant={participant.role === 'primary' ? 'filled' : 'light'}
                      size="sm"
                      tt="none"
                      data-testid="event-participant-role"
                    >
                      {roleLabel(participant.role)}
                    </Badge>
                  </Group>
                  {ownDates ? (
                    <Text size="xs" c="dimmed">
                      {t('eventEditor.participants.ownDates', { date: ownDates })}
                    </Text>
                  ) : null}
                  {participant.description ? (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {participant.description}
                    </Text>
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Field>

      <Field
        label={t(event.type === 'fact' ? 'eventEditor.factValue' : 'eventEditor.description')}
        testId="event-description-view"
      >
        <Text
          size="sm"
          c={event.description ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {event.description ?? t('eventEditor.noDescription')}
        </Text>
      </Field>

      <SourcePanel
        treeId={treeId}
        sources={event.sources}
        onChange={() => undefined}
        canEdit={false}
        nodeId={event.id}
        nodeName=""
        testId="event-sources"
      />
      <NoteList treeId={treeId} nodeId={event.id} canEdit={false} data-testid="event-notes" />

      <Timestamps createdAt={event.createdAt} updatedAt={event.updatedAt} format={format.date} />
    </Stack>
  );
}
