import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFocusCentered, IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { select } from 'd3-selection';
import { type D3ZoomEvent, type ZoomBehavior, zoom, zoomIdentity, zoomTransform } from 'd3-zoom';
import {
  type FocusEvent,
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
import { shortPlace, usePersonLabel } from '../../lib/person-label/person-label.ts';
import { handleZoomKey } from '../../lib/zoom-keys.ts';
import { ChartBox, ChartBoxSymbols } from './ChartBox.tsx';
import { BOX_HEIGHT, BOX_WIDTH, type ChartLayout, type ChartNode } from './chart-layout.ts';
import {
  fitTransform,
  focusTransform,
  initialTransform,
  isBoxVisible,
  LOW_DETAIL_SCALE,
  MAX_SCALE,
  minimumScale,
  readableScale,
  type ViewportSize,
  type ViewTransform,
} from './chart-viewport.ts';
import classes from './TreeChart.module.css';

export interface TreeChartProps {
  layout: ChartLayout;
  /** Pedigrees grow to the right, descendant charts downwards: the opening view starts at that edge. */
  orientation: 'horizontal' | 'vertical';
  label: string;
  personHref: (personId: string) => string;
  chartHref: (personId: string) => string;
  onOpen: (personId: string) => void;
  onShowInChart: (personId: string) => void;
  /** Editors: a box's plus button adds a parent, partner or child of its person. */
  onAddRelative?: (personId: string) => void;
  testId: string;
}

const ZOOM_STEP = 1.25;

function viewSize(svg: SVGSVGElement): ViewportSize {
  return { width: svg.clientWidth, height: svg.clientHeight };
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A chart of person boxes with zoom (buttons, wheel, pinch, keys) and pan (drag, arrow keys).
 * Keyboard users Tab through the boxes (each a link); the keys for moving and zooming work from
 * any of them, and a box reached this way is brought into view.
 * React renders the boxes once per layout; d3-zoom moves one group's transform, so panning and
 * zooming never re-render the boxes. Far out, a class hides the texts.
 */
export function TreeChart(props: TreeChartProps) {
  const { layout, orientation, label, personHref, chartHref, onOpen, onShowInChart, onAddRelative, testId } = props;
  const canAdd = onAddRelative !== undefined;
  const { t } = useTranslation();
  const personLabel = usePersonLabel();
  const svgRef = useRef<SVGSVGElement>(null);
  const viewportRef = useRef<SVGGElement>(null);
  const behaviorRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const helpId = useId();
  // Letters, digits and dashes only: the symbols' ids go into href="#…".
  const symbolPrefix = `chart${helpId.replace(/[^a-zA-Z0-9-]/g, '')}`;

  // Set up once; a layout effect so that it exists before the first view is applied below.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    const viewport = viewportRef.current;
    if (!svg || !viewport) return;
    let isLowDetail = false;
    const behavior = zoom<SVGSVGElement, unknown>()
      // A click that moved a few pixels is still a click, not a drag.
      .clickDistance(5)
      .extent(() => [
        [0, 0],
        [svg.clientWidth, svg.clientHeight],
      ])
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        viewport.setAttribute('transform', event.transform.toString());
        const isLow = event.transform.k < LOW_DETAIL_SCALE;
        if (isLow !== isLowDetail) {
          isLowDetail = isLow;
          svg.classList.toggle(classes.lowDetail ?? 'lowDetail', isLow);
        }
      });
    const selection = select(svg);
    // Double click opens a person; it should not zoom as well.
    selection.call(behavior).on('dblclick.zoom', null);
    behaviorRef.current = behavior;
    return () => {
      selection.on('.zoom', null);
      behaviorRef.current = null;
    };
  }, []);

  const apply = useCallback((transform: ViewTransform) => {
    const svg = svgRef.current;
    const behavior = behaviorRef.current;
    if (!svg || !behavior) return;
    behavior.transform(select(svg), zoomIdentity.translate(transform.x, transform.y).scale(transform.k));
  }, []);

  // Each new layout (another person, more generations) opens at its own starting view.
  useLayoutEffect(() => {
    const svg = svgRef.current;
    const behavior = behaviorRef.current;
    if (!svg || !behavior) return;
    const view = viewSize(svg);
    behavior.scaleExtent([minimumScale(layout.bounds, view), MAX_SCALE]);
    apply(initialTransform(layout, view, orientation));
  }, [layout, orientation, apply]);

  const zoomBy = (factor: number) => {
    const svg = svgRef.current;
    if (svg) behaviorRef.current?.scaleBy(select(svg), factor);
  };
  const fit = () => {
    const svg = svgRef.current;
    if (svg) apply(fitTransform(layout.bounds, viewSize(svg)));
  };
  const centre = () => {
    const svg = svgRef.current;
    if (!svg) return;
    const view = viewSize(svg);
    apply(focusTransform(layout, view, orientation, readableScale(view)));
  };

  const nodeByKey = useMemo(() => new Map(layout.nodes.map((node) => [node.key, node])), [layout]);

  const handleClick = (event: MouseEvent<SVGSVGElement>) => {
    if (!(event.target instanceof Element) || !isPlainClick(event)) return;
    const link = event.target.closest('[data-action]');
    const personId = event.target.closest('[data-person-id]')?.getAttribute('data-person-id');
    if (!link || !personId) return;
    event.preventDefault();
    const action = link.getAttribute('data-action');
    if (action === 'recentre') onShowInChart(personId);
    else if (action === 'add') onAddRelative?.(personId);
    else onOpen(personId);
  };

  // A box reached with the Tab key is brought into view.
  const handleFocus = (event: FocusEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    const behavior = behaviorRef.current;
    if (!svg || !behavior || !(event.target instanceof Element)) return;
    const key = event.target.closest('[data-key]')?.getAttribute('data-key');
    const node: ChartNode | undefined = key ? nodeByKey.get(key) : undefined;
    if (!node || isBoxVisible(node, zoomTransform(svg), viewSize(svg))) return;
    behavior.translateTo(select(svg), node.x + BOX_WIDTH / 2, node.y + BOX_HEIGHT / 2);
  };

  const handleKeyDown = (event: KeyboardEvent<SVGSVGElement>) =>
    handleZoomKey(event, svgRef.current, behaviorRef.current, { zoomStep: ZOOM_STEP, fit });

  const content = useMemo((): ReactNode => {
    const boxes = layout.nodes.map((node) => {
      const label = personLabel(node.person);
      const { name, hasName } = label;
      return (
        <ChartBox
          key={node.key}
          node={node}
          texts={{
            name,
            hasName,
            // A box has room for the birthplace's own name only; the hover text has the whole path.
            details: [label.years, shortPlace(label.placeFull, 1)].filter(Boolean).join(' · '),
            fullName: label.full,
            personHref: personHref(node.person.id),
            chartHref: chartHref(node.person.id),
            openLabel: t('familyTree.chart.open', { name }),
            showInChartLabel: t('familyTree.chart.showInChart', { name }),
            duplicateLabel: t('familyTree.chart.duplicate'),
            addLabel: canAdd ? t('familyTree.chart.addRelative', { name }) : undefined,
            symbolPrefix,
          }}
        />
      );
    });
    return (
      <>
        {layout.links.map((link) => (
          <path
            key={link.key}
            d={link.d}
            className={link.isCouple ? `${classes.link} ${classes.couple}` : classes.link}
          />
        ))}
        {boxes}
      </>
    );
  }, [layout, personLabel, personHref, chartHref, t, canAdd, symbolPrefix]);

  return (
    <div className={classes.frame} data-testid={testId}>
      <VisuallyHidden id={helpId}>{t('familyTree.chart.help')}</VisuallyHidden>
      <svg
        ref={svgRef}
        className={classes.svg}
        role="application"
        aria-label={label}
        aria-describedby={helpId}
        onKeyDown={handleKeyDown}
        onClick={handleClick}
        onFocus={handleFocus}
        data-testid="chart-svg"
      >
        <ChartBoxSymbols prefix={symbolPrefix} />
        <g ref={viewportRef} data-testid="chart-viewport">
          {content}
        </g>
      </svg>
      <ActionIcon.Group orientation="vertical" className={classes.controls} aria-label={t('familyTree.chart.controls')}>
        <ChartButton label={t('familyTree.chart.zoomIn')} onClick={() => zoomBy(ZOOM_STEP)} testId="chart-zoom-in">
          <IconZoomIn aria-hidden size={20} />
        </ChartButton>
        <ChartButton
          label={t('familyTree.chart.zoomOut')}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          testId="chart-zoom-out"
        >
          <IconZoomOut aria-hidden size={20} />
        </ChartButton>
        <ChartButton label={t('familyTree.chart.fit')} onClick={fit} testId="chart-fit">
          <IconMaximize aria-hidden size={20} />
        </ChartButton>
        <ChartButton label={t('familyTree.chart.centre')} onClick={centre} testId="chart-centre">
          <IconFocusCentered aria-hidden size={20} />
        </ChartButton>
      </ActionIcon.Group>
    </div>
  );
}

function ChartButton({
  label,
  onClick,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} position="left" withArrow>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
