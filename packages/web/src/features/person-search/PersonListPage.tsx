import { type Gender, genders } from '@anor/core';
import { ActionIcon, Box, Button, Group, Indicator, SegmentedControl, Switch, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { List } from '../../lib/list/List.tsx';
import { ListPage, narrowOnlyClass, wideOnlyClass } from '../../lib/list/ListPage.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { type NameOrder, saveNameOrder, useNameOrder } from '../../lib/name-order.ts';
import { personHref } from '../person/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import { personInitial } from './initial-letter.ts';
import classes from './PersonListPage.module.css';
import { PERSON_ROW_HEIGHT, PersonRow, RootMarker } from './PersonRow.tsx';
import type { PersonListFilters } from './queries.ts';
import { usePersonList } from './usePersonList.ts';

type GenderFilter = Gender | 'all';
type SortOrder = 'name' | 'created';

const defaultFilters = { gender: 'all', lineage: 'all', sort: 'name' };

function isGender(value: string): value is Gender {
  return genders.some((gender) => gender === value);
}

/** The filters as the API takes them; values from an edited address that mean nothing are ignored. */
function toRequest(query: string, filters: typeof defaultFilters): PersonListFilters {
  return {
    q: query.trim() || undefined,
    gender: isGender(filters.gender) ? filters.gender : undefined,
    lineage: filters.lineage === 'direct' ? 'direct' : undefined,
    sort: filters.sort === 'created' ? 'created' : 'name',
  };
}

function Legend() {
  const { t } = useTranslation();
  const entries = [
    { relation: 'root', label: t('personSearch.legend.root') },
    { relation: 'ancestor', label: t('personSearch.legend.ancestor') },
    { relation: 'descendant', label: t('personSearch.legend.descendant') },
    { relation: 'none', label: t('personSearch.legend.none') },
  ] as const;
  return (
    <Group
      component="ul"
      gap="sm"
      className={classes.legend}
      aria-label={t('personSearch.legend.label')}
      data-testid="person-legend"
    >
      {entries.map((entry) => (
        <Group component="li" key={entry.relation} gap={6} wrap="nowrap">
          <RootMarker relation={entry.relation} size={10} />
          <Text size="xs" c="dimmed">
            {entry.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The person list of a tree at /app/:treeId/persons (SPEC §2 search): search, gender filter,
 * direct lineage only, alphabetical (grouped by initial letter) or in the order added. The state is in
 * the address, so the back button returns from a person to the same search and page.
 */
export function PersonListPage() {
  const { t } = useTranslation();
  const nameOrder = useNameOrder();
  const { treeId = '' } = useParams();
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  usePageTitle(t('personSearch.title'));

  const list = useListState({ filters: defaultFilters, inUrl: true });
  const request = toRequest(list.query, list.filters);
  const data = usePersonList(treeId, request, list);
  const isAlphabetical = request.sort === 'name';
  const gender: GenderFilter = request.gender ?? 'all';
  const [areFiltersOpen, filtersPanel] = useDisclosure(false);
  const activeFilterCount = [request.gender, request.lineage, request.sort === 'created' || undefined].filter(
    (value) => value !== undefined,
  ).length;

  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const genderOptions: { value: GenderFilter; label: string }[] = [
    { value: 'all', label: t('personSearch.gender.all') },
    ...genders.map((value) => ({ value, label: t(`personSearch.gender.${value}`) })),
  ];

  // On a phone the filters fold away behind a button, leaving the room to the list.
  const filtersButton = (
    <Box className={classes.filtersButton}>
      <Indicator label={activeFilterCount} size={16} disabled={activeFilterCount === 0} offset={4}>
        <ActionIcon
          size={36}
          variant={areFiltersOpen ? 'light' : 'default'}
          onClick={filtersPanel.toggle}
          aria-label={t('personSearch.filters')}
          aria-expanded={areFiltersOpen}
          aria-controls="person-filters"
          data-testid="person-filters-toggle"
        >
          <IconAdjustmentsHorizontal aria-hidden size={20} />
        </ActionIcon>
      </Indicator>
    </Box>
  );

  const filters = (
    <Group
      id="person-filters"
      gap="md"
      align="center"
      className={classes.filters}
      data-open={areFiltersOpen || undefined}
      data-testid="person-filters"
    >
      <SegmentedControl
        value={gender}
        onChange={(value) => list.setFilter('gender', value)}
        data={genderOptions}
        aria-label={t('personSearch.gender.label')}
        size="sm"
        className={classes.gender}
        data-testid="person-filter-gender"
      />
      <SegmentedControl
        value={isAlphabetical ? 'name' : 'created'}
        onChange={(value) => list.setFilter('sort', value === 'created' ? 'created' : 'name')}
        data={[
          { value: 'name' satisfies SortOrder, label: t('personSearch.view.alphabetical') },
          { value: 'created' satisfies SortOrder, label: t('personSearch.view.created') },
        ]}
        aria-label={t('personSearch.view.label')}
        size="sm"
        data-testid="person-filter-order"
      />
      <SegmentedControl
        value={nameOrder}
        onChange={(value) => saveNameOrder(value === 'lastFirst' ? 'lastFirst' : 'firstLast')}
        data={[
          { value: 'firstLast' satisfies NameOrder, label: t('person.nameOrder.firstLast') },
          { value: 'lastFirst' satisfies NameOrder, label: t('person.nameOrder.lastFirst') },
        ]}
        aria-label={t('person.nameOrder.label')}
        size="sm"
        data-testid="person-filter-name-order"
      />
      <Switch
        checked={request.lineage === 'direct'}
        onChange={(event) => list.setFilter('lineage', event.currentTarget.checked ? 'direct' : 'all')}
        label={t('personSearch.directLineage')}
        description={t('personSearch.directLineageHint')}
        data-testid="person-filter-lineage"
      />
    </Group>
  );

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('personSearch.title')}
      subtitle={(name) => t('personSearch.subtitle', { tree: name })}
      actions={
        rootHref ? (
          <>
            <Button
              component={Link}
              to={rootHref}
              variant="default"
              leftSection={<IconUserCircle aria-hidden size={18} />}
              className={wideOnlyClass}
              data-testid="person-list-go-to-root"
            >
              {t('personSearch.goToRoot')}
            </Button>
            <Tooltip label={t('personSearch.goToRoot')}>
              <ActionIcon
                component={Link}
                to={rootHref}
                variant="default"
                size={36}
                aria-label={t('personSearch.goToRoot')}
                className={narrowOnlyClass}
              >
                <IconUserCircle aria-hidden size={20} />
              </ActionIcon>
            </Tooltip>
          </>
        ) : null
      }
      testId="person-list-page"
    >
      <List
        {...list.listProps}
        {...data}
        label={t('personSearch.listLabel')}
        searchLabel={t('personSearch.searchLabel')}
        searchPlaceholder={t('personSearch.searchPlaceholder')}
        toolbar={filters}
        searchActions={filtersButton}
        aside={<Legend />}
        getKey={(person) => person.id}
        groupOf={isAlphabetical ? personInitial : undefined}
        rowHeight={PERSON_ROW_HEIGHT}
        renderItem={(person) => <PersonRow person={person} to={personHref(treeId, person.id)} />}
        testId="person-list"
      />
    </ListPage>
  );
}
