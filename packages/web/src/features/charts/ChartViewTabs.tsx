import { Alert, Group, Select, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconChartDonut, IconHourglass } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorView } from '../../lib/ErrorView.tsx';
import type { PersonLinks } from '../family-tree/person-links.ts';
import { familyTreeQueries } from '../family-tree/queries.ts';
import classes from './FanChart.module.css';

// d3 and the layouts load only when one of these charts is shown.
const FanChart = lazy(async () => ({ default: (await import('./FanChart.tsx')).FanChart }));
const HourglassView = lazy(async () => ({ default: (await import('./HourglassView.tsx')).HourglassView }));

/** Generations of the fan, the person included; of the hourglass above (the person included) and below. */
export const fanGenerations = { min: 4, max: 10, default: 5 } as const;
export const hourglassUp = { min: 2, max: 6, default: 3 } as const;
export const hourglassDown = { min: 1, max: 6, default: 2 } as const;

type Limits = { min: number; max: number; default: number };

function readSize(value: string | null, limits: Limits): number {
  const number = Number(value);
  if (value === null || !Number.isInteger(number)) return limits.default;
  return Math.min(limits.max, Math.max(limits.min, number));
}

/** The fan and hourglass tabs of the family tree page's tab list. */
export function ChartViewTabs() {
  const { t } = useTranslation();
  return (
    <>
      <Tabs.Tab value="fan" leftSection={<IconChartDonut aria-hidden size={18} />} data-testid="tab-fan">
        {t('charts.tabs.fan')}
      </Tabs.Tab>
      <Tabs.Tab value="hourglass" leftSection={<IconHourglass aria-hidden size={18} />} data-testid="tab-hourglass">
        {t('charts.tabs.hourglass')}
      </Tabs.Tab>
    </>
  );
}

export interface ChartViewPanelsProps {
  treeId: string;
  personId: string;
  personName: string;
  links: PersonLinks;
  onShowInChart: (personId: string) => void;
  onAddRelative?: (personId: string) => void;
}

/** The fan and hourglass panels; their generations live in the URL (`generations`, `depth`) like the other charts'. */
export function ChartViewPanels(props: ChartViewPanelsProps) {
  return (
    <>
      <Tabs.Panel value="fan">
        <FanTab {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="hourglass">
        <HourglassTab {...props} />
      </Tabs.Panel>
    </>
  );
}

function useSizeParam(name: string, limits: Limits): [number, (size: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = (size: number) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, String(size));
        return next;
      },
      { replace: true },
    );
  return [readSize(searchParams.get(name), limits), set];
}

function SizeSelect({
  label,
  limits,
  value,
  onChange,
  testId,
}: {
  label: string;
  limits: Limits;
  value: number;
  onChange: (size: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const options = Array.from({ length: limits.max - limits.min + 1 }, (_, index) => {
    const count = limits.min + index;
    return { value: String(count), label: t('familyTree.generationsOption', { count }) };
  });
  return (
    <Select
      label={label}
      data={options}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      checkIconPosition="right"
      w={190}
      data-testid={testId}
    />
  );
}

function Truncated({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return shown ? (
    <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} data-testid="chart-truncated">
      {t('familyTree.chart.truncated')}
    </Alert>
  ) : null;
}

const placeholder = <Skeleton className={classes.frame} radius="md" aria-busy="true" />;

function FanTab({ treeId, personId, personName, links, onShowInChart }: ChartViewPanelsProps) {
  const { t } = useTranslation();
  const [generations, setGenerations] = useSizeParam('generations', fanGenerations);
  const query = useQuery({
    ...familyTreeQueries.ancestors(treeId, personId, generations),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="sm" data-testid="fan-tab">
      <SizeSelect
        label={t('charts.fan.generations')}
        limits={fanGenerations}
        value={generations}
        onChange={setGenerations}
        testId="fan-size"
      />
      <Truncated shown={query.data?.truncated === true} />
      {query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <Suspense fallback={placeholder}>
          <FanChart
            answer={query.data}
            generations={generations}
            label={t('charts.fan.label', { name: personName })}
            personHref={links.personHref}
            chartHref={links.chartHref}
            onOpen={links.onOpen}
            onShowInChart={onShowInChart}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </Stack>
  );
}

function HourglassTab({ treeId, personId, personName, links, onShowInChart, onAddRelative }: ChartViewPanelsProps) {
  const { t } = useTranslation();
  const [up, setUp] = useSizeParam('generations', hourglassUp);
  const [down, setDown] = useSizeParam('depth', hourglassDown);
  const ancestors = useQuery({
    ...familyTreeQueries.ancestors(treeId, personId, up),
    placeholderData: keepPreviousData,
  });
  const descendants = useQuery({
    ...familyTreeQueries.descendants(treeId, personId, down),
    placeholderData: keepPreviousData,
  });
  const error = ancestors.error ?? descendants.error;
  return (
    <Stack gap="sm" data-testid="hourglass-tab">
      <Group gap="md" align="flex-end" wrap="wrap">
        <SizeSelect
          label={t('charts.hourglass.up')}
          limits={hourglassUp}
          value={up}
          onChange={setUp}
          testId="hourglass-up"
        />
        <SizeSelect
          label={t('charts.hourglass.down')}
          limits={hourglassDown}
          value={down}
          onChange={setDown}
          testId="hourglass-down"
        />
      </Group>
      <Truncated shown={ancestors.data?.truncated === true || descendants.data?.truncated === true} />
      {error ? (
        <ErrorView
          error={error}
          onRetry={() => {
            void ancestors.refetch();
            void descendants.refetch();
          }}
        />
      ) : ancestors.data && descendants.data ? (
        <Suspense fallback={placeholder}>
          <HourglassView
            ancestors={ancestors.data}
            descendants={descendants.data}
            label={t('charts.hourglass.label', { name: personName })}
            personHref={links.personHref}
            chartHref={links.chartHref}
            onOpen={links.onOpen}
            onShowInChart={onShowInChart}
            onAddRelative={onAddRelative}
            testId="hourglass-chart"
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </Stack>
  );
}
