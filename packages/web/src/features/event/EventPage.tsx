import type { Event } from '@anor/core';
import { Anchor, Box, Breadcrumbs, Button, Container, Paper, Skeleton, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ObjectHistory } from '../history/ObjectHistory.tsx';
import { LocationDialogProvider, useLocationDialog } from '../location/LocationDialogProvider.tsx';
import { MediaSection } from '../media/index.ts';
import { personHref } from '../person/paths.ts';
import { personQueries } from '../person/queries.ts';
import { treeQueries } from '../trees/queries.ts';
import { EventModalProvider, useEventModal } from './EventModalProvider.tsx';
import { EventView } from './EventView.tsx';
import { eventHref } from './paths.ts';
import { eventQueries } from './queries.ts';
import { useEventTypeName } from './type-names.tsx';

/**
 * The event page at /app/:treeId/event/:eventId (SPEC §2): one event with all its participants
 * (each leads to the person page), its place (opens the location dialog), description and
 * timestamps; editors open the event modal from it. A copy saved from the modal opens its own
 * page; a deleted event leaves for its main person's page (or the tree's root person).
 */
export function EventPage() {
  const { treeId = '', eventId = '' } = useParams();
  const navigate = useNavigate();
  const mainNodes = useQuery({ ...personQueries.mainNodes(treeId), enabled: treeId !== '' });
  const query = useQuery({ ...eventQueries.detail(treeId, eventId), enabled: eventId !== '' });
  const canEdit = mainNodes.data?.canEdit ?? false;

  const leaveDeleted = () => {
    const primary = query.data?.participants.find((participant) => participant.role === 'primary');
    const personId = primary?.personId ?? query.data?.participants[0]?.personId ?? mainNodes.data?.rootId ?? null;
    void navigate(personId ? personHref(treeId, personId) : '/trees', { replace: true });
  };
  const afterSave = (event: Event, isNew: boolean) => {
    if (isNew) void navigate(eventHref(treeId, event.id));
  };

  return (
    <LocationDialogProvider treeId={treeId}>
      <EventModalProvider treeId={treeId} canEdit={canEdit} onSaved={afterSave} onDeleted={leaveDeleted}>
        <EventPageContent treeId={treeId} eventId={eventId} canEdit={canEdit} />
      </EventModalProvider>
    </LocationDialogProvider>
  );
}

function EventPageContent({ treeId, eventId, canEdit }: { treeId: string; eventId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const typeName = useEventTypeName();
  const { openExisting } = useEventModal();
  const { openLocationDialog } = useLocationDialog();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const query = useQuery({ ...eventQueries.detail(treeId, eventId), enabled: eventId !== '' });
  usePageTitle(query.data ? typeName(query.data) : undefined);
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;

  if (query.isError) {
    return (
      <Container size="md" py="xl">
        <ErrorView
          error={query.error}
          onRetry={() => void query.refetch()}
          backTo={rootHref ? { href: rootHref, label: tree.data?.name ?? t('nav.familyTree') } : undefined}
        />
      </Container>
    );
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} data-testid="event-page" data-event-id={eventId}>
      <Breadcrumbs mb="md" separator="›" style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to="/trees" size="sm">
          {t('nav.familyTree')}
        </Anchor>
        {tree.data && rootHref ? (
          <Anchor component={Link} to={rootHref} size="sm">
            {tree.data.name}
          </Anchor>
        ) : (
          <Skeleton height={14} width={120} />
        )}
      </Breadcrumbs>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        {query.data ? (
          <EventView
            treeId={treeId}
            event={query.data}
            titleOrder={1}
            onShowPlace={openLocationDialog}
            actions={
              canEdit ? (
                <Button
                  variant="default"
                  leftSection={<IconPencil aria-hidden size={18} />}
                  onClick={() => openExisting(eventId)}
                  data-testid="event-page-edit"
                >
                  {t('eventEditor.page.edit')}
                </Button>
              ) : null
            }
          />
        ) : (
          <Stack gap="sm" aria-busy="true" aria-label={t('eventEditor.loading')}>
            <Skeleton height={32} width="50%" />
            <Skeleton height={18} width="30%" />
            <Skeleton height={120} />
          </Stack>
        )}
      </Paper>
      {query.data && !query.data.private ? (
        <Box mt="md">
          <MediaSection treeId={treeId} node={{ id: eventId, kind: 'event' }} canEdit={canEdit} />
        </Box>
      ) : null}
      {canEdit && query.data ? (
        <Box mt="md">
          <ObjectHistory treeId={treeId} path="event" id={eventId} />
        </Box>
      ) : null}
    </Container>
  );
}
