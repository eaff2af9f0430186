import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';
import { ConfirmModal } from './ConfirmModal.tsx';
import { LocationTree } from './LocationTree.tsx';
import type { ParentChoice } from './location-form.ts';
import type { HierarchyNode } from './location-tree.ts';

interface LocationTreeModalProps {
  treeId: string;
  opened: boolean;
  /** A place of the hierarchy to show. */
  anchorId: string;
  /** The place the tree is opened for (highlighted). */
  currentId: string | null;
  /** Show: open a place of the tree. */
  onShow: (node: HierarchyNode) => void;
  /**
   * Choose a parent for the edited place. Choosing marks a node; the choice counts once
   * confirmed, and closing with an unconfirmed choice asks first (SPEC §2).
   */
  choosing?: {
    /** The place being given a parent (null for a new place): it and its descendants are greyed out. */
    movingId: string | null;
    movingName: string;
    /** Its parent now: choosing another one asks "connect to other". */
    parent: ParentChoice | null;
    onChoose: (parent: ParentChoice) => void;
  };
  onClose: () => void;
}

type Question = 'connectToOther' | 'unconfirmed' | null;

/** The location tree in a modal: to look around the hierarchy, or to choose where a place lies. */
export function LocationTreeModal({
  treeId,
  opened,
  anchorId,
  currentId,
  onShow,
  choosing,
  onClose,
}: LocationTreeModalProps) {
  const { t } = useTranslation();
  const isSmall = useMediaQuery('(max-width: 800px)');
  const [selected, setSelected] = useState<HierarchyNode | null>(null);
  const [question, setQuestion] = useState<Question>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts without a choice.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    setSelected(null);
    setQuestion(null);
  }

  const close = () => {
    if (selected) setQuestion('unconfirmed');
    else onClose();
  };
  const apply = (node: HierarchyNode) => {
    choosing?.onChoose({ id: node.id, name: node.name });
    onClose();
  };
  const confirm = () => {
    if (!selected || !choosing) return;
    // SPEC §2: a place that already lies within another asks before it moves.
    if (choosing.parent && choosing.parent.id !== selected.id) setQuestion('connectToOther');
    else apply(selected);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      // Escape belongs to the question on top while one is open.
      closeOnEscape={question === null}
      size="xl"
      fullScreen={isSmall}
      centered
      zIndex={300}
      transitionProps={{ transition: 'fade', duration: 200 }}
      title={choosing ? t('places.tree.chooseTitle', { name: choosing.movingName }) : t('places.tree.title')}
      data-testid="location-tree-modal"
    >
      {opened ? (
        <Stack gap="md">
          {choosing ? (
            <Text size="sm" c="dimmed">
              {t('places.tree.chooseHint')}
            </Text>
          ) : null}
          <LocationTree
            treeId={treeId}
            anchorId={anchorId}
            currentId={currentId}
            movingId={choosing?.movingId ?? null}
            selectedId={selected?.id ?? null}
            onShow={onShow}
            onChoose={choosing ? setSelected : undefined}
            maxHeight={isSmall ? 'calc(100dvh - 200px)' : '60vh'}
          />
          {choosing ? (
            <Group justify="space-between" gap="sm" data-testid="location-tree-choice">
              <Text size="sm" c={selected ? undefined : 'dimmed'} data-testid="location-tree-chosen">
                {selected ? t('places.tree.chosen', { name: selected.name }) : t('places.tree.nothingChosen')}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  disabled={!selected}
                  onClick={() => setSelected(null)}
                  data-testid="location-tree-clear"
                >
                  {t('places.tree.clear')}
                </Button>
                <Button disabled={!selected} onClick={confirm} data-testid="location-tree-confirm">
                  {t('places.tree.confirm')}
                </Button>
              </Group>
            </Group>
          ) : null}
        </Stack>
      ) : null}
      <ConfirmModal
        opened={question === 'connectToOther'}
        title={t('places.connect.title')}
        confirmLabel={t('places.connect.confirm')}
        onConfirm={() => {
          setQuestion(null);
          if (selected) apply(selected);
        }}
        onCancel={() => setQuestion(null)}
        testId="location-connect-other"
      >
        {t('places.connect.text', {
          name: choosing?.movingName ?? '',
          parent: choosing?.parent?.name ?? '',
          other: selected?.name ?? '',
        })}
      </ConfirmModal>
      <ConfirmModal
        opened={question === 'unconfirmed'}
        title={t('places.tree.unconfirmed.title')}
        confirmLabel={t('places.tree.unconfirmed.close')}
        cancelLabel={t('places.tree.unconfirmed.keep')}
        onConfirm={() => {
          setQuestion(null);
          onClose();
        }}
        onCancel={() => setQuestion(null)}
        testId="location-tree-unconfirmed"
      >
        {t('places.tree.unconfirmed.text', { name: selected?.name ?? '' })}
      </ConfirmModal>
    </Modal>
  );
}
