import type { ChartPerson } from '@anor/core';
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconFocusCentered, IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { select } from 'd3-selection';
import { type D3ZoomEvent, type ZoomBehavior, zoom, zoomIdentity, zoomTransform } from 'd3-zoom';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { handleZoomKey } from '../../lib/zoom-keys.ts';
import { ChartBox, ChartBoxSymbols } from './ChartBox.tsx';
import { ChartTooltip } from './ChartTooltip.tsx';
import { browserTextMeasure, layoutBoxText } from './chart-box-text.ts';
import { BOX_HEIGHT, BOX_WIDTH, type ChartLayout, type ChartNode } from './chart-layout.ts';
import { chartBoxTexts } from './chart-svg.ts';
import {
  fitTransform,
  focusTransform,
  initialTransform,
  isBoxVisible,
  keepFocusTransform,
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
  /** The address of a person's portrait, or null when they have none (or the viewer may not see it). */
  portraitHref?: (person: ChartPerson) => string | null;
  testId: string;
}

/** The box whose hover text shows, and whether the pointer or the keyboard focus chose it. */
interface TipState {
  key: string;
  via: 'hover' | 'focus';
}

const ZOOM_STEP = 1.25;

function viewSize(surface: HTMLElement): ViewportSize {
  return { width: surface.clientWidth, height: surface.clientHeight };
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A chart of person boxes with zoom (buttons, wheel, pinch, keys) and pan (drag, arrow keys).
 * Keyboard users Tab through the boxes (each a link); the keys for moving and zooming work from
 * any of them, and a box reached this way is brought into view.
 * React renders the boxes once per layout into one SVG drawing; d3-zoom sets that drawing's CSS
 * transform (a compositor layer), so panning and zooming never re-render the boxes, and panning
 * does not even paint them again. Far out, a class hides the texts; while the mouse drags, a cover
 * over the drawing takes the pointer.
 */
export function TreeChart(props: TreeChartProps) {
  const {
    layout,
    orientation,
    label,
    personHref,
    chartHref,
    onOpen,
    onShowInChart,
    onAddRelative,
    portraitHref,
    testId,
  } = props;
  const canAdd = onAddRelative !== undefined;
  const { t } = useTranslation();
  const personLabel = usePersonLabel();
  const surfaceRef = useRef<HTMLDivElement>(null);
  const drawingRef = useRef<SVGSVGElement>(null);
  const behaviorRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  // The drawing's own coordinates start at the chart's corner (its viewBox); the zoom handler needs them.
  const boundsRef = useRef(layout.bounds);
  boundsRef.current = layout.bounds;
  const helpId = useId();
  const tooltipId = `${helpId}-tip`;
  const [tip, setTip] = useState<TipState | null>(null);
  const tipRef = useRef<TipState | null>(null);
  tipRef.current = tip;
  // The page's font, measured by a canvas: the boxes wrap names where the browser will.
  const measure = useMemo(() => browserTextMeasure(getComputedStyle(document.body).fontFamily), []);
  // Letters, digits and dashes only: the symbols' ids go into href="#…".
  const symbolPrefix = `chart${helpId.replace(/[^a-zA-Z0-9-]/g, '')}`;

  // Set up once; a layout effect so that it exists before the first view is applied below.
  useLayoutEffect(() => {
    const surface = surfaceRef.current;
    const drawing = drawingRef.current;
    if (!surface || !drawing) return;
    let isLowDetail = false;
    let isPanning = false;
    const behavior = zoom<HTMLDivElement, unknown>()
      // A click that moved a few pixels is still a click, not a drag.
      .clickDistance(5)
      .extent(() => [
        [0, 0],
        [surface.clientWidth, surface.clientHeight],
      ])
      .on('zoom', (event: D3ZoomEvent<HTMLDivElement, unknown>) => {
        // A CSS transform of the whole drawing, a layer of its own (translate3d): panning moves the
        // layer without painting the boxes again; a new scale paints them sharp at that scale.
        const { x, y, k } = event.transform;
        const bounds = boundsRef.current;
        drawing.style.transform = `translate3d(${x + bounds.x * k}px,${y + bounds.y * k}px,0) scale(${k})`;
        drawing.setAttribute('data-transform', event.transform.toString());
        // Moved by the user: the hover text would stay behind, so it goes.
        if (event.sourceEvent && tipRef.current) setTip(null);
        // Dragged with the mouse: a cover takes the pointer until the button is let go, so that the
        // browser's hit test on every move finds it at once instead of searching 2,000 boxes.
        if (event.sourceEvent?.type === 'mousemove' && !isPanning) {
          isPanning = true;
          surface.classList.add(classes.panning ?? 'panning');
        }
        const isLow = event.transform.k < LOW_DETAIL_SCALE;
        if (isLow !== isLowDetail) {
          isLowDetail = isLow;
          surface.classList.toggle(classes.lowDetail ?? 'lowDetail', isLow);
        }
      })
      .on('end', () => {
        if (!isPanning) return;
        isPanning = false;
        surface.classList.remove(classes.panning ?? 'panning');
      });
    const selection = select(surface);
    // Double click opens a person; it should not zoom as well.
    selection.call(behavior).on('dblclick.zoom', null);
    behaviorRef.current = behavior;
    return () => {
      selection.on('.zoom', null);
      behaviorRef.current = null;
    };
  }, []);

  const apply = useCallback((transform: ViewTransform) => {
    const surface = surfaceRef.current;
    const behavior = behaviorRef.current;
    if (!surface || !behavior) return;
    behavior.transform(select(surface), zoomIdentity.translate(transform.x, transform.y).scale(transform.k));
  }, []);

  // Another person's chart opens at its own starting view; the same person's with more or fewer
  // generations keeps the scale and the person where they were on the screen.
  const shownRef = useRef<{ startKey: string; focus: { x: number; y: number } } | null>(null);
  useLayoutEffect(() => {
    const surface = surfaceRef.current;
    const behavior = behaviorRef.current;
    if (!surface || !behavior) return;
    const view = viewSize(surface);
    behavior.scaleExtent([minimumScale(layout.bounds, view), MAX_SCALE]);
    const startKey = layout.nodes.find((node) => node.isStart)?.key ?? '';
    const shown = shownRef.current;
    apply(
      shown && shown.startKey === startKey
        ? keepFocusTransform(zoomTransform(surface), shown.focus, layout, view)
        : initialTransform(layout, view, orientation),
    );
    shownRef.current = { startKey, focus: layout.focus };
  }, [layout, orientation, apply]);

  const zoomBy = (factor: number) => {
    const surface = surfaceRef.current;
    if (surface) behaviorRef.current?.scaleBy(select(surface), factor);
  };
  const fit = () => {
    const surface = surfaceRef.current;
    if (surface) apply(fitTransform(layout.bounds, viewSize(surface)));
  };
  const centre = () => {
    const surface = surfaceRef.current;
    if (!surface) return;
    const view = viewSize(surface);
    apply(focusTransform(layout, view, orientation, readableScale(view)));
  };

  const nodeByKey = useMemo(() => new Map(layout.nodes.map((node) => [node.key, node])), [layout]);

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
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

  // A box reached with the Tab key is brought into view, and its hover text shows as its description.
  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    const surface = surfaceRef.current;
    const behavior = behaviorRef.current;
    if (!surface || !behavior || !(event.target instanceof Element)) return;
    const key = event.target.closest('[data-key]')?.getAttribute('data-key');
    const node: ChartNode | undefined = key ? nodeByKey.get(key) : undefined;
    if (!node) return;
    if (!isBoxVisible(node, zoomTransform(surface), viewSize(surface))) {
      behavior.translateTo(select(surface), node.x + BOX_WIDTH / 2, node.y + BOX_HEIGHT / 2);
    }
    if (event.target.getAttribute('data-action') === 'open') {
      event.target.setAttribute('aria-describedby', tooltipId);
      setTip({ key: node.key, via: 'focus' });
    }
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return;
    event.target.removeAttribute('aria-describedby');
    if (tipRef.current?.via === 'focus') setTip(null);
  };

  // The pointer over a box shows its hover text; leaving the box, or pressing to drag, hides it.
  const handlePointerOver = (event: PointerEvent<HTMLDivElement>) => {
    if (event.buttons !== 0 || !(event.target instanceof Element)) return;
    const key = event.target.closest('[data-key]')?.getAttribute('data-key');
    if (key && tipRef.current?.key !== key) setTip({ key, via: 'hover' });
  };
  const handlePointerOut = (event: PointerEvent<HTMLDivElement>) => {
    if (tipRef.current?.via !== 'hover' || !(event.target instanceof Element)) return;
    const box = event.target.closest('[data-key]');
    if (box && event.relatedTarget instanceof Node && box.contains(event.relatedTarget)) return;
    setTip(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && tipRef.current) {
      event.preventDefault();
      setTip(null);
      return;
    }
    handleZoomKey(event, surfaceRef.current, behaviorRef.current, { zoomStep: ZOOM_STEP, fit });
  };

  const content = useMemo((): ReactNode => {
    const boxes = layout.nodes.map((node) => {
      const label = personLabel(node.person);
      const { name, hasName } = label;
      const portrait = portraitHref?.(node.person) ?? null;
      const lines = layoutBoxText(
        { ...chartBoxTexts(label), occupation: node.person.occupation ?? '', hasPortrait: portrait !== null },
        measure,
      );
      return (
        <ChartBox
          key={node.key}
          node={node}
          texts={{
            lines,
            portraitHref: portrait,
            hasName,
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
  }, [layout, personLabel, personHref, chartHref, t, canAdd, symbolPrefix, portraitHref, measure]);

  const tipNode = tip ? nodeByKey.get(tip.key) : undefined;
  const surface = surfaceRef.current;

  return (
    <div className={classes.frame} data-testid={testId}>
      <VisuallyHidden id={helpId}>{t('familyTree.chart.help')}</VisuallyHidden>
      <div
        ref={surfaceRef}
        className={classes.surface}
        role="application"
        aria-label={label}
        aria-describedby={helpId}
        onKeyDown={handleKeyDown}
        onClick={handleClick}
        onFocus={handleFocus}
        onBlur={handleBlur}
        onPointerOver={handlePointerOver}
        onPointerOut={handlePointerOut}
        onPointerDown={() => setTip(null)}
        data-testid="chart-svg"
      >
        <svg
          ref={drawingRef}
          className={classes.drawing}
          role="presentation"
          width={Math.max(1, layout.bounds.width)}
          height={Math.max(1, layout.bounds.height)}
          viewBox={`${layout.bounds.x} ${layout.bounds.y} ${Math.max(1, layout.bounds.width)} ${Math.max(1, layout.bounds.height)}`}
          data-testid="chart-viewport"
        >
          <ChartBoxSymbols prefix={symbolPrefix} />
          {content}
        </svg>
        <div className={classes.panCover} aria-hidden />
      </div>
      {tipNode && surface ? (
        <ChartTooltip id={tooltipId} node={tipNode} transform={zoomTransform(surface)} view={viewSize(surface)} />
      ) : null}
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
