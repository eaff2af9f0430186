import type { PersonSummary } from '@anor/core';
import { ActionIcon, Anchor, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconBinaryTree2 } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonLabel } from '../../lib/person-label/PersonLabel.tsx';
import { PortraitThumb } from '../media/index.ts';
import { GenderIcon } from '../person/GenderIcon.tsx';
import { usePersonName } from '../person/person-name.ts';
import { rootColors } from '../person/root-colors.ts';
import classes from './FamilyView.module.css';
import type { FamilyMember } from './family-relations.ts';
import type { PersonLinks } from './person-links.ts';

/** A plain click opens the person dialog; a click with a modifier key follows the link to the person page. */
export function handlePersonLinkClick(event: MouseEvent, personId: string, links: PersonLinks) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  links.onOpen(personId);
}

/** One person of the family view: relation, name with life years and birthplace, occupation, root colour, and "show in chart". */
export function FamilyPersonCard({ member, links }: { member: FamilyMember; links: PersonLinks }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const person: PersonSummary = member.person;
  const name = personName(person);
  const isSelf = member.relation === 'self';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={isSelf ? `${classes.card} ${classes.self}` : classes.card}
      style={{ '--card-color': `var(--mantine-color-${rootColors[person.rootRelation]}-6)` }}
      data-testid="family-card"
      data-person-id={person.id}
      data-relation={member.relation}
    >
      <Group wrap="nowrap" gap="xs" align="flex-start">
        <PortraitThumb person={person} size={44} />
        <div style={{ flex: 1, minWidth: 0 }}>
          {isSelf ? null : (
            <Text size="xs" c="dimmed" fw={600}>
              {t(`familyTree.relation.${member.relation}`)}
            </Text>
          )}
          <Group gap={6} wrap="nowrap" align="flex-start">
            <GenderIcon
              gender={person.gender}
              size={15}
              color="var(--mantine-color-dimmed)"
              style={{ flexShrink: 0, marginTop: 4 }}
            />
            <Anchor
              component={Link}
              to={links.personHref(person.id)}
              onClick={(event) => handlePersonLinkClick(event, person.id, links)}
              fw={600}
              c="var(--mantine-color-text)"
              miw={0}
              data-testid="family-card-name"
            >
              <PersonLabel person={person} layout="stacked" withPlace testId="family-card-label" />
            </Anchor>
          </Group>
          <Text size="sm" c="dimmed" truncate="end">
            {person.occupation ?? '\u00a0'}
          </Text>
        </div>
        {isSelf ? null : (
          <Tooltip label={t('familyTree.family.showInChart')}>
            <ActionIcon
              component={Link}
              to={links.chartHref(person.id)}
              variant="subtle"
              color="gray"
              aria-label={t('familyTree.chart.showInChart', { name })}
              data-testid="family-card-recentre"
            >
              <IconBinaryTree2 aria-hidden size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Paper>
  );
}
