import type { FamilyAnswer } from '@anor/core';
import { Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../person/person-name.ts';
import { FamilyPersonCard } from './FamilyPersonCard.tsx';
import classes from './FamilyView.module.css';
import { childrenByOtherParent, type FamilyMember, familyMembers } from './family-relations.ts';
import type { PersonLinks } from './person-links.ts';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" data-testid={testId}>
      <Title order={2} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Cards({
  members,
  links,
  cols = { base: 1, xs: 2, md: 4 },
}: {
  members: FamilyMember[];
  links: PersonLinks;
  cols?: { base: number; xs?: number; md?: number };
}) {
  const { t } = useTranslation();
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('familyTree.family.noneRegistered')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {members.map((member) => (
        <FamilyPersonCard key={member.key} member={member} links={links} />
      ))}
    </SimpleGrid>
  );
}

/** The family tab: the person with grandparents, parents, partners, siblings and children, generation by generation. */
export function FamilyView({ family, links }: { family: FamilyAnswer; links: PersonLinks }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const members = familyMembers(family);
  const inGroup = (group: FamilyMember['group']) => members.filter((member) => member.group === group);
  const childGroups = childrenByOtherParent(family, members);

  return (
    <Stack gap="xl" data-testid="family-view">
      <Section title={t('familyTree.family.grandparents')} testId="family-grandparents">
        <Cards members={inGroup('grandparents')} links={links} />
      </Section>
      <Section title={t('familyTree.family.parents')} testId="family-parents">
        <Cards members={inGroup('parents')} links={links} />
      </Section>
      {/* The person and their partners share a row, with the cards as wide as the others. */}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
          <Section title={t('familyTree.family.person')} testId="family-self">
            <Cards members={inGroup('self')} links={links} cols={{ base: 1 }} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, md: 9 }} mt={{ base: 'md', xs: 0 }}>
          <Section title={t('familyTree.family.partners')} testId="family-partners">
            <Cards members={inGroup('partners')} links={links} cols={{ base: 1, md: 3 }} />
          </Section>
        </Grid.Col>
      </Grid>
      <Section title={t('familyTree.family.siblings')} testId="family-siblings">
        <Cards members={inGroup('siblings')} links={links} />
      </Section>
      <Section title={t('familyTree.family.children')} testId="family-children">
        {childGroups.length === 0 ? <Cards members={[]} links={links} /> : null}
        {childGroups.map((group) => (
          <Stack key={group.key} gap={6}>
            <Text size="sm" fw={500} data-testid="family-children-group">
              {group.otherParent
                ? t('familyTree.family.childrenWith', { name: personName(group.otherParent) })
                : group.otherParentId
                  ? t('familyTree.family.childrenWithOther')
                  : t('familyTree.family.childrenWithUnknown')}
            </Text>
            <Cards members={group.children} links={links} />
          </Stack>
        ))}
      </Section>
    </Stack>
  );
}
