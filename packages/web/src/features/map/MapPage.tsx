import { Anchor, Box, Breadcrumbs, Container, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { locationHref, placesHref } from '../location/paths.ts';
import { personHref } from '../person/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import { MapFallback, PlaceMap, type PlaceMarker } from './index.ts';
import { mapQueries } from './queries.ts';

const MAP_HEIGHT = 'max(360px, min(70dvh, 720px))';

/**
 * The map of a tree at /app/:treeId/map (SPEC §1 "a map of locations"): every place that has
 * coordinates, clustered where they crowd; a marker opens its place.
 */
export function MapPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { treeId = '' } = useParams();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const places = useQuery({ ...mapQueries.tree(treeId), enabled: treeId !== '' });
  usePageTitle(t('map.title'));

  const markers = useMemo<PlaceMarker[]>(
    () =>
      (places.data?.markers ?? []).map((place) => ({
        id: place.id,
        name: place.name,
        type: place.type,
        coordinates: place.coordinates,
      })),
    [places.data],
  );
  const openPlace = useCallback((id: string) => navigate(locationHref(treeId, id)), [navigate, treeId]);

  const failed = tree.isError ? tree : places.isError ? places : null;
  if (failed) {
    return (
      <Container size="lg" py="xl">
        <ErrorView
          error={failed.error}
          onRetry={() => void failed.refetch()}
          backTo={{ href: '/trees', label: t('person.backToTrees') }}
        />
      </Container>
    );
  }

  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const count = markers.length;

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="map-page">
      <Breadcrumbs mb="xs" separator="›">
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
        <Text size="sm" c="dimmed" aria-current="page">
          {t('map.title')}
        </Text>
      </Breadcrumbs>
      <Box mb="md">
        <Title order={1}>{t('map.title')}</Title>
        <Skeleton visible={tree.isPending} maw={480}>
          <Text c="dimmed" truncate="end">
            {tree.data ? t('map.subtitle', { tree: tree.data.name }) : '\u00a0'}
          </Text>
        </Skeleton>
      </Box>

      {places.isPending ? (
        <MapFallback height={MAP_HEIGHT} />
      ) : count === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="map-empty">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconMapPinOff aria-hidden size={26} />
            </ThemeIcon>
            <Text c="dimmed" maw={480}>
              {t('map.empty')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            <span data-testid="map-count">{t('map.count', { count })}</span>
            <Text span c="dimmed" size="sm">
              {' · '}
              {t('map.openPlace')}
              {' · '}
            </Text>
            {/* The same places without the map: for screen readers, and a shorter way for the keyboard. */}
            <Anchor component={Link} to={placesHref(treeId)} size="sm" data-testid="map-as-list">
              {t('map.asList')}
            </Anchor>
          </Text>
          <Suspense fallback={<MapFallback height={MAP_HEIGHT} />}>
            <PlaceMap markers={markers} cluster onMarkerClick={openPlace} height={MAP_HEIGHT} data-testid="tree-map" />
          </Suspense>
        </Stack>
      )}
    </Container>
  );
}
