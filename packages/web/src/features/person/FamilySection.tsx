import type { Person, PersonSummary } from '@anor/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/messages.ts';
import { PersonChip } from './PersonChip.tsx';
import { personHref } from './paths.ts';
import { type PersonFormMode, parentAddModes } from './person-form-modes.ts';
import type { RemovableRelation, RemovalTarget } from './RemovePersonModal.tsx';

interface FamilySectionProps {
  treeId: string;
  person: Person;
  canEdit: boolean;
  onAdd: (mode: PersonFormMode) => void;
  onRemove: (target: RemovalTarget) => void;
}

const addLabels: Partial<Record<PersonFormMode, TranslationKey>> = {
  father: 'person.family.addFather',
  mother: 'person.family.addMother',
  parent: 'person.family.addParent',
  partner: 'person.family.addPartner',
  sibling: 'person.family.addSibling',
};

interface RelativeGroupProps {
  title: string;
  emptyText: string;
  testId: string;
  chips: ReactNode[];
  addButtons: ReactNode[];
}

function RelativeGroup({ title, emptyText, testId, chips, addButtons }: RelativeGroupProps) {
  return (
    <Stack gap={8} component="section" data-testid={testId}>
      <Text component="h3" size="xs" fw={700} c="dimmed" tt="uppercase" m={0} style={{ letterSpacing: '0.05em' }}>
        {title}
      </Text>
      {chips.length > 0 ? (
        <Group gap="xs">{chips}</Group>
      ) : (
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      )}
      {addButtons.length > 0 ? <Group gap="xs">{addButtons}</Group> : null}
    </Stack>
  );
}

/** Parents, partners and siblings as clickable person chips, with add and remove for editors. */
export function FamilySection({ treeId, person, canEdit, onAdd, onRemove }: FamilySectionProps) {
  const { t } = useTranslation();

  const addButtons = (modes: PersonFormMode[]) =>
    canEdit
      ? modes.map((mode) => (
          <Button
            key={mode}
            variant="light"
            size="compact-sm"
            leftSection={<IconUserPlus aria-hidden size={14} />}
            onClick={() => onAdd(mode)}
            data-testid={`add-${mode}`}
          >
            {t(addLabels[mode] ?? 'person.family.addParent')}
          </Button>
        ))
      : [];

  const chips = (persons: PersonSummary[], relation: RemovableRelation, notes: Map<string, string> = new Map()) =>
    persons.map((relative) => (
      <PersonChip
        key={relative.id}
        person={relative}
        to={personHref(treeId, relative.id)}
        note={notes.get(relative.id)}
        onRemove={canEdit ? () => onRemove({ person: relative, relation }) : undefined}
        testId={`${relation}-chip`}
      />
    ));

  const siblingNotes = new Map(
    person.siblings
      .filter((sibling) => sibling.kind === 'half')
      .map((sibling) => [sibling.id, t('person.family.halfSibling')] as const),
  );

  return (
    <Stack gap="lg">
      <RelativeGroup
        title={t('person.family.parents')}
        emptyText={t('person.family.noParents')}
        testId="family-parents"
        chips={chips(person.parents, 'parent')}
        addButtons={addButtons(parentAddModes(person.parents))}
      />
      <RelativeGroup
        title={t('person.family.partners')}
        emptyText={t('person.family.noPartners')}
        testId="family-partners"
        chips={chips(person.partners, 'partner')}
        addButtons={addButtons(['partner'])}
      />
      <RelativeGroup
        title={t('person.family.siblings')}
        emptyText={t('person.family.noSiblings')}
        testId="family-siblings"
        chips={chips(person.siblings, 'sibling', siblingNotes)}
        addButtons={addButtons(['sibling'])}
      />
    </Stack>
  );
}
