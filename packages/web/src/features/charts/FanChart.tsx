import type { ChartAnswer } from '@anor/core';
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { select } from 'd3-selection';
import { arc } from 'd3-shape';
import { type D3ZoomEvent, type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { handleZoomKey } from '../../lib/zoom-keys.ts';
import { fitTransform } from '../family-tree/chart-viewport.ts';
import classes from './FanChart.module.css';
import { FAN_CENTRE_RADIUS, type FanSegment, layoutFan } from './fan-layout.ts';
import { type FittedText, fitText, placeSegmentText } from './fan-text.ts';

export interface FanChartProps {
  answer: ChartAnswer;
  /** Generations counting the person. */
  generations: number;
  label: string;
  personHref: (personId: string) => string;
  chartHref: (personId: string) => string;
  onOpen: (personId: string) => void;
  onShowInChart: (personId: string) => void;
}

const ZOOM_STEP = 1.3;
const MAX_SCALE = 12;
const LINE_HEIGHT = 1.15;
const segmentPath = arc<FanSegment>()
  .innerRadius((segment) => segment.innerRadius)
  .outerRadius((segment) => segment.outerRadius)
  .startAngle((segment) => segment.startAngle)
  .endAngle((segment) => segment.endAngle);

/** The lines of a fitted text, centred on the text's origin; the years in a lighter colour. */
function Lines({ fitted, transform }: { fitted: FittedText; transform?: string }) {
  // Centred on the origin without dominant-baseline (which PDF converters read differently): 0.35em lowers a
  // line's baseline to its middle.
  const first = Math.round((-((fitted.lines.length - 1) / 2) * LINE_HEIGHT + 0.35) * 1000) / 1000;
  return (
    <text transform={transform} textAnchor="middle" fontSize={fitted.fontSize}>
      {fitted.lines.map((line, index) => (
        <tspan
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order
          key={index}
          x={0}
          dy={`${index === 0 ? first : LINE_HEIGHT}em`}
          className={index < fitted.nameLines ? classes.name : classes.years}
        >
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * The fan chart (issue 23): the person in the middle, the ancestors in rings around, names wrapped
 * inside their segments at the largest size that holds them. A click on a segment makes that
 * ancestor the centre; a click on the centre opens the person. Pan and zoom by d3-zoom (drag,
 * wheel, pinch, the keys of lib/zoom-keys.ts); it opens fitted to the frame.
 */
export function FanChart({ answer, generations, label, personHref, chartHref, onOpen, onShowInChart }: FanChartProps) {
  const { t } = useTranslation();
  const personLabel = usePersonLabel();
  const svgRef = useRef<SVGSVGElement>(null);
  const viewportRef = useRef<SVGGElement>(null);
  const behaviorRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const helpId = useId();
  const layout = useMemo(() => layoutFan(answer, generations), [answer, generations]);

  useLayoutEffect(() => {
    const svg = svgRef.current;
    const viewport = viewportRef.current;
    if (!svg || !viewport) return;
    const behavior = zoom<SVGSVGElement, unknown>()
      .clickDistance(5)
      .extent(() => [
        [0, 0],
        [svg.clientWidth, svg.clientHeight],
      ])
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        viewport.setAttribute('transform', event.transform.toString());
      });
    const selection = select(svg);
    selection.call(behavior).on('dblclick.zoom', null);
    behaviorRef.current = behavior;
    return () => {
      selection.on('.zoom', null);
      behaviorRef.current = null;
    };
  }, []);

  const fit = useCallback(() => {
    const svg = svgRef.current;
    const behavior = behaviorRef.current;
    if (!svg || !behavior) return;
    const view = { width: svg.clientWidth, height: svg.clientHeight };
    // Fitted, and allowed to grow beyond full size on a big screen (a small fan would look lost).
    const fitted = fitTransform(layout.bounds, { width: view.width, height: view.height });
    const grow = Math.min(
      (view.width - 48) / Math.max(1, layout.bounds.width),
      (view.height - 48) / Math.max(1, layout.bounds.height),
    );
    const k = Math.max(fitted.k, Math.min(grow, 1.6));
    const centreX = layout.bounds.x + layout.bounds.width / 2;
    const centreY = layout.bounds.y + layout.bounds.height / 2;
    behavior.scaleExtent([Math.min(fitted.k, k) * 0.5, MAX_SCALE]);
    behavior.transform(
      select(svg),
      zoomIdentity.translate(view.width / 2 - centreX * k, view.height / 2 - centreY * k).scale(k),
    );
  }, [layout]);

  useLayoutEffect(fit, [fit]);

  const zoomBy = (factor: number) => {
    const svg = svgRef.current;
    if (svg) behaviorRef.current?.scaleBy(select(svg), factor);
  };

  const handleClick = (event: MouseEvent<SVGSVGElement>) => {
    if (!(event.target instanceof Element) || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    const link = event.target.closest('[data-action]');
    const personId = link?.getAttribute('data-person-id');
    if (!link || !personId) return;
    event.preventDefault();
    if (link.getAttribute('data-action') === 'recentre') onShowInChart(personId);
    else onOpen(personId);
  };

  const handleKeyDown = (event: KeyboardEvent<SVGSVGElement>) =>
    handleZoomKey(event, svgRef.current, behaviorRef.current, { zoomStep: ZOOM_STEP, fit });

  const content = useMemo((): ReactNode => {
    const { centre } = layout;
    if (!centre) return null;
    const centreLabel = personLabel(centre);
    const segments = layout.segments.map((segment) => {
      const text = personLabel(segment.person);
      const placed = placeSegmentText(segment, text.name, text.years);
      const className = [
        classes.segment,
        classes[segment.person.gender],
        segment.person.private ? classes.private : '',
        segment.isRepeat ? classes.repeat : '',
      ]
        .filter(Boolean)
        .join(' ');
      return (
        <a
          key={segment.sosa}
          href={chartHref(segment.person.id)}
          className={className}
          aria-label={`${t('charts.fan.showInChart', { name: text.name })}. ${text.full}`}
          data-action="recentre"
          data-person-id={segment.person.id}
          data-sosa={segment.sosa}
          data-testid="fan-segment"
        >
          <title>{text.full}</title>
          <path className={classes.shape} d={segmentPath(segment) ?? ''} />
          <Lines fitted={placed} transform={placed.transform} />
        </a>
      );
    });
    const inner = FAN_CENTRE_RADIUS * 1.5;
    return (
      <>
        {segments}
        <a
          href={personHref(centre.id)}
          className={`${classes.segment} ${classes.centre}`}
          aria-label={`${t('charts.fan.open', { name: centreLabel.name })}. ${centreLabel.full}`}
          data-action="open"
          data-person-id={centre.id}
          data-testid="fan-centre"
        >
          <title>{centreLabel.full}</title>
          <circle className={classes.shape} r={FAN_CENTRE_RADIUS} />
          <Lines fitted={fitText(centreLabel.name, centreLabel.years, inner, inner)} />
        </a>
      </>
    );
  }, [layout, personLabel, personHref, chartHref, t]);

  return (
    <div className={classes.frame} data-testid="fan-chart">
      <VisuallyHidden id={helpId}>{t('charts.fan.help')}</VisuallyHidden>
      <svg
        ref={svgRef}
        className={classes.svg}
        role="application"
        aria-label={label}
        aria-describedby={helpId}
        onKeyDown={handleKeyDown}
        onClick={handleClick}
        data-testid="chart-svg"
      >
        <g ref={viewportRef} data-testid="chart-viewport">
          {content}
        </g>
      </svg>
      <ActionIcon.Group orientation="vertical" className={classes.controls} aria-label={t('familyTree.chart.controls')}>
        <FanButton label={t('familyTree.chart.zoomIn')} onClick={() => zoomBy(ZOOM_STEP)}>
          <IconZoomIn aria-hidden size={20} />
        </FanButton>
        <FanButton label={t('familyTree.chart.zoomOut')} onClick={() => zoomBy(1 / ZOOM_STEP)}>
          <IconZoomOut aria-hidden size={20} />
        </FanButton>
        <FanButton label={t('familyTree.chart.fit')} onClick={fit}>
          <IconMaximize aria-hidden size={20} />
        </FanButton>
      </ActionIcon.Group>
    </div>
  );
}

function FanButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label} position="left" withArrow>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
