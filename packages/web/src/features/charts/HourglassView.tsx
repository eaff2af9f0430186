import type { ChartAnswer } from '@anor/core';
import { useMemo } from 'react';
import { TreeChart, type TreeChartProps } from '../family-tree/TreeChart.tsx';
import { layoutHourglass } from './hourglass-layout.ts';

interface HourglassViewProps extends Omit<TreeChartProps, 'layout' | 'orientation'> {
  ancestors: ChartAnswer;
  descendants: ChartAnswer;
}

/**
 * The hourglass chart (lazily loaded): its layout drawn by the family tree's chart component, so the
 * boxes, their actions (open, re-centre, add a relative), pan, zoom and keys are the same as in the
 * ancestor and descendant charts.
 */
export function HourglassView({ ancestors, descendants, ...props }: HourglassViewProps) {
  const layout = useMemo(() => layoutHourglass(ancestors, descendants), [ancestors, descendants]);
  return <TreeChart layout={layout} orientation="vertical" {...props} />;
}
