import { Paper, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { LifeSummary } from '../person-events/LifeSummary.tsx';
import { BOX_HEIGHT, BOX_WIDTH, type ChartNode } from './chart-layout.ts';
import type { ViewportSize, ViewTransform } from './chart-viewport.ts';
import classes from './TreeChart.module.css';

const GAP = 8;

/**
 * Where the hover text goes: below the box, or above it when there is no room below; centred on
 * the box but kept inside the chart's frame.
 */
export function tooltipPosition(
  node: Pick<ChartNode, 'x' | 'y'>,
  transform: ViewTransform,
  view: ViewportSize,
  size: { width: number; height: number },
): { left: number; top: number } {
  const left = (node.x + BOX_WIDTH / 2) * transform.k + transform.x - size.width / 2;
  const below = (node.y + BOX_HEIGHT) * transform.k + transform.y + GAP;
  const above = node.y * transform.k + transform.y - GAP - size.height;
  const top = below + size.height <= view.height || above < 0 ? below : above;
  return { left: Math.max(GAP, Math.min(left, view.width - size.width - GAP)), top };
}

interface ChartTooltipProps {
  id: string;
  node: ChartNode;
  transform: ViewTransform;
  view: ViewportSize;
}

/**
 * The hover and focus text of a chart box (issue 23): the whole name, the birth and death with
 * their dates and places, the age and the occupation. The focused box names it as its description
 * (aria-describedby), Escape hides it, and it never takes the pointer, so it cannot hide the box.
 * A private person (a living person shown to a visitor) is "Private" and nothing more.
 */
export function ChartTooltip({ id, node, transform, view }: ChartTooltipProps) {
  const personLabel = usePersonLabel();
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 260, height: 90 });
  const { person } = node;
  const label = personLabel(person);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measured = { width: element.offsetWidth, height: element.offsetHeight };
    setSize((old) => (old.width === measured.width && old.height === measured.height ? old : measured));
  });
  const position = tooltipPosition(node, transform, view, size);
  return (
    <Paper
      ref={ref}
      id={id}
      role="tooltip"
      shadow="md"
      withBorder
      p="xs"
      className={classes.tooltip}
      style={{ left: position.left, top: position.top }}
      data-testid="chart-tooltip"
    >
      <Text fw={600} size="sm" data-testid="chart-tooltip-name">
        {label.name}
      </Text>
      {person.private ? null : (
        <>
          <LifeSummary
            person={{ birth: person.birth ?? null, death: person.death ?? null }}
            size="sm"
            testId="chart-tooltip"
          />
          {person.occupation ? (
            <Text size="sm" c="dimmed">
              {person.occupation}
            </Text>
          ) : null}
        </>
      )}
    </Paper>
  );
}
