import { Button, Loader, ScrollArea, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { formatBytes } from '../../lib/format-bytes.ts';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { personHref } from '../person/paths.ts';
import { personQueries } from '../person/queries.ts';
import { treeQueries } from '../trees/queries.ts';
import { MediaCollection } from './MediaCollection.tsx';
import { mediaQueries } from './queries.ts';

/**
 * The tree's photos and documents at /app/:treeId/media: thumbnails newest first, paged on the
 * server ("Show more" asks for the next page), and for the owner uploads that belong to no item
 * yet and the storage the tree's files take.
 */
export function MediaListPage() {
  const { treeId = '' } = useParams();
  const { t, i18n } = useTranslation();
  usePageTitle(t('media.page.title'));
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const mainNodes = useQuery({ ...personQueries.mainNodes(treeId), enabled: treeId !== '' });
  const media = useInfiniteQuery({ ...mediaQueries.list(treeId), enabled: treeId !== '' });
  const canEdit = mainNodes.data?.canEdit === true;
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const items = media.data?.pages.flatMap((page) => page.media) ?? [];
  const bytes = tree.data?.mediaBytes;

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('media.page.title')}
      subtitle={(name) => t('media.page.subtitle', { tree: name })}
      actions={
        bytes !== undefined && canEdit ? (
          <Text size="sm" c="dimmed" data-testid="media-storage">
            {t('media.page.storage', { used: formatBytes(bytes, i18n.language) })}
          </Text>
        ) : undefined
      }
      testId="media-page"
    >
      {media.isError ? (
        <ErrorView error={media.error} onRetry={() => void media.refetch()} />
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <MediaCollection
            treeId={treeId}
            media={items}
            isLoading={media.isPending || mainNodes.isPending}
            canEdit={canEdit}
            emptyText={t('media.page.empty')}
            testId="media-list"
            footer={
              media.isPending ? (
                <Loader aria-label={t('shell.loading')} />
              ) : media.hasNextPage ? (
                <Button
                  variant="default"
                  onClick={() => void media.fetchNextPage()}
                  loading={media.isFetchingNextPage}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="media-load-more"
                >
                  {t('media.page.loadMore')}
                </Button>
              ) : null
            }
          />
        </ScrollArea>
      )}
    </ListPage>
  );
}
