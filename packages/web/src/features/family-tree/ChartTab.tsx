import type { ChartPerson } from '@anor/core';
import { Alert, Group, Loader, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../lib/ErrorView.tsx';
import type { ChartKind } from './ChartView.tsx';
import { chartPortraitHref } from './chart-portrait.ts';
import type { PersonLinks } from './person-links.ts';
import { ancestorGenerations, descendantDepths, familyTreeQueries } from './queries.ts';
import { RootLegend } from './RootLegend.tsx';
import classes from './TreeChart.module.css';

// d3 and the layouts load only when a chart is shown.
const ChartView = lazy(async () => ({ default: (await import('./ChartView.tsx')).ChartView }));

interface ChartTabProps {
  kind: ChartKind;
  treeId: string;
  personId: string;
  personName: string;
  /** Generations (ancestors, the person included) or depth (descendants). */
  size: number;
  onSizeChange: (size: number) => void;
  links: PersonLinks;
  onShowInChart: (personId: string) => void;
  /** Editors: adding a parent, partner or child from a chart box. */
  onAddRelative?: (personId: string) => void;
}

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, index) => min + index);
}

/** The ancestors or descendants tab: the generations control, notices, the chart and its legend. */
export function ChartTab({
  kind,
  treeId,
  personId,
  personName,
  size,
  onSizeChange,
  links,
  onShowInChart,
  onAddRelative,
}: ChartTabProps) {
  const { t } = useTranslation();
  const isAncestors = kind === 'ancestors';
  const query = useQuery({
    ...(isAncestors
      ? familyTreeQueries.ancestors(treeId, personId, size)
      : familyTreeQueries.descendants(treeId, personId, size)),
    // The old chart stays while another person or depth loads, instead of a blank frame.
    placeholderData: keepPreviousData,
  });
  const portraitHref = useCallback((person: ChartPerson) => chartPortraitHref(treeId, person), [treeId]);
  const limits = isAncestors ? ancestorGenerations : descendantDepths;
  const options = range(limits.min, limits.max).map((count) => ({
    value: String(count),
    label: t('familyTree.generationsOption', { count }),
  }));
  const answer = query.data;
  const isAlone =
    answer !== undefined &&
    !answer.persons.some((person) =>
      isAncestors ? person.id !== answer.startId : !person.isPartner && person.id !== answer.startId,
    );

  return (
    <Stack gap="sm" data-testid={`${kind}-tab`}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={isAncestors ? t('familyTree.generations') : t('familyTree.depth')}
          data={options}
          value={String(size)}
          onChange={(value) => {
            if (value) onSizeChange(Number(value));
          }}
          allowDeselect={false}
          checkIconPosition="right"
          w={190}
          data-testid={`${kind}-size`}
        />
        {answer ? (
          <Text size="sm" c="dimmed" pb={8} data-testid="chart-count">
            {t('familyTree.personCount', { count: answer.persons.length })}
          </Text>
        ) : null}
        {query.isFetching && query.isPlaceholderData ? (
          <Group gap={6} pb={8} role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('familyTree.chart.updating')}
            </Text>
          </Group>
        ) : null}
      </Group>

      {answer?.truncated ? (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} data-testid="chart-truncated">
          {t('familyTree.chart.truncated')}
        </Alert>
      ) : null}
      {isAlone && !query.isPlaceholderData ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="chart-alone">
          {isAncestors
            ? t('familyTree.chart.noParents', { name: personName })
            : t('familyTree.chart.noChildren', { name: personName })}
        </Alert>
      ) : null}

      {query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : answer ? (
        <Suspense fallback={<Skeleton className={classes.placeholder} radius="md" />}>
          <ChartView
            kind={kind}
            answer={answer}
            label={
              isAncestors
                ? t('familyTree.chart.ancestorsLabel', { name: personName })
                : t('familyTree.chart.descendantsLabel', { name: personName })
            }
            personHref={links.personHref}
            chartHref={links.chartHref}
            onOpen={links.onOpen}
            onShowInChart={onShowInChart}
            onAddRelative={onAddRelative}
            portraitHref={portraitHref}
            testId={`${kind}-chart`}
          />
        </Suspense>
      ) : (
        <Skeleton className={classes.placeholder} radius="md" aria-busy="true" aria-label={t('familyTree.loading')} />
      )}
      <RootLegend />
    </Stack>
  );
}
