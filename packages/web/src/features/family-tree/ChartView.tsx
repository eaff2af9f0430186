import type { ChartAnswer } from '@anor/core';
import { useMemo } from 'react';
import { layoutDescendants } from './descendant-layout.ts';
import { layoutPedigree } from './pedigree-layout.ts';
import { TreeChart, type TreeChartProps } from './TreeChart.tsx';

export type ChartKind = 'ancestors' | 'descendants';

interface ChartViewProps extends Omit<TreeChartProps, 'layout' | 'orientation'> {
  kind: ChartKind;
  answer: ChartAnswer;
}

/**
 * The entry of the lazily loaded chart chunk (d3-hierarchy, d3-zoom and the layouts): the layout
 * is computed once per answer and kind.
 */
export function ChartView({ kind, answer, ...props }: ChartViewProps) {
  const layout = useMemo(
    () => (kind === 'ancestors' ? layoutPedigree(answer) : layoutDescendants(answer)),
    [kind, answer],
  );
  return <TreeChart layout={layout} orientation={kind === 'ancestors' ? 'horizontal' : 'vertical'} {...props} />;
}
