import { Anchor, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RecordedChangeSet } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
import { changeSetHref, dependentChange, undoErrorText } from './describe.ts';
import { undoChangeSets } from './queries.ts';

const NOTICE_ID = 'mutation-notice';
const UNDO_ERROR_ID = 'undo-error';

interface UndoNoticeProps {
  text: string;
  changeSets: readonly RecordedChangeSet[];
  queryClient: QueryClient;
}

/** The notice's text with "Undo", which undoes exactly the change sets of the save it confirms. */
function UndoNotice({ text, changeSets, queryClient }: UndoNoticeProps) {
  const [isUndoing, setIsUndoing] = useState(false);
  const undo = async () => {
    setIsUndoing(true);
    const byTree = new Map<string, RecordedChangeSet[]>();
    for (const changeSet of changeSets)
      byTree.set(changeSet.treeId, [...(byTree.get(changeSet.treeId) ?? []), changeSet]);
    try {
      for (const [treeId, sets] of byTree) {
        await undoChangeSets(
          treeId,
          sets.map((changeSet) => changeSet.id),
        );
      }
      notifications.hide(NOTICE_ID);
      notifications.show({ color: 'forest', message: i18n.t('history.undone'), autoClose: 2500, withBorder: true });
    } catch (error) {
      notifications.hide(NOTICE_ID);
      const later = dependentChange(error);
      const treeId = changeSets[0]?.treeId ?? '';
      notifications.show({
        id: UNDO_ERROR_ID,
        color: 'red',
        title: i18n.t('shell.errorTitle'),
        autoClose: false,
        message: (
          <span data-testid="undo-notice-error">
            {undoErrorText(i18n.t, error, i18n.language)}{' '}
            {later ? (
              <Anchor href={changeSetHref(treeId, later.changeSet)} size="sm">
                {i18n.t('history.showDependent')}
              </Anchor>
            ) : null}
          </span>
        ),
      });
    } finally {
      // Whatever came back (or did not), the pages ask again.
      void queryClient.invalidateQueries();
    }
  };
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{text}</Text>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => void undo()}
        loading={isUndoing}
        data-testid="notice-undo"
      >
        {i18n.t('history.undo')}
      </Button>
    </Group>
  );
}

/**
 * The short notice after a save or delete (issue 19 item 22) with "Undo" (issue 21), when the
 * server named the change sets the save recorded (the `Anor-Change-Set` header). It stays long
 * enough to be clicked.
 */
export function showUndoableNotice(
  text: string,
  changeSets: readonly RecordedChangeSet[],
  queryClient: QueryClient,
): void {
  notifications.hide(NOTICE_ID);
  notifications.show({
    id: NOTICE_ID,
    color: 'forest',
    message: <UndoNotice text={text} changeSets={changeSets} queryClient={queryClient} />,
    autoClose: 8000,
    withBorder: true,
  });
}
