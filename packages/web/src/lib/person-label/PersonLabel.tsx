import type { ElementType, ReactNode } from 'react';
import classes from './PersonLabel.module.css';
import { type LabelPerson, type PersonLabelParts, usePersonLabel } from './person-label.ts';

interface LabelLook {
  /** inline: name and years on one line (chips, pickers); stacked: the years and place on a second line (cards, rows). */
  layout?: 'inline' | 'stacked';
  /** Show the birthplace too, where there is room (cards, list rows, search results). */
  withPlace?: boolean;
  /** Something after the name on its line (a "half sibling" note). */
  after?: ReactNode;
  /** The element around the label (a span unless told). */
  component?: ElementType;
  className?: string;
  testId?: string;
  /** The name's own test id; `{testId}-name` unless told. */
  nameTestId?: string;
}

export interface PersonLabelProps extends LabelLook {
  person: LabelPerson;
  /** The name form; the default is the display name of SPEC §3 (lists may pass the user's name order). */
  formatName?: (person: LabelPerson) => string;
}

/**
 * One person's name as every view shows it (issue 19 item 12): the name, the life years and, where
 * there is room, the birthplace, so that namesakes can be told apart. The name is cut with an
 * ellipsis only by CSS: the whole name stays in the page, so it is the accessible name, and the
 * hover text names the person in full with years and the whole birthplace. Screen readers hear
 * "born 1850, died 1920" rather than the abbreviations.
 */
export function PersonLabel({ person, formatName, ...look }: PersonLabelProps) {
  const label = usePersonLabel(formatName);
  return <PersonLabelView parts={label(person)} {...look} />;
}

/** The label drawn from ready parts (for callers that computed them already with `usePersonLabel`). */
export function PersonLabelView({
  parts,
  layout = 'inline',
  withPlace = false,
  after,
  component: Component = 'span',
  className,
  testId = 'person-label',
  nameTestId = `${testId}-name`,
}: LabelLook & { parts: PersonLabelParts }) {
  const place = withPlace ? parts.place : null;
  const details = [parts.years, place].filter(Boolean).join(' · ');
  const spoken = [parts.yearsLong, withPlace ? parts.placeFull : null].filter(Boolean).join(', ');
  return (
    <Component
      className={[classes.label, layout === 'stacked' ? classes.stacked : classes.inline, className]
        .filter(Boolean)
        .join(' ')}
      title={parts.full}
      data-testid={testId}
    >
      <span className={classes.nameLine}>
        <span className={parts.hasName ? classes.name : `${classes.name} ${classes.unknown}`} data-testid={nameTestId}>
          {parts.name}
        </span>
        {after}
      </span>
      {details ? (
        <>
          <span className={classes.details} aria-hidden data-testid={`${testId}-details`}>
            {details}
          </span>
          <span className={classes.spoken}>, {spoken}</span>
        </>
      ) : null}
    </Component>
  );
}
