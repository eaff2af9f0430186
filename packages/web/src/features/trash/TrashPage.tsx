import { type TrashItem, trashDays } from '@anor/core';
import { Alert, Badge, Button, Card, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { errorKey, isTranslationKey } from '../../i18n/messages.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { useEventTypeName } from '../event/type-names.tsx';
import { personHref } from '../person/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import { trashQueries, useRestoreFromTrash } from './queries.ts';

/** A date as the user's language writes it (“29 nov. 2026”). */
export function useShortDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (iso) => format.format(new Date(iso));
}

/**
 * The tree's trash (issue 21) at /app/:treeId/trash, the owner's only: deleted persons, events,
 * places, sources and notes of the last 30 days, newest first, each with its name as it was, when
 * and by whom it was deleted, the links that went with it and the date it is purged; "Restore" puts
 * back everything its delete removed (the server refuses, naming the later change, when one depends on it).
 */
export function TrashPage() {
  const { treeId = '' } = useParams();
  const { t } = useTranslation();
  usePageTitle(t('trash.title'));
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const trash = useInfiniteQuery({ ...trashQueries.tree(treeId), enabled: treeId !== '' });
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const items = trash.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('trash.title')}
      subtitle={(name) => name}
      beforeList={
        <Text size="sm" c="dimmed" mb="sm" maw={720}>
          {t('trash.intro', { days: trashDays })}
        </Text>
      }
      actions={trash.isFetching ? <Loader size="xs" aria-label={t('shell.loading')} /> : undefined}
      testId="trash-page"
    >
      {trash.isError ? (
        <ErrorView error={trash.error} onRetry={() => void trash.refetch()} />
      ) : trash.isPending ? (
        <Loader aria-label={t('shell.loading')} />
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="trash-empty">
          {t('trash.empty')}
        </Text>
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Stack gap="sm" pb="md" data-testid="trash-list">
            {items.map((item) => (
              <TrashCard key={`${item.changeSetId}-${item.id}`} treeId={treeId} item={item} />
            ))}
            {trash.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={trash.isFetchingNextPage}
                  onClick={() => void trash.fetchNextPage()}
                  data-testid="trash-more"
                >
                  {t('trash.more')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </ScrollArea>
      )}
    </ListPage>
  );
}

function TrashCard({ treeId, item }: { treeId: string; item: TrashItem }) {
  const { t } = useTranslation();
  const date = useShortDate();
  const eventTypeName = useEventTypeName();
  const eventKey = `events.types.${item.eventType ?? ''}.name`;
  const name =
    item.kind === 'event' && item.eventType && (item.label || isTranslationKey(eventKey))
      ? eventTypeName({ type: item.eventType as never, typeName: item.label })
      : (item.label ?? t('trash.unnamed'));
  const restore = useRestoreFromTrash(treeId, () =>
    notifications.show({ color: 'forest', message: t('trash.restored', { name }), autoClose: 4000, withBorder: true }),
  );
  const links = item.links
    .map((link) => {
      const key = `trash.linkKinds.${link.kind}`;
      return `${isTranslationKey(key) ? t(key) : link.kind} (${link.count})`;
    })
    .join(', ');
  const others = item.objectsInDelete - 1;

  return (
    <Card withBorder padding="md" component="section" aria-label={name} data-testid="trash-item">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <Badge variant="light" data-testid="trash-item-kind">
              {t(`trash.kinds.${item.kind}`)}
            </Badge>
            <Text fw={600} data-testid="trash-item-name">
              {name}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {item.userName
              ? t('trash.deletedBy', { date: date(item.deletedAt), name: item.userName })
              : t('trash.deletedOn', { date: date(item.deletedAt) })}
            {' · '}
            {t('trash.purgeOn', { date: date(item.purgeAt) })}
          </Text>
          {links ? (
            <Text size="sm" data-testid="trash-item-links">
              {t('trash.links', { links })}
            </Text>
          ) : null}
          {others > 0 ? (
            <Text size="sm" c="dimmed">
              {t('trash.together', { count: others })}
            </Text>
          ) : null}
        </Stack>
        <Button
          variant="light"
          leftSection={<IconRestore aria-hidden size={16} />}
          loading={restore.isPending}
          aria-label={t('trash.restoreNamed', { name })}
          onClick={() => restore.mutate(item.changeSetId)}
          data-testid="trash-restore"
        >
          {t('trash.restore')}
        </Button>
      </Group>
      {restore.isError ? (
        <Alert color="red" variant="light" p="xs" mt="sm" data-testid="trash-restore-error">
          <Text size="sm">{t(errorKey(restore.error))}</Text>
        </Alert>
      ) : null}
    </Card>
  );
}
