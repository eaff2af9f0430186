import type { FamilyAnswer } from '@anor/core';
import { ActionIcon, Anchor, ColorSwatch, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBinaryTree2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonLabel } from '../../lib/person-label/PersonLabel.tsx';
import { GenderIcon } from '../person/GenderIcon.tsx';
import { usePersonName } from '../person/person-name.ts';
import { rootColors } from '../person/root-colors.ts';
import { handlePersonLinkClick } from './FamilyPersonCard.tsx';
import { familyMembers } from './family-relations.ts';
import type { PersonLinks } from './person-links.ts';

/** The family table tab: the same family as the family view, one row per person. */
export function FamilyTable({ family, links }: { family: FamilyAnswer; links: PersonLinks }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const members = familyMembers(family);
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        captionSide="top"
        data-testid="family-table"
        aria-label={t('familyTree.table.caption', { name: personName(family.person) })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('familyTree.table.relation')}</Table.Th>
            <Table.Th>{t('familyTree.table.name')}</Table.Th>
            <Table.Th>{t('familyTree.table.gender')}</Table.Th>
            <Table.Th>{t('familyTree.table.occupation')}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t('familyTree.table.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const { person } = member;
            const name = personName(person);
            const isSelf = member.relation === 'self';
            return (
              <Table.Tr
                key={member.key}
                data-testid="family-table-row"
                data-person-id={person.id}
                data-relation={member.relation}
                fw={isSelf ? 600 : undefined}
              >
                <Table.Td>{t(`familyTree.relation.${member.relation}`)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch
                      aria-hidden
                      size={10}
                      radius="xs"
                      withShadow={false}
                      color={`var(--mantine-color-${rootColors[person.rootRelation]}-6)`}
                    />
                    <Anchor
                      component={Link}
                      to={links.personHref(person.id)}
                      onClick={(event) => handlePersonLinkClick(event, person.id, links)}
                      c="var(--mantine-color-text)"
                      fw={isSelf ? 700 : 500}
                      miw={0}
                    >
                      <PersonLabel person={person} withPlace testId="family-table-label" />
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <GenderIcon gender={person.gender} color="var(--mantine-color-dimmed)" />
                    <Text size="sm">{t(`familyTree.gender.${person.gender}`)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {person.occupation ?? (
                    <Text span c="dimmed">
                      –
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {isSelf ? null : (
                    <Tooltip label={t('familyTree.family.showInChart')}>
                      <ActionIcon
                        component={Link}
                        to={links.chartHref(person.id)}
                        variant="subtle"
                        color="gray"
                        aria-label={t('familyTree.chart.showInChart', { name })}
                      >
                        <IconBinaryTree2 aria-hidden size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
