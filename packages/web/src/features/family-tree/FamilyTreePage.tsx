import {
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { IconHierarchy, IconHome, IconTable, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ChartExportMenu } from '../charts/ChartExportMenu.tsx';
import { ChartViewPanels, ChartViewTabs } from '../charts/ChartViewTabs.tsx';
import { LocationDialogProvider } from '../location/LocationDialogProvider.tsx';
import { PersonDialogProvider, usePersonDialog } from '../person/PersonDialogProvider.tsx';
import { familyTreeHref, personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { AddRelativeDialog } from './AddRelativeDialog.tsx';
import { ChartTab } from './ChartTab.tsx';
import { FamilyTable } from './FamilyTable.tsx';
import classes from './FamilyTreePage.module.css';
import { FamilyView } from './FamilyView.tsx';
import type { PersonLinks } from './person-links.ts';
import { ancestorGenerations, descendantDepths, familyTreeQueries } from './queries.ts';

const views = ['ancestors', 'descendants', 'fan', 'hourglass', 'family', 'table'] as const;
type View = (typeof views)[number];

function isView(value: string | null): value is View {
  return views.some((view) => view === value);
}

/** A whole number from the URL within limits, else the default. */
function readSize(value: string | null, limits: { min: number; max: number; default: number }): number {
  const number = Number(value);
  if (!Number.isInteger(number) || value === null) return limits.default;
  return Math.min(limits.max, Math.max(limits.min, number));
}

/**
 * The family tree view at /app/:treeId/tree/:personId (SPEC §2): ancestors, descendants, family
 * and family table of one person. The tab and the generations live in the URL (`?view=…&
 * generations=…&depth=…`), so "show in chart" keeps them and the back button returns to the
 * previous person.
 */
export function FamilyTreePage() {
  const { treeId = '', personId = '' } = useParams();
  return (
    <PersonDialogProvider treeId={treeId}>
      <LocationDialogProvider treeId={treeId}>
        <FamilyTreeView treeId={treeId} personId={personId} />
      </LocationDialogProvider>
    </PersonDialogProvider>
  );
}

function FamilyTreeView({ treeId, personId }: { treeId: string; personId: string }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { openPersonDialog } = usePersonDialog();
  const mainNodes = useQuery(familyTreeQueries.mainNodes(treeId));
  const family = useQuery({ ...familyTreeQueries.family(treeId, personId), placeholderData: keepPreviousData });

  const viewParam = searchParams.get('view');
  const view: View = isView(viewParam) ? viewParam : 'ancestors';
  const generations = readSize(searchParams.get('generations'), ancestorGenerations);
  const depth = readSize(searchParams.get('depth'), descendantDepths);
  const search = searchParams.toString();

  const chartHref = useCallback(
    (id: string) => `${familyTreeHref(treeId, id)}${search ? `?${search}` : ''}`,
    [treeId, search],
  );
  const links = useMemo<PersonLinks>(
    () => ({ personHref: (id) => personHref(treeId, id), chartHref, onOpen: openPersonDialog }),
    [treeId, chartHref, openPersonDialog],
  );
  const showInChart = useCallback((id: string) => void navigate(chartHref(id)), [navigate, chartHref]);
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const canEdit = mainNodes.data?.canEdit === true;
  const setParam = (name: string, value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  // Both header buttons fit beside each other on a phone when compact.
  const buttonSize = useMatches({ base: 'compact-sm', sm: 'sm' });
  const current = family.data?.person.id === personId ? family.data : undefined;
  const name = current ? personName(current.person) : undefined;
  usePageTitle(name ? t('familyTree.pageTitle', { name }) : t('familyTree.title'));

  const failure = mainNodes.error ?? (family.isError ? family.error : null);
  if (failure) {
    return (
      <Container size="lg" py="xl">
        <ErrorView
          error={failure}
          onRetry={() => {
            void mainNodes.refetch();
            void family.refetch();
          }}
          backTo={{ href: '/trees', label: t('familyTree.backToTrees') }}
        />
      </Container>
    );
  }

  const rootId = mainNodes.data?.rootId ?? null;
  return (
    <Container fluid maw={1600} px={{ base: 'md', sm: 'xl' }} py="lg" data-testid="family-tree-page">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/trees" size="sm">
          {t('nav.familyTree')}
        </Anchor>
        <Text size="sm" c="dimmed" data-testid="family-tree-tree-name">
          {mainNodes.data?.name ?? '…'}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm" mt="xs" mb="md">
        <Box miw={0}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            {t('familyTree.title')}
          </Text>
          {name ? (
            <Title order={1} style={{ overflowWrap: 'anywhere' }} data-testid="family-tree-name">
              {name}
            </Title>
          ) : (
            <Skeleton height={36} width={260} mt={4} />
          )}
        </Box>
        <Group gap="xs" wrap="nowrap">
          <ChartExportMenu view={view} name={name ?? ''} />
          <Button
            component={Link}
            to={personHref(treeId, personId)}
            variant="default"
            size={buttonSize}
            leftSection={<IconUser aria-hidden size={18} />}
            data-testid="family-tree-person-page"
          >
            {t('familyTree.personPage')}
          </Button>
          {rootId && rootId !== personId ? (
            <Button
              component={Link}
              to={chartHref(rootId)}
              variant="light"
              size={buttonSize}
              leftSection={<IconHome aria-hidden size={18} />}
              data-testid="family-tree-go-to-root"
            >
              {t('familyTree.goToRoot')}
            </Button>
          ) : (
            <Button
              variant="light"
              size={buttonSize}
              disabled
              leftSection={<IconHome aria-hidden size={18} />}
              data-testid="family-tree-go-to-root"
            >
              {t('familyTree.goToRoot')}
            </Button>
          )}
        </Group>
      </Group>

      <Tabs
        value={view}
        onChange={(value) => value && setParam('view', value)}
        keepMounted={false}
        classNames={{ list: classes.tabsList, tab: classes.tab, tabSection: classes.tabSection }}
      >
        <Tabs.List aria-label={t('familyTree.tabs.label')} mb="md">
          <Tabs.Tab
            value="ancestors"
            leftSection={<IconHierarchy aria-hidden size={18} style={{ transform: 'rotate(180deg)' }} />}
            data-testid="tab-ancestors"
          >
            {t('familyTree.tabs.ancestors')}
          </Tabs.Tab>
          <Tabs.Tab
            value="descendants"
            leftSection={<IconHierarchy aria-hidden size={18} />}
            data-testid="tab-descendants"
          >
            {t('familyTree.tabs.descendants')}
          </Tabs.Tab>
          <ChartViewTabs />
          <Tabs.Tab value="family" leftSection={<IconUsersGroup aria-hidden size={18} />} data-testid="tab-family">
            {t('familyTree.tabs.family')}
          </Tabs.Tab>
          <Tabs.Tab value="table" leftSection={<IconTable aria-hidden size={18} />} data-testid="tab-table">
            {t('familyTree.tabs.table')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="ancestors">
          <ChartTab
            kind="ancestors"
            treeId={treeId}
            personId={personId}
            personName={name ?? ''}
            size={generations}
            onSizeChange={(size) => setParam('generations', String(size))}
            links={links}
            onShowInChart={showInChart}
            onAddRelative={canEdit ? setAddingTo : undefined}
          />
        </Tabs.Panel>
        <Tabs.Panel value="descendants">
          <ChartTab
            kind="descendants"
            treeId={treeId}
            personId={personId}
            personName={name ?? ''}
            size={depth}
            onSizeChange={(size) => setParam('depth', String(size))}
            links={links}
            onShowInChart={showInChart}
            onAddRelative={canEdit ? setAddingTo : undefined}
          />
        </Tabs.Panel>
        <ChartViewPanels
          {...{ treeId, personId, personName: name ?? '', links, onShowInChart: showInChart }}
          onAddRelative={canEdit ? setAddingTo : undefined}
        />
        <Tabs.Panel value="family">
          {current ? <FamilyView family={current} links={links} /> : <FamilySkeleton />}
        </Tabs.Panel>
        <Tabs.Panel value="table">
          {current ? <FamilyTable family={current} links={links} /> : <FamilySkeleton />}
        </Tabs.Panel>
      </Tabs>
      <AddRelativeDialog
        treeId={treeId}
        kind={view === 'descendants' ? 'descendants' : 'ancestors'}
        personId={addingTo}
        onClose={() => setAddingTo(null)}
      />
    </Container>
  );
}

function FamilySkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('familyTree.loading')}>
      <Skeleton height={20} width={160} />
      <Skeleton height={72} />
      <Skeleton height={20} width={160} />
      <Skeleton height={72} />
    </Stack>
  );
}
