import type { MediaNodeKind } from '@anor/core';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { MediaThumb } from './MediaThumb.tsx';
import { useLinkMedia } from './mutations.ts';
import { mediaQueries } from './queries.ts';

interface LinkExistingModalProps {
  treeId: string;
  node: { id: string; kind: MediaNodeKind };
  opened: boolean;
  /** The media the item has already (not offered again). */
  linkedIds: ReadonlySet<string>;
  onClose: () => void;
  zIndex?: number;
}

/** Picks one of the tree's files (newest first, paged) and links it to the item: one file, several items. */
export function LinkExistingModal({ treeId, node, opened, linkedIds, onClose, zIndex }: LinkExistingModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('media.link.title')}
      size="xl"
      zIndex={zIndex}
      data-testid="media-link-modal"
    >
      {opened ? <LinkChoices treeId={treeId} node={node} linkedIds={linkedIds} onClose={onClose} /> : null}
    </Modal>
  );
}

function LinkChoices({ treeId, node, linkedIds, onClose }: Omit<LinkExistingModalProps, 'opened' | 'zIndex'>) {
  const { t } = useTranslation();
  const list = useInfiniteQuery(mediaQueries.list(treeId));
  const linkMedia = useLinkMedia(treeId);
  const choices = (list.data?.pages.flatMap((page) => page.media) ?? []).filter((item) => !linkedIds.has(item.id));
  const choose = (mediaId: string) =>
    linkMedia.mutate({ mediaId, link: { nodeId: node.id, nodeKind: node.kind } }, { onSuccess: onClose });

  if (list.isPending) return <Loader aria-label={t('shell.loading')} />;
  return (
    <Stack gap="md">
      {list.isError ? <FormError message={t(errorKey(list.error))} /> : null}
      {choices.length === 0 && !list.hasNextPage ? (
        <Text size="sm" c="dimmed" data-testid="media-link-empty">
          {t('media.link.empty')}
        </Text>
      ) : (
        <Group gap="md" align="flex-start" data-testid="media-link-choices">
          {choices.map((item) => (
            <MediaThumb key={item.id} treeId={treeId} media={item} onOpen={() => choose(item.id)} />
          ))}
        </Group>
      )}
      <FormError message={linkMedia.isError ? t(errorKey(linkMedia.error)) : undefined} />
      {list.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('media.page.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}
