import type { Location } from '@anor/core';
import {
  Anchor,
  Box,
  Breadcrumbs,
  Container,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Text,
  Title,
} from '@mantine/core';
import { IconBinaryTree2, IconList, IconMap2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { List } from '../../lib/list/List.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { ObjectHistory } from '../history/ObjectHistory.tsx';
import { MediaSection } from '../media/index.ts';
import { MergeModal } from '../merge/MergeModal.tsx';
import { personHref } from '../person/paths.ts';
import { personQueries } from '../person/queries.ts';
import { treeQueries } from '../trees/queries.ts';
import { LocationDetails } from './LocationDetails.tsx';
import { LocationDialogProvider, useLocationDialog } from './LocationDialogProvider.tsx';
import { LocationTree } from './LocationTree.tsx';
import { PLACE_ROW_HEIGHT, PlaceRow } from './PlaceRow.tsx';
import { locationHref, placesHref } from './paths.ts';
import { locationQueries } from './queries.ts';
import { SubordinateMap } from './SubordinateMapModal.tsx';
import { usePlaceList } from './usePlaceList.ts';

type SubordinateView = 'map' | 'list';

/**
 * The location page at /app/:treeId/location/:locationId (SPEC §2): the location dialog inline,
 * the location tree, and the places below it on a map or as a list.
 */
export function LocationPage() {
  const { treeId = '', locationId = '' } = useParams();
  return (
    <LocationDialogProvider treeId={treeId}>
      {/* Each place starts with its own state (view mode, closed modals). */}
      <LocationView key={locationId} treeId={treeId} locationId={locationId} />
    </LocationDialogProvider>
  );
}

function Section({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid={testId}>
      <Group gap="xs" wrap="nowrap" mb="md">
        {icon}
        <Title order={2} fz="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

function LocationView({ treeId, locationId }: { treeId: string; locationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const query = useQuery({ ...locationQueries.detail(treeId, locationId), enabled: locationId !== '' });
  usePageTitle(query.data?.name ?? t('places.title'));
  const show = (id: string) => void navigate(locationHref(treeId, id));
  const { openNewLocationDialog } = useLocationDialog();
  const [isMerging, setMerging] = useState(false);
  // The history is the owner's only (visitors never ask for it).
  const canEdit = useQuery(personQueries.mainNodes(treeId)).data?.canEdit ?? false;

  if (query.isError) {
    return (
      <Container size="lg" py="xl">
        <ErrorView
          error={query.error}
          onRetry={() => void query.refetch()}
          backTo={{ href: placesHref(treeId), label: t('places.page.allPlaces') }}
        />
      </Container>
    );
  }

  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="location-page" data-location-id={locationId}>
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
        <Anchor component={Link} to={placesHref(treeId)} size="sm" data-testid="location-page-places">
          {t('places.title')}
        </Anchor>
      </Breadcrumbs>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="location-page-details">
            <LocationDetails
              treeId={treeId}
              locationId={locationId}
              variant="inline"
              onShow={show}
              onNewAbove={openNewLocationDialog}
              onMerge={() => setMerging(true)}
              onDeleted={(_deletedIds, location) =>
                void navigate(location.parentId ? locationHref(treeId, location.parentId) : placesHref(treeId), {
                  replace: true,
                })
              }
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section
            title={t('places.tree.title')}
            icon={<IconBinaryTree2 aria-hidden size={22} color="var(--mantine-color-forest-7)" />}
            testId="location-page-tree"
          >
            <LocationTree
              treeId={treeId}
              anchorId={locationId}
              currentId={locationId}
              onShow={(node) => show(node.id)}
              maxHeight="min(60vh, 560px)"
              testId="location-page-tree-view"
            />
          </Section>
          {query.data ? (
            <Box mt="lg">
              <MediaSection treeId={treeId} node={{ id: locationId, kind: 'location' }} canEdit={canEdit} />
            </Box>
          ) : null}
        </Grid.Col>
        <Grid.Col span={12}>
          {query.data ? <SubordinatePlaces treeId={treeId} location={query.data} onShow={show} /> : null}
        </Grid.Col>
        {canEdit && query.data ? (
          <Grid.Col span={12}>
            <ObjectHistory treeId={treeId} path="location" id={locationId} />
          </Grid.Col>
        ) : null}
      </Grid>
      <MergeModal
        treeId={treeId}
        kind="place"
        id={locationId}
        opened={isMerging}
        onClose={() => setMerging(false)}
        onMerged={(answer) => {
          // Merged into the other place: its page is the one that is left.
          if (answer.id !== locationId) void navigate(locationHref(treeId, answer.id), { replace: true });
        }}
      />
    </Container>
  );
}

/** The places below a place: on a map (all levels, those with coordinates) or as a list (its children). */
function SubordinatePlaces({
  treeId,
  location,
  onShow,
}: {
  treeId: string;
  location: Location;
  onShow: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback: SubordinateView = location.descendantsHaveCoordinates ? 'map' : 'list';
  const param = searchParams.get('view');
  const view: SubordinateView = param === 'map' || param === 'list' ? param : fallback;
  const setView = (next: string) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === fallback) params.delete('view');
        else params.set('view', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      data-testid="location-page-subordinate"
    >
      <Group justify="space-between" gap="sm" mb="md">
        <Title order={2} fz="h4">
          {t('places.page.subordinate', { name: location.name })}
        </Title>
        <SegmentedControl
          value={view}
          onChange={setView}
          data={[
            {
              value: 'map',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconMap2 aria-hidden size={16} />
                  <span>{t('places.page.map')}</span>
                </Group>
              ),
            },
            {
              value: 'list',
              label: (
                <Group gap={6} wrap="nowrap">
                  <IconList aria-hidden size={16} />
                  <span>{t('places.page.list')}</span>
                </Group>
              ),
            },
          ]}
          aria-label={t('places.page.viewLabel')}
          data-testid="location-page-view"
        />
      </Group>
      {view === 'map' ? (
        location.descendantsHaveCoordinates || location.coordinates ? (
          <SubordinateMap treeId={treeId} locationId={location.id} onShow={onShow} height={420} />
        ) : (
          <Text c="dimmed" size="sm" data-testid="location-page-no-map">
            {t('places.page.noCoordinates', { name: location.name })}
          </Text>
        )
      ) : (
        <ChildrenList treeId={treeId} location={location} />
      )}
    </Paper>
  );
}

function ChildrenList({ treeId, location }: { treeId: string; location: Location }) {
  const { t } = useTranslation();
  const list = useListState({ filters: {} });
  const data = usePlaceList(treeId, { q: list.query.trim() || undefined, parentId: location.id }, list);
  return (
    <List
      {...list.listProps}
      {...data}
      label={t('places.page.childrenLabel', { name: location.name })}
      searchLabel={t('places.list.searchLabel')}
      searchPlaceholder={t('places.list.searchPlaceholder')}
      getKey={(place) => place.id}
      rowHeight={PLACE_ROW_HEIGHT}
      renderItem={(place) => <PlaceRow place={place} to={locationHref(treeId, place.id)} />}
      emptyText={list.query.trim() ? undefined : t('places.page.noChildren', { name: location.name })}
      height={460}
      testId="location-children"
    />
  );
}
