import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { eventQueries } from '../event/index.ts';
import { groupPersonEvents } from './event-order.ts';
import { PersonEventRow } from './PersonEventRow.tsx';
import classes from './PersonEvents.module.css';

interface PersonEventListProps {
  treeId: string;
  personId: string;
  /** Opens an event (the event modal); without it the rows only show the events. */
  onOpen?: (eventId: string) => void;
  /** The list is `{testId}-list`, the empty text `{testId}-empty`. */
  testId: string;
}

/**
 * A person's events in the order of `event-order.ts`, residences left out (they have their own
 * modal): on the person page and in the person dialog. A person in a row opens their page.
 */
export function PersonEventList({ treeId, personId, onOpen, testId }: PersonEventListProps) {
  const { t } = useTranslation();
  const query = useQuery(eventQueries.ofPerson(treeId, personId));

  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  }
  const { events } = groupPersonEvents(query.data.events, personId);
  if (events.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
        {t('personEvents.list.empty')}
      </Text>
    );
  }
  return (
    <ul className={classes.list} aria-label={t('personEvents.list.label')} data-testid={`${testId}-list`}>
      {events.map((event) => (
        <PersonEventRow key={event.id} treeId={treeId} event={event} personId={personId} onOpen={onOpen} />
      ))}
    </ul>
  );
}
