import { memo } from 'react';
import { rootColors } from '../person/root-colors.ts';
import { type BoxText, PORTRAIT_SIZE, PORTRAIT_X, PORTRAIT_Y } from './chart-box-text.ts';
import { BOX_HEIGHT, BOX_WIDTH, type ChartNode } from './chart-layout.ts';
import classes from './TreeChart.module.css';

/** The root-colour marker: the left edge of the box, rounded like it. */
const MARKER_PATH = `M8,0A8,8 0 0 0 0,8V${BOX_HEIGHT - 8}A8,8 0 0 0 8,${BOX_HEIGHT}Z`;
/** A small cross-hair: "show this person in the middle of the chart". */
const RECENTRE_ICON = 'M0,-7V-3.5M0,3.5V7M-7,0H-3.5M3.5,0H7M2.5,0A2.5,2.5 0 1 1 -2.5,0A2.5,2.5 0 1 1 2.5,0';
const RECENTRE_RADIUS = 12;
/** A plus: "add a parent, partner or child" (editors only). */
const ADD_ICON = 'M0,-5V5M-5,0H5';
const ADD_RADIUS = 10;

export interface ChartBoxTexts {
  /** The box's lines: the name wrapped, the life years with the birthplace, the occupation (chart-box-text.ts). */
  lines: BoxText;
  /** The portrait's address, when the person has one the viewer may see. */
  portraitHref: string | null;
  /** The name with years and the whole birthplace, for the hover text and the accessible name. */
  fullName: string;
  /** The person page, and the chart re-centred on the person: real links, so they open in a new tab too. */
  personHref: string;
  chartHref: string;
  hasName: boolean;
  openLabel: string;
  showInChartLabel: string;
  duplicateLabel: string;
  /** "Add a relative of …": shown to editors only. */
  addLabel?: string;
  /** The ids' start of the chart's button symbols (ChartBoxSymbols), drawn once and used by every box. */
  symbolPrefix: string;
}

/**
 * The round buttons' drawings, once per chart: each box's buttons only use them, which keeps a
 * 1,000-box chart's page small. Their colours come from the button (fill, stroke, color).
 */
export function ChartBoxSymbols({ prefix }: { prefix: string }) {
  return (
    <defs>
      <symbol id={`${prefix}-recentre`} overflow="visible">
        <circle r={RECENTRE_RADIUS} />
        <path d={RECENTRE_ICON} fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" />
      </symbol>
      <symbol id={`${prefix}-add`} overflow="visible">
        <circle r={ADD_RADIUS} />
        <path d={ADD_ICON} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
      </symbol>
      <clipPath id={`${prefix}-portrait`} clipPathUnits="objectBoundingBox">
        <circle cx={0.5} cy={0.5} r={0.5} />
      </clipPath>
    </defs>
  );
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
  const { lines } = texts;
  const description = [texts.fullName, occupation, node.isDuplicate ? texts.duplicateLabel : '']
    .filter(Boolean)
    .join(' · ');
  const className = [classes.box, node.isStart ? classes.start : '', node.isDuplicate ? classes.duplicate : '']
    .filter(Boolean)
    .join(' ');
  const lastName = lines.name.length - 1;
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
        <rect className={classes.boxFrame} width={BOX_WIDTH} height={BOX_HEIGHT} rx={8} />
        <path d={MARKER_PATH} style={{ fill: `var(--mantine-color-${rootColors[person.rootRelation]}-6)` }} />
        {texts.portraitHref ? (
          <image
            className={classes.portrait}
            href={texts.portraitHref}
            x={PORTRAIT_X}
            y={PORTRAIT_Y}
            width={PORTRAIT_SIZE}
            height={PORTRAIT_SIZE}
            preserveAspectRatio="xMidYMid slice"
            clipPath={`url(#${texts.symbolPrefix}-portrait)`}
            data-testid="chart-box-portrait"
          />
        ) : null}
        <text
          className={texts.hasName ? classes.name : `${classes.name} ${classes.unknownName}`}
          style={lines.nameFont.size === 14 ? undefined : { fontSize: lines.nameFont.size }}
          data-testid="chart-box-name"
        >
          {lines.name.map((line, index) => (
            <tspan key={line.y} x={lines.x} y={line.y}>
              {/* A space between the lines, so that the text reads as the whole name. */}
              {index < lastName ? `${line.text} ` : line.text}
            </tspan>
          ))}
        </text>
        {lines.details ? (
          <text className={classes.details} x={lines.x} y={lines.details.y} data-testid="chart-box-details">
            {lines.details.text}
          </text>
        ) : null}
        {lines.occupation ? (
          <text className={classes.occupation} x={lines.x} y={lines.occupation.y}>
            {lines.occupation.text}
          </text>
        ) : null}
      </a>
      {hasRecentre ? (
        <a
          className={classes.boxButton}
          href={texts.chartHref}
          aria-label={texts.showInChartLabel}
          data-action="recentre"
          data-testid="chart-box-recentre"
        >
          <title>{texts.showInChartLabel}</title>
          <use href={`#${texts.symbolPrefix}-recentre`} x={BOX_WIDTH - RECENTRE_RADIUS - 6} y={RECENTRE_RADIUS + 6} />
        </a>
      ) : null}
      {texts.addLabel ? (
        <a
          className={classes.boxButton}
          href={texts.personHref}
          aria-label={texts.addLabel}
          data-action="add"
          data-testid="chart-box-add"
        >
          <title>{texts.addLabel}</title>
          <use href={`#${texts.symbolPrefix}-add`} x={BOX_WIDTH - ADD_RADIUS - 6} y={BOX_HEIGHT - ADD_RADIUS - 6} />
        </a>
      ) : null}
    </g>
  );
});
