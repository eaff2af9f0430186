import type { PersonSummary, RootRelation } from '@anor/core';
import { Box, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listRowActionClass } from '../../lib/list/List.tsx';
import { useListName } from '../../lib/name-order.ts';
import { PersonLabelView } from '../../lib/person-label/PersonLabel.tsx';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { PortraitThumb } from '../media/index.ts';
import { GenderIcon } from '../person/GenderIcon.tsx';
import { rootColors } from '../person/root-colors.ts';
import classes from './PersonRow.module.css';

/** Two lines (name and occupation) with room around them; the list's page size follows from it. */
export const PERSON_ROW_HEIGHT = 56;

/** The root colour of SPEC §4 as a dot: root yellow, ancestor red, descendant blue, anyone else a neutral ring. */
export function RootMarker({ relation, size = 12 }: { relation: RootRelation; size?: number }) {
  const color = rootColors[relation];
  return (
    <Box
      component="span"
      aria-hidden
      className={classes.marker}
      data-relation={relation}
      style={{
        width: size,
        height: size,
        '--marker-color': relation === 'none' ? 'var(--mantine-color-gray-5)' : `var(--mantine-color-${color}-6)`,
      }}
    />
  );
}

interface PersonRowProps {
  person: PersonSummary;
  /** The person page to open; or else `onSelect`. */
  to?: string;
  onSelect?: (person: PersonSummary) => void;
  /** The visible name of the select action, e.g. "Choose". */
  selectLabel?: string;
  /** Shown but not selectable (already added, or the person being edited). */
  isExcluded?: boolean;
}

/** One person in a list: root-colour marker, portrait (when there is one), name ("unknown name" when none) with life years, occupation and birthplace, gender. */
export function PersonRow({ person, to, onSelect, selectLabel, isExcluded = false }: PersonRowProps) {
  const { t } = useTranslation();
  const personName = useListName();
  // Life years beside the name, the birthplace on the second line (issue 19 item 12): namesakes apart.
  const label = usePersonLabel(personName)(person);
  const secondLine = [person.occupation, label.place].filter(Boolean).join(' · ');

  const content = (
    <>
      <RootMarker relation={person.rootRelation} />
      <PortraitThumb person={person} size={36} />
      <Box className={classes.text}>
        <Text fw={600} lh={1.35} component="div" style={{ display: 'flex', minWidth: 0 }}>
          <PersonLabelView parts={label} testId="person-row-label" nameTestId="person-row-name" />
        </Text>
        {person.rootRelation === 'none' ? null : (
          <VisuallyHidden>({t(`personSearch.relation.${person.rootRelation}`)})</VisuallyHidden>
        )}
        {secondLine ? (
          <Text size="sm" c="dimmed" truncate="end" lh={1.35} title={label.placeFull ?? undefined}>
            {person.occupation ? <span data-testid="person-row-occupation">{person.occupation}</span> : null}
            {person.occupation && label.place ? ' · ' : null}
            {label.place ? <span data-testid="person-row-place">{label.place}</span> : null}
          </Text>
        ) : null}
      </Box>
      <GenderIcon gender={person.gender} size={18} className={classes.gender} />
      {to ? <IconChevronRight aria-hidden size={18} className={classes.trailing} /> : null}
      {onSelect ? (
        <Text size="sm" fw={600} className={classes.selectLabel} data-excluded={isExcluded || undefined}>
          {isExcluded ? t('personSearch.excluded') : (selectLabel ?? t('personSearch.select'))}
        </Text>
      ) : null}
    </>
  );

  const rowProps = {
    className: listRowActionClass,
    'data-testid': 'person-row',
    'data-person-id': person.id,
    'data-root-relation': person.rootRelation,
    'data-gender': person.gender,
  };
  if (to) {
    return (
      <UnstyledButton component={Link} to={to} {...rowProps}>
        {content}
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton
      {...rowProps}
      disabled={isExcluded}
      onClick={() => {
        if (!isExcluded) onSelect?.(person);
      }}
    >
      {content}
    </UnstyledButton>
  );
}
