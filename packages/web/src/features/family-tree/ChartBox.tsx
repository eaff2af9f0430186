import { memo } from 'react';
import { rootColors } from '../person/root-colors.ts';
import { BOX_HEIGHT, BOX_WIDTH, type ChartNode, truncateText } from './chart-layout.ts';
import classes from './TreeChart.module.css';

/** The root-colour marker: the left edge of the box, rounded like it. */
const MARKER_PATH = `M8,0A8,8 0 0 0 0,8V${BOX_HEIGHT - 8}A8,8 0 0 0 8,${BOX_HEIGHT}Z`;
/** A small cross-hair: "show this person in the middle of the chart". */
const RECENTRE_ICON = 'M0,-7V-3.5M0,3.5V7M-7,0H-3.5M3.5,0H7M2.5,0A2.5,2.5 0 1 1 -2.5,0A2.5,2.5 0 1 1 2.5,0';
const RECENTRE_RADIUS = 12;
const TEXT_LEFT = 18;

export interface ChartBoxTexts {
  name: string;
  /** The person page, and the chart re-centred on the person: real links, so they open in a new tab too. */
  personHref: string;
  chartHref: string;
  hasName: boolean;
  openLabel: string;
  showInChartLabel: string;
  duplicateLabel: string;
}

/**
 * One person in a chart: a link to the person (the chart opens the person dialog instead on a plain
 * click) and, except for the starting person, a link that re-centres the chart on them. Clicks are
 * handled once for all boxes by the chart (event delegation through the data attributes), so a box
 * is pure and is not re-rendered on pan or zoom.
 */
export const ChartBox = memo(function ChartBox({ node, texts }: { node: ChartNode; texts: ChartBoxTexts }) {
  const { person } = node;
  const occupation = person.occupation ?? '';
  const hasRecentre = !node.isStart;
  const description = [texts.name, occupation, node.isDuplicate ? texts.duplicateLabel : '']
    .filter(Boolean)
    .join(' · ');
  const className = [classes.box, node.isStart ? classes.start : '', node.isDuplicate ? classes.duplicate : '']
    .filter(Boolean)
    .join(' ');
  return (
    <g
      transform={`translate(${node.x},${node.y})`}
      data-testid="chart-box"
      data-person-id={person.id}
      data-key={node.key}
      data-root-relation={person.rootRelation}
      data-start={node.isStart || undefined}
      data-duplicate={node.isDuplicate || undefined}
    >
      <a
        className={className}
        href={texts.personHref}
        aria-label={`${texts.openLabel}. ${description}`}
        data-action="open"
      >
        <title>{description}</title>
        <rect className={classes.boxFrame} width={BOX_WIDTH} height={BOX_HEIGHT} rx={8} />
        <path d={MARKER_PATH} style={{ fill: `var(--mantine-color-${rootColors[person.rootRelation]}-6)` }} />
        <text
          className={texts.hasName ? classes.name : `${classes.name} ${classes.unknownName}`}
          x={TEXT_LEFT}
          y={occupation ? 26 : 35}
        >
          {truncateText(texts.name, hasRecentre ? 17 : 20)}
        </text>
        {occupation ? (
          <text className={classes.occupation} x={TEXT_LEFT} y={45}>
            {truncateText(occupation, 26)}
          </text>
        ) : null}
      </a>
      {hasRecentre ? (
        <g transform={`translate(${BOX_WIDTH - RECENTRE_RADIUS - 6},${RECENTRE_RADIUS + 6})`}>
          <a
            className={classes.recentre}
            href={texts.chartHref}
            aria-label={texts.showInChartLabel}
            data-action="recentre"
            data-testid="chart-box-recentre"
          >
            <title>{texts.showInChartLabel}</title>
            <circle r={RECENTRE_RADIUS} />
            <path d={RECENTRE_ICON} />
          </a>
        </g>
      ) : null}
    </g>
  );
});
