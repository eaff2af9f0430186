import type { PersonSummary } from '@anor/core';
import { ActionIcon, Group, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonLabel } from '../../lib/person-label/PersonLabel.tsx';
import { PortraitThumb } from '../media/index.ts';
import { GenderIcon } from './GenderIcon.tsx';
import classes from './PersonChip.module.css';
import { usePersonName } from './person-name.ts';
import { rootColors } from './root-colors.ts';

interface PersonChipProps {
  person: PersonSummary;
  /** Where the chip leads (a person page); otherwise `onClick`. */
  to?: string;
  onClick?: () => void;
  /** A short note after the name, such as "half sibling". */
  note?: ReactNode;
  /** Shown as a small remove button beside the chip (editors only). */
  onRemove?: () => void;
  testId?: string;
}

/**
 * A person shown inside another view: the name with the root colour (SPEC §4) as a bar and a tint,
 * the gender symbol, and what the colour means for screen readers.
 */
export function PersonChip({ person, to, onClick, note, onRemove, testId = 'person-chip' }: PersonChipProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const name = personName(person);
  const color = rootColors[person.rootRelation];
  const relation = person.rootRelation === 'none' ? null : t(`person.relation.${person.rootRelation}`);

  const content = (
    <Group gap={6} wrap="nowrap" miw={0}>
      <PortraitThumb person={person} size={22} />
      <GenderIcon
        gender={person.gender}
        size={15}
        color={`var(--mantine-color-${color}-8)`}
        style={{ flexShrink: 0 }}
      />
      <Text size="sm" fw={500} component="span" miw={0} style={{ display: 'flex' }}>
        <PersonLabel person={person} testId={`${testId}-label`} nameTestId={`${testId}-name`} />
      </Text>
      {note ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {note}
        </Text>
      ) : null}
      {relation ? <VisuallyHidden>, {relation}</VisuallyHidden> : null}
    </Group>
  );

  return (
    <Group
      gap={0}
      wrap="nowrap"
      className={classes.chip}
      style={{ '--chip-color': `var(--mantine-color-${color}-6)`, '--chip-tint': `var(--mantine-color-${color}-0)` }}
      data-testid={testId}
      data-person-id={person.id}
      data-root-relation={person.rootRelation}
    >
      {to ? (
        <UnstyledButton component={Link} to={to} className={classes.main} data-testid={`${testId}-link`}>
          {content}
        </UnstyledButton>
      ) : (
        <UnstyledButton onClick={onClick} className={classes.main} data-testid={`${testId}-link`}>
          {content}
        </UnstyledButton>
      )}
      {onRemove ? (
        <Tooltip label={t('person.family.remove')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            mr={4}
            onClick={onRemove}
            aria-label={t('person.family.removeNamed', { name })}
            data-testid={`${testId}-remove`}
          >
            <IconX aria-hidden size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
