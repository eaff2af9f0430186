import { memo } from 'react';
import { rootColors } from '../person/root-colors.ts';
import { type BoxText, PORTRAIT_SIZE, PORTRAIT_X, PORTRAIT_Y } from './chart-box-text.ts';
import { BOX_HEIGHT, BOX_WIDTH, type ChartNode } from './chart-layout.ts';
import classes from './TreeChart.module.css';

/*
 * Every shape of a box is drawn at the chart's own coordinates (x + …), not inside a translated
 * group or a <use>: each transform is a property node of its own to Chromium, which cuts the
 * drawing into that many paint chunks and sorts them all into layers again on every frame of a
 * pan (PaintArtifactCompositor::Update). With 2,000 boxes that was 2 transforms (a group and two
 * buttons) and about 80 ms a frame on this machine; drawn flat, about 1 ms (architecture.md).
 */

/** The root-colour marker: the left edge of the box, rounded like it. */
function markerPath(x: number, y: number): string {
  return `M${x + 8},${y}A8,8 0 0 0 ${x},${y + 8}V${y + BOX_HEIGHT - 8}A8,8 0 0 0 ${x + 8},${y + BOX_HEIGHT}Z`;
}
/** A small cross-hair around (x, y): "show this person in the middle of the chart". */
function recentreIcon(x: number, y: number): string {
  return `M${x},${y - 7}V${y - 3.5}M${x},${y + 3.5}V${y + 7}M${x - 7},${y}H${x - 3.5}M${x + 3.5},${y}H${x + 7}M${x + 2.5},${y}A2.5,2.5 0 1 1 ${x - 2.5},${y}A2.5,2.5 0 1 1 ${x + 2.5},${y}`;
}
const RECENTRE_RADIUS = 12;
/** A plus around (x, y): "add a parent, partner or child" (editors only). */
function addIcon(x: number, y: number): string {
  return `M${x},${y - 5}V${y + 5}M${x - 5},${y}H${x + 5}`;
}
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
  /** The ids' start of what the chart's boxes share (ChartBoxSymbols): the portraits' clip. */
  symbolPrefix: string;
}

/**
 * What the boxes share, once per chart: the portraits' round clip (in the image's own units, so one
 * serves every box).
 */
export function ChartBoxSymbols({ prefix }: { prefix: string }) {
  return (
    <defs>
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
 * is pure and is not re-rendered on pan or zoom. Its shapes are placed at the chart's coordinates
 * (see the top of this file); the group only holds them together.
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
  const { x, y } = node;
  const recentre = { x: x + BOX_WIDTH - RECENTRE_RADIUS - 6, y: y + RECENTRE_RADIUS + 6 };
  const add = { x: x + BOX_WIDTH - ADD_RADIUS - 6, y: y + BOX_HEIGHT - ADD_RADIUS - 6 };
  return (
    <g
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
        <rect className={classes.boxFrame} x={x} y={y} width={BOX_WIDTH} height={BOX_HEIGHT} rx={8} />
        <path d={markerPath(x, y)} style={{ fill: `var(--mantine-color-${rootColors[person.rootRelation]}-6)` }} />
        {texts.portraitHref ? (
          <image
            className={classes.portrait}
            href={texts.portraitHref}
            x={x + PORTRAIT_X}
            y={y + PORTRAIT_Y}
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
            <tspan key={line.y} x={x + lines.x} y={y + line.y}>
              {/* A space between the lines, so that the text reads as the whole name. */}
              {index < lastName ? `${line.text} ` : line.text}
            </tspan>
          ))}
        </text>
        {lines.details ? (
          <text className={classes.details} x={x + lines.x} y={y + lines.details.y} data-testid="chart-box-details">
            {lines.details.text}
          </text>
        ) : null}
        {lines.occupation ? (
          <text className={classes.occupation} x={x + lines.x} y={y + lines.occupation.y}>
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
          <circle cx={recentre.x} cy={recentre.y} r={RECENTRE_RADIUS} />
          <path
            d={recentreIcon(recentre.x, recentre.y)}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.6}
            strokeLinecap="round"
          />
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
          <circle cx={add.x} cy={add.y} r={ADD_RADIUS} />
          <path d={addIcon(add.x, add.y)} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
        </a>
      ) : null}
    </g>
  );
});
