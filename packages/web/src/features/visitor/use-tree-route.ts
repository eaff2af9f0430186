import { useMatch } from 'react-router';

/**
 * The tree of the current address: `/app/{treeId}/…` (the owner, or a tab that already knows the
 * tree's share link) or `/share/{token}/{treeId}/…` (a visitor's address, which carries the link).
 */
export function useTreeRoute(): { treeId: string | null; token: string | null } {
  const app = useMatch('/app/:treeId/*');
  const share = useMatch('/share/:token/:treeId/*');
  if (share?.params.treeId && share.params.token) {
    return { treeId: share.params.treeId, token: share.params.token };
  }
  return { treeId: app?.params.treeId ?? null, token: null };
}
