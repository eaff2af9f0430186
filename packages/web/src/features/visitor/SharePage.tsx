import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { visitorQueries } from './queries.ts';
import { rememberShareToken, treeBase } from './tree-access.ts';

/**
 * `/share/{token}`: where a share link leads. The tab remembers the link for its tree and opens the
 * tree's root person at `/share/{token}/{treeId}/person/{rootId}`; an unknown or withdrawn link, or an owner's lapsed subscription, is said so.
 */
export function SharePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const shared = useQuery(visitorQueries.shared(token));
  usePageTitle(t('visitor.opening'));

  useEffect(() => {
    if (!shared.data) return;
    const { treeId, rootId } = shared.data;
    rememberShareToken(treeId, shared.data.token);
    // The address keeps the token (/share/{token}/{treeId}/…): it can be bookmarked or sent.
    const base = treeBase(treeId);
    const target = rootId ? `${base}/person/${encodeURIComponent(rootId)}` : `${base}/persons`;
    navigate(target, { replace: true });
  }, [shared.data, navigate]);

  if (shared.isError) {
    return (
      <Stack>
        <ErrorView error={shared.error} backTo={{ href: '/shared', label: t('visitor.findTitle') }} />
        {isApiError(shared.error) && shared.error.code === 'tree.error.notFound' ? (
          <Text ta="center" c="dimmed" data-testid="share-link-invalid">
            {t('visitor.linkInvalid')}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Center py={80}>
      <Stack align="center">
        <Loader />
        <Text c="dimmed">{t('visitor.opening')}</Text>
      </Stack>
    </Center>
  );
}
