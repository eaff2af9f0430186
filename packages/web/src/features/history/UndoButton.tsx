import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../lib/Modal.tsx';
import { changeSetHref, dependentChange, undoErrorText } from './describe.ts';
import { useUndoChangeSet } from './queries.ts';

interface UndoButtonProps {
  treeId: string;
  changeSetId: number;
}

/**
 * "Undo" of one change set: asks first, then undoes it on the server. A refusal because a later
 * change depends on it says which, with a link to that change on the recent changes page.
 */
export function UndoButton({ treeId, changeSetId }: UndoButtonProps) {
  const { t, i18n } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);
  const undo = useUndoChangeSet(treeId, () =>
    notifications.show({ color: 'forest', message: t('history.undone'), autoClose: 2500, withBorder: true }),
  );
  const later = undo.isError ? dependentChange(undo.error) : null;

  const confirm = () => {
    undo.mutate(changeSetId, { onSuccess: () => setIsAsking(false), onError: () => setIsAsking(false) });
  };

  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        onClick={() => {
          undo.reset();
          setIsAsking(true);
        }}
        data-testid="history-undo"
      >
        {t('history.undo')}
      </Button>
      {undo.isError ? (
        <Alert color="red" variant="light" p="xs" data-testid="history-undo-error">
          <Text size="sm">{undoErrorText(t, undo.error, i18n.language)}</Text>
          {later ? (
            <Anchor
              component={Link}
              to={changeSetHref(treeId, later.changeSet)}
              size="sm"
              data-testid="history-dependent-link"
            >
              {t('history.showDependent')}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}
      <Modal opened={isAsking} onClose={() => setIsAsking(false)} title={t('history.undoTitle')} centered>
        <Stack>
          <Text size="sm">{t('history.undoText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={confirm} loading={undo.isPending} data-testid="history-undo-confirm">
              {t('history.confirmUndo')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
