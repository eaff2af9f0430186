import type { ChangeSet } from '@anor/core';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatWhen, whoText } from './describe.ts';

type HeaderChangeSet = Pick<ChangeSet, 'id' | 'kind' | 'createdAt' | 'userId' | 'userName' | 'undoneBy' | 'undoes'>;

/** A change set's line: its kind, when and by whom, and whether it was undone or is an undo. */
export function ChangeSetHeader({ changeSet }: { changeSet: HeaderChangeSet }) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light" data-testid="history-kind" data-kind={changeSet.kind}>
        {t(`history.kind.${changeSet.kind}`)}
      </Badge>
      <Text size="sm">{formatWhen(changeSet.createdAt, i18n.language)}</Text>
      <Text size="sm" c="dimmed">
        {whoText(t, changeSet.userName, changeSet.userId)}
      </Text>
      {changeSet.undoneBy !== null ? (
        <Badge color="gray" variant="outline" data-testid="history-was-undone">
          {t('history.wasUndone')}
        </Badge>
      ) : null}
      {changeSet.undoes !== null ? (
        <Text size="xs" c="dimmed">
          {t('history.isUndo', { id: changeSet.undoes })}
        </Text>
      ) : null}
    </Group>
  );
}
