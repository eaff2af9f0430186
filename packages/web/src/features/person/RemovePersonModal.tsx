import type { Person, PersonSummary } from '@anor/core';
import { Alert, Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useDeletePerson, useRemoveParent, useRemovePartner, useRemoveSibling } from './mutations.ts';
import { usePersonName } from './person-name.ts';
import { personQueries } from './queries.ts';

/** How the removed person is related to the viewed one. */
export type RemovableRelation = 'child' | 'parent' | 'partner' | 'sibling';

export interface RemovalTarget {
  person: PersonSummary;
  relation: RemovableRelation;
}

interface RemovePersonModalProps {
  treeId: string;
  /** The viewed person, from whose relation the target is removed. */
  anchor: Person;
  target: RemovalTarget | null;
  onClose: () => void;
  /** After a deletion, with the ids the server deleted. */
  onDeleted?: (deletedIds: string[]) => void;
}

/**
 * The remove-person modal of SPEC §4: take a person out of one relation only (they stay in the
 * tree), or delete them entirely. Removing a parent link asks whether to remove the child from both
 * parents and from its siblings too, when it has them.
 */
export function RemovePersonModal({ treeId, anchor, target, onClose, onDeleted }: RemovePersonModalProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const title = target ? t('personDialog.remove.title', { name: personName(target.person) }) : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered size="lg">
      {target ? (
        <RemovePersonForm
          key={`${target.relation}:${target.person.id}`}
          treeId={treeId}
          anchor={anchor}
          target={target}
          onClose={onClose}
          onDeleted={onDeleted}
        />
      ) : null}
    </Modal>
  );
}

function RemovePersonForm({
  treeId,
  anchor,
  target,
  onClose,
  onDeleted,
}: Omit<RemovePersonModalProps, 'target'> & { target: RemovalTarget }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const [choice, setChoice] = useState<'remove' | 'delete'>('remove');
  const [removeBothParents, setRemoveBothParents] = useState(false);
  const [removeFromSiblings, setRemoveFromSiblings] = useState(false);
  const removeParent = useRemoveParent(treeId);
  const removePartner = useRemovePartner(treeId);
  const removeSibling = useRemoveSibling(treeId);
  const deletePerson = useDeletePerson(treeId);
  const mutations = [removeParent, removePartner, removeSibling, deletePerson];
  const failed = mutations.find((mutation) => mutation.isError);

  const { person, relation } = target;
  const name = personName(person);
  const anchorName = personName(anchor);
  const isRoot = person.rootRelation === 'root';

  // Removing a parent link: the child is the target (relation child) or the viewed person (relation parent).
  const isParentLink = relation === 'child' || relation === 'parent';
  const childQuery = useQuery({
    ...personQueries.detail(treeId, person.id),
    enabled: relation === 'child',
  });
  const child = relation === 'parent' ? anchor : relation === 'child' ? childQuery.data : undefined;
  const parentId = relation === 'child' ? anchor.id : person.id;
  const otherParent = child?.parents.find((parent) => parent.id !== parentId) ?? null;
  const hasSiblings = (child?.siblings.length ?? 0) > 0;

  const confirm = () => {
    const done = { onSuccess: onClose };
    if (choice === 'delete') {
      deletePerson.mutate(person.id, {
        onSuccess: ({ deletedIds }) => {
          onClose();
          onDeleted?.(deletedIds);
        },
      });
      return;
    }
    if (isParentLink) {
      const childId = relation === 'child' ? person.id : anchor.id;
      removeParent.mutate(
        {
          childId,
          parentId,
          removeBothParents: otherParent ? removeBothParents : undefined,
          removeFromSiblings: hasSiblings ? removeFromSiblings : undefined,
        },
        done,
      );
    } else if (relation === 'partner') {
      removePartner.mutate({ personId: anchor.id, partnerId: person.id }, done);
    } else {
      removeSibling.mutate({ personId: anchor.id, siblingId: person.id }, done);
    }
  };

  const isPending = mutations.some((mutation) => mutation.isPending);
  const childName = child ? personName(child) : '';

  return (
    <Stack gap="md" data-testid="remove-person-form">
      <Text>{t('personDialog.remove.question', { name })}</Text>
      <Radio.Group value={choice} onChange={(value) => setChoice(value === 'delete' ? 'delete' : 'remove')}>
        <Stack gap="sm">
          <Radio.Card value="remove" p="md" radius="md" data-testid="remove-person-choice-relation">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <Text fw={600}>{t(`personDialog.remove.fromRelation.${relation}`, { name, anchor: anchorName })}</Text>
                <Text size="sm" c="dimmed">
                  {t('personDialog.remove.fromRelationHint')}
                </Text>
              </div>
            </Group>
          </Radio.Card>
          <Radio.Card value="delete" p="md" radius="md" disabled={isRoot} data-testid="remove-person-choice-delete">
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator disabled={isRoot} />
              <div>
                <Text fw={600}>{t('personDialog.remove.deleteEntirely', { name })}</Text>
                <Text size="sm" c="dimmed">
                  {isRoot ? t('person.delete.rootExplanation') : t('personDialog.remove.deleteHint')}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>

      {choice === 'remove' && isParentLink && (otherParent || hasSiblings) ? (
        <Stack gap="xs" data-testid="remove-person-questions">
          {otherParent ? (
            <Checkbox
              checked={removeBothParents}
              onChange={(event) => setRemoveBothParents(event.currentTarget.checked)}
              label={t('personDialog.remove.removeBothParents', { child: childName, name: personName(otherParent) })}
              data-testid="remove-person-both-parents"
            />
          ) : null}
          {hasSiblings ? (
            <Checkbox
              checked={removeFromSiblings}
              onChange={(event) => setRemoveFromSiblings(event.currentTarget.checked)}
              label={t('personDialog.remove.removeFromSiblings', { child: childName })}
              data-testid="remove-person-siblings"
            />
          ) : null}
        </Stack>
      ) : null}

      {choice === 'delete' ? (
        <Alert color="red" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('person.delete.text', { name })}
        </Alert>
      ) : null}
      <FormError message={failed ? t(errorKey(failed.error)) : undefined} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color={choice === 'delete' ? 'red' : undefined}
          loading={isPending}
          disabled={isParentLink && relation === 'child' && childQuery.isPending}
          onClick={confirm}
          data-testid="remove-person-confirm"
        >
          {choice === 'delete' ? t('person.delete.confirm') : t('personDialog.remove.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
