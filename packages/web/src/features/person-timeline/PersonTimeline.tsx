import { formatAge, formatEventDate, type Person } from '@anor/core';
import { Anchor, Badge, Group, Skeleton, Text, Timeline } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../i18n/index.ts';
import { eventQueries, useEventTypeName } from '../event/index.ts';
import { personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { buildTimeline, type TimelineEntry, type TimelineWhose } from './timeline.ts';

const colours: Record<TimelineWhose, string> = {
  self: 'forest',
  parent: 'grape',
  partner: 'pink',
  child: 'blue',
  sibling: 'orange',
};

/**
 * The person page's timeline (issue 23): the person's own events with the age at each and the
 * family's births and deaths around them, on one axis in date order, each marked as whose it is.
 * It reads the same event list as the events section (one request for both).
 */
export function PersonTimeline({ treeId, person }: { treeId: string; person: Person }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const typeName = useEventTypeName();
  const query = useQuery(eventQueries.ofPerson(treeId, person.id));
  const entries = useMemo(() => (query.data ? buildTimeline(person, query.data.events) : null), [person, query.data]);
  if (!entries) return <Skeleton height={80} />;
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="person-timeline-empty">
        {t('timeline.empty')}
      </Text>
    );
  }
  const language = currentLanguage();
  const titleOf = (entry: TimelineEntry) => {
    if (entry.event) return typeName(entry.event);
    const name = entry.relative ? personName(entry.relative) : '';
    return t(`timeline.kinds.${entry.kind ?? 'birth'}`, { name });
  };
  return (
    <Timeline
      bulletSize={14}
      lineWidth={2}
      aria-label={t('timeline.label', { name: personName(person) })}
      data-testid="person-timeline"
    >
      {entries.map((entry) => {
        const date = formatEventDate(entry.date, language);
        const place = entry.event?.location?.text;
        const details = [
          date,
          place,
          entry.age ? t('timeline.age', { age: formatAge(entry.age, language) }) : null,
        ].filter(Boolean);
        return (
          <Timeline.Item
            key={entry.key}
            color={colours[entry.whose]}
            data-testid="person-timeline-entry"
            data-whose={entry.whose}
            title={
              <Group gap={6} wrap="wrap">
                {entry.relative ? (
                  <Anchor component={Link} to={personHref(treeId, entry.relative.id)} fw={600} size="sm">
                    {titleOf(entry)}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm">
                    {titleOf(entry)}
                  </Text>
                )}
                <Badge size="xs" variant="light" color={colours[entry.whose]}>
                  {entry.whose === 'self' ? t('timeline.own') : t(`timeline.relatives.${entry.whose}`)}
                </Badge>
              </Group>
            }
          >
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** The timeline section's icon on the person page. */
export function PersonTimelineIcon() {
  return <IconTimeline aria-hidden size={22} color="var(--mantine-color-forest-7)" />;
}
