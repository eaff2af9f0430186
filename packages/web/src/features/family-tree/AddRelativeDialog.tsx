import type { Gender } from '@anor/core';
import { Button, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { PersonLabel } from '../../lib/person-label/PersonLabel.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { PersonFormDialog } from '../person/PersonFormDialog.tsx';
import { type PersonFormMode, parentAddModes } from '../person/person-form-modes.ts';
import { usePersonName } from '../person/person-name.ts';
import { personQueries } from '../person/queries.ts';
import type { ChartKind } from './ChartView.tsx';

/** What the chooser offers: the parents that may still be added, a partner and a child. */
type Choice = 'father' | 'mother' | 'parent' | 'partner' | 'child';

const choiceLabels = {
  father: 'person.family.addFather',
  mother: 'person.family.addMother',
  parent: 'person.family.addParent',
  partner: 'person.family.addPartner',
  child: 'person.family.addChild',
} as const;

const parentGender: Record<'father' | 'mother' | 'parent', Gender> = {
  father: 'male',
  mother: 'female',
  parent: 'unknown',
};

/**
 * The mode of SPEC §4 a choice opens. In the ancestor chart a parent is added in the "ancestor"
 * mode (the title says "add ancestor", the gender comes from the chosen father or mother, and the
 * "add another" that follows the first parent flips it for the second); elsewhere as on the person page.
 */
export function modeOfChoice(choice: Choice, kind: ChartKind): { mode: PersonFormMode; gender?: Gender } {
  if (choice === 'partner' || choice === 'child') return { mode: choice };
  if (kind === 'ancestors') return { mode: 'ancestor', gender: parentGender[choice] };
  return { mode: choice };
}

interface AddRelativeDialogProps {
  treeId: string;
  kind: ChartKind;
  /** The person of the chart box; the dialog is closed while it is null. */
  personId: string | null;
  onClose: () => void;
}

/**
 * "Add a relative" from a chart box (issue 19 item 13): a parent (father, mother, or the one still
 * missing), a partner or a child of the box's person, then the person create dialog in that mode
 * (search an existing person or create a new one). The chart refreshes by the mutations' own
 * invalidation of the tree's charts.
 */
export function AddRelativeDialog({ treeId, kind, personId, onClose }: AddRelativeDialogProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const modalProps = usePersonModalProps('md');
  const [chosen, setChosen] = useState<{ mode: PersonFormMode; gender?: Gender } | null>(null);
  const person = useQuery({ ...personQueries.detail(treeId, personId ?? ''), enabled: personId !== null });
  const anchor = person.data?.id === personId ? person.data : undefined;

  const close = () => {
    setChosen(null);
    onClose();
  };

  const parentChoices = anchor ? (parentAddModes(anchor.parents) as Choice[]) : [];
  const choices: Choice[] = [...parentChoices, 'partner', 'child'];

  return (
    <>
      <Modal
        {...modalProps}
        opened={personId !== null && chosen === null}
        onClose={close}
        title={
          anchor ? t('familyTree.chart.addRelative', { name: personName(anchor) }) : t('familyTree.chart.loadingPerson')
        }
        data-testid="add-relative-dialog"
      >
        {person.isError ? (
          <ErrorView error={person.error} onRetry={() => void person.refetch()} />
        ) : !anchor ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('familyTree.chart.loadingPerson')}</Text>
          </Group>
        ) : (
          <>
            <Text size="sm" mb="sm" c="dimmed">
              <PersonLabel person={anchor} withPlace testId="add-relative-person" />
            </Text>
            {parentChoices.length === 0 ? (
              <Text size="sm" mb="sm" data-testid="add-relative-both-parents">
                {t('familyTree.chart.bothParents', { name: personName(anchor) })}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {choices.map((choice) => (
                <Button
                  key={choice}
                  variant="light"
                  leftSection={<IconUserPlus aria-hidden size={16} />}
                  onClick={() => setChosen(modeOfChoice(choice, kind))}
                  data-testid={`add-relative-${choice}`}
                >
                  {t(choiceLabels[choice])}
                </Button>
              ))}
            </SimpleGrid>
          </>
        )}
      </Modal>
      <PersonFormDialog
        treeId={treeId}
        mode={chosen && anchor ? chosen.mode : null}
        initialGender={chosen?.gender}
        anchor={anchor ?? null}
        onClose={close}
      />
    </>
  );
}
