import { trashDays } from '@anor/core';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { trashQueries, useRestoreTree } from './queries.ts';
import { useShortDate } from './TrashPage.tsx';

/**
 * The owner's deleted trees (issue 21) on the trees page: each with the date it is deleted for
 * good, and "Restore", which the server allows within the owner's plan (a free account's one tree).
 * Nothing shows while there are none.
 */
export function DeletedTrees({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const date = useShortDate();
  const deleted = useQuery(trashQueries.deletedTrees(userId));
  const restore = useRestoreTree(userId);
  if (!deleted.data || deleted.data.length === 0) return null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} mt="xl" component="section" aria-labelledby="deleted-trees-title">
      <Title order={2} fz="h4" id="deleted-trees-title">
        {t('trees.deleted.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('trees.deleted.text', { days: trashDays })}
      </Text>
      {restore.isError ? (
        <Alert color="red" variant="light" mb="sm" data-testid="deleted-tree-error">
          {t(errorKey(restore.error))}
        </Alert>
      ) : null}
      <Stack gap="xs" data-testid="deleted-trees">
        {deleted.data.map((tree) => (
          <Group key={tree.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="deleted-tree">
            <Stack gap={0} miw={0}>
              <Text fw={600}>{tree.name}</Text>
              <Text size="sm" c="dimmed">
                {t('trees.deleted.persons', { count: tree.personsAmount })}
                {' · '}
                {t('trees.deleted.when', { deleted: date(tree.deletedAt), purge: date(tree.purgeAt) })}
              </Text>
            </Stack>
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconRestore aria-hidden size={16} />}
              loading={restore.isPending && restore.variables === tree.id}
              aria-label={t('trees.deleted.restoreNamed', { name: tree.name })}
              onClick={() =>
                restore.mutate(tree.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'forest',
                      message: t('trees.deleted.restored', { name: tree.name }),
                      withBorder: true,
                    }),
                })
              }
              data-testid="deleted-tree-restore"
            >
              {t('trees.deleted.restore')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
