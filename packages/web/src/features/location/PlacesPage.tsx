import { may, type TypedPlaceAnswer } from '@anor/core';
import { Box, Button, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { errorKey } from '../../i18n/messages.ts';
import { List } from '../../lib/list/List.tsx';
import { ListPage, wideOnlyClass } from '../../lib/list/ListPage.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { personHref } from '../person/paths.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { treeQueries } from '../trees/queries.ts';
import { LocationDialogProvider, useLocationDialog } from './LocationDialogProvider.tsx';
import { emptyChoice, type LocationChoice, LocationPicker } from './LocationPicker.tsx';
import { locationLimitCodeOf } from './limit-error.ts';
import { useMatchLocation } from './mutations.ts';
import { PLACE_ROW_HEIGHT, PlaceRow } from './PlaceRow.tsx';
import classes from './PlacesPage.module.css';
import { PlacesTree } from './PlacesTree.tsx';
import { locationHref } from './paths.ts';
import { type LocationListFilters, locationKeys } from './queries.ts';
import { usePlaceList } from './usePlaceList.ts';

const defaultFilters = { level: 'all', view: 'list' };

/**
 * The places of a tree at /app/:treeId/places (SPEC §2 Lists): find or add a typed place, and
 * the list of places (search, pages or a scrolling list; all places or only the top level).
 */
export function PlacesPage() {
  const { treeId = '' } = useParams();
  return (
    <LocationDialogProvider treeId={treeId}>
      <PlacesView treeId={treeId} />
    </LocationDialogProvider>
  );
}

function PlacesView({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const { openNewLocationDialog } = useLocationDialog();
  usePageTitle(t('places.title'));

  const list = useListState({ filters: defaultFilters, inUrl: true });
  const filters: LocationListFilters = {
    q: list.query.trim() || undefined,
    parentId: list.filters.level === 'top' ? 'root' : undefined,
  };
  const data = usePlaceList(treeId, filters, list);

  // The places as a list (each with its path) or as the tree they form (issue 19, item 9).
  const isTree = list.filters.view === 'tree';
  const viewToggle = (
    <SegmentedControl
      value={isTree ? 'tree' : 'list'}
      onChange={(value) => list.setFilter('view', value)}
      data={[
        { value: 'list', label: t('places.list.viewList') },
        { value: 'tree', label: t('places.list.viewTree') },
      ]}
      aria-label={t('places.list.view')}
      size="sm"
      style={{ alignSelf: 'flex-start' }}
      data-testid="places-view"
    />
  );

  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const canEdit = may(tree.data?.role, 'edit');

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('places.title')}
      subtitle={(name) => t('places.subtitle', { tree: name })}
      actions={
        canEdit ? (
          <Button
            variant="default"
            leftSection={<IconPlus aria-hidden size={18} />}
            onClick={() => openNewLocationDialog()}
            data-testid="places-new"
          >
            {t('places.newPlace')}
          </Button>
        ) : null
      }
      beforeList={canEdit ? <FindOrAddPlace treeId={treeId} /> : null}
      minHeight="40rem"
      testId="places-page"
    >
      {isTree ? (
        <Stack gap="sm" data-testid="places-tree-view">
          <Group gap="sm">{viewToggle}</Group>
          <PlacesTree treeId={treeId} />
        </Stack>
      ) : (
        <List
          {...list.listProps}
          {...data}
          label={t('places.list.label')}
          searchLabel={t('places.list.searchLabel')}
          searchPlaceholder={t('places.list.searchPlaceholder')}
          toolbar={
            <Group gap="sm" wrap="wrap">
              {viewToggle}
              <SegmentedControl
                value={list.filters.level === 'top' ? 'top' : 'all'}
                onChange={(value) => list.setFilter('level', value)}
                data={[
                  { value: 'all', label: t('places.list.all') },
                  { value: 'top', label: t('places.list.topLevel') },
                ]}
                aria-label={t('places.list.level')}
                size="sm"
                style={{ alignSelf: 'flex-start' }}
                data-testid="places-level"
              />
            </Group>
          }
          getKey={(place) => place.id}
          rowHeight={PLACE_ROW_HEIGHT}
          renderItem={(place) => <PlaceRow place={place} to={locationHref(treeId, place.id)} />}
          emptyText={list.query.trim() ? undefined : t('places.list.empty')}
          testId="places-list"
        />
      )}
    </ListPage>
  );
}

/**
 * "Find or add a place": a suggestion opens that place; typed text is found or created level by
 * level (POST location/match), with a note of how many places were created.
 */
function FindOrAddPlace({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const { openLocationDialog } = useLocationDialog();
  const match = useMatchLocation(treeId);
  const queryClient = useQueryClient();
  const [value, setValue] = useState<LocationChoice>(emptyChoice);
  const [limitCode, setLimitCode] = useState<ReturnType<typeof locationLimitCodeOf>>(null);
  const [error, setError] = useState<string | undefined>(undefined);

  const confirm = (choice: LocationChoice) => {
    setError(undefined);
    if (choice.kind === 'place') {
      setValue(emptyChoice);
      openLocationDialog(choice.id);
      return;
    }
    const text = choice.text.trim();
    if (text === '') return;
    // The picker showed that several places fit and the text does not tell which: not sent.
    const preview = queryClient.getQueryData<TypedPlaceAnswer>(locationKeys.typed(treeId, text));
    if (preview && preview.chosenId === null && preview.existing.length + preview.within.length > 0) {
      setError(t('location.error.ambiguous'));
      return;
    }
    match.mutate(text, {
      onSuccess: ({ location, amountCreated }) => {
        setValue(emptyChoice);
        notifications.show({
          color: 'forest',
          message:
            amountCreated > 0
              ? t('places.findOrAdd.created', { count: amountCreated, name: location.name })
              : t('places.findOrAdd.exists', { name: location.name }),
        });
        openLocationDialog(location.id);
      },
      onError: (failure) => {
        const code = locationLimitCodeOf(failure);
        if (code) setLimitCode(code);
        else setError(t(errorKey(failure)));
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="places-find-or-add">
      <Group gap="sm" className={classes.findRow} wrap="nowrap">
        <Box className={classes.findPicker}>
          <LocationPicker
            treeId={treeId}
            value={value}
            onChange={(next) => {
              setError(undefined);
              setValue(next);
            }}
            onConfirm={confirm}
            label={t('places.findOrAdd.label')}
            description={t('places.findOrAdd.description')}
            placeholder={t('places.findOrAdd.placeholder')}
            error={error}
            testId="places-find-input"
          />
        </Box>
        <Button
          onClick={() => confirm(value)}
          loading={match.isPending}
          disabled={value.text.trim() === ''}
          leftSection={<IconSearch aria-hidden size={18} />}
          style={{ flex: '0 0 auto', alignSelf: error ? 'center' : 'flex-end' }}
          aria-label={t('places.findOrAdd.submit')}
          data-testid="places-find-submit"
        >
          <Box component="span" className={wideOnlyClass}>
            {t('places.findOrAdd.submit')}
          </Box>
        </Button>
      </Group>
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} treeId={treeId} />
    </Paper>
  );
}
