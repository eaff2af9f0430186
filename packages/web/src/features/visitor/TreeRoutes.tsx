import { Alert, Button, Container, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { personQueries } from '../person/queries.ts';
import { RequireSession } from '../session/RequireSession.tsx';
import { isPreviewAsVisitor, rememberShareToken, setPreviewAsVisitor, shareTokenFor } from './tree-access.ts';
import { useTreeRoute } from './use-tree-route.ts';

/**
 * The pages of one tree (`/app/:treeId/…`, and a visitor's `/share/:token/:treeId/…`). The owner
 * reaches them signed in; a visitor who came by the tree's share link reaches them signed in or
 * not, read-only. `?preview=visitor` lets the
 * owner see the tree as visitors do until they leave the preview.
 */
export function TreeRoutes() {
  const route = useTreeRoute();
  const treeId = route.treeId ?? '';
  // A visitor's address carries the share link's token: the tab remembers it for the tree before any
  // page below asks the API, so a page opened in a new tab, bookmarked or sent still opens.
  if (route.token && shareTokenFor(treeId) !== route.token) rememberShareToken(treeId, route.token);
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState(() => isPreviewAsVisitor(treeId));
  const wantsPreview = search.get('preview') === 'visitor';

  useEffect(() => {
    if (!wantsPreview) return;
    setPreviewAsVisitor(treeId, true);
    setPreview(true);
    // Everything cached was read as the owner.
    queryClient.removeQueries();
    setSearch(
      (current) => {
        current.delete('preview');
        return current;
      },
      { replace: true },
    );
  }, [wantsPreview, treeId, queryClient, setSearch]);

  if (shareTokenFor(treeId) || preview || wantsPreview) {
    return (
      <>
        <VisitorBanner treeId={treeId} preview={preview} onExitPreview={() => setPreview(false)} />
        <Outlet />
      </>
    );
  }
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}

function VisitorBanner({
  treeId,
  preview,
  onExitPreview,
}: {
  treeId: string;
  preview: boolean;
  onExitPreview: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mainNodes = useQuery(personQueries.mainNodes(treeId));
  // The owner who opens their own share link is still the owner: no banner.
  if (!preview && (!mainNodes.data || mainNodes.data.canEdit)) return null;
  const exit = () => {
    setPreviewAsVisitor(treeId, false);
    queryClient.removeQueries();
    onExitPreview();
  };
  return (
    <Container size="lg" pt="sm">
      <Alert
        color={preview ? 'grape' : 'blue'}
        icon={<IconEye aria-hidden size={18} />}
        data-testid={preview ? 'preview-banner' : 'visitor-banner'}
      >
        <Group justify="space-between" gap="xs">
          <span>{preview ? t('visitor.previewBanner') : t('visitor.banner')}</span>
          {preview ? (
            <Button size="xs" variant="white" onClick={exit} data-testid="preview-exit">
              {t('visitor.exitPreview')}
            </Button>
          ) : null}
        </Group>
      </Alert>
    </Container>
  );
}
