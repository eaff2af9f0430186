import { may, type ProposalStatus, type ProposalSummary } from '@anor/core';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { errorKey } from '../../i18n/messages.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { ChangeList } from '../history/ChangeList.tsx';
import { useObjectLabelText } from '../history/labels.ts';
import { personHref } from '../person/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import { bodyFields } from './body-fields.ts';
import { ProposalEditor } from './ProposalEditor.tsx';
import { proposalQueries, useDecideProposal } from './queries.ts';

const statusColor: Record<ProposalStatus, string> = {
  pending: 'yellow',
  accepted: 'forest',
  rejected: 'red',
  withdrawn: 'gray',
};

/**
 * Proposed changes (issue 26) at /app/:treeId/proposals: for the tree's editors, co-owners and
 * owner the review queue, each proposal with its rows before and after, to accept or reject with a
 * comment, or to change first (ProposalEditor); for a contributor their own proposals, to follow and
 * withdraw. A viewer is told it is not theirs to see.
 */
export function ProposalsPage() {
  const { treeId = '' } = useParams();
  const { t } = useTranslation();
  usePageTitle(t('proposals.navLink'));
  const [status, setStatus] = useState<ProposalStatus | 'all'>('pending');
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const role = tree.data?.role;
  const reviews = may(role, 'edit');
  const takesPart = may(role, 'propose');
  const list = useQuery({ ...proposalQueries.list(treeId, status), enabled: treeId !== '' && takesPart });
  const labelText = useObjectLabelText();
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('proposals.navLink')}
      subtitle={(name) => t('proposals.title', { tree: name })}
      actions={list.isFetching ? <Loader size="xs" aria-label={t('shell.loading')} /> : undefined}
      beforeList={
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {reviews ? t('proposals.intro') : t('proposals.mineIntro')}
          </Text>
          <SegmentedControl
            value={status}
            onChange={(value) => setStatus(value as ProposalStatus | 'all')}
            data={[
              { value: 'pending', label: t('proposals.filter.pending') },
              { value: 'all', label: t('proposals.filter.all') },
            ]}
            data-testid="proposals-filter"
            w="fit-content"
          />
        </Stack>
      }
      testId="proposals-page"
    >
      {tree.data && !takesPart ? (
        <Text c="dimmed" data-testid="proposals-forbidden">
          {t('auth.error.forbidden')}
        </Text>
      ) : list.isError ? (
        <ErrorView error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loader aria-label={t('shell.loading')} />
      ) : list.data.proposals.length === 0 ? (
        <Text c="dimmed" data-testid="proposals-empty" data-status={status}>
          {t('proposals.empty')}
        </Text>
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Stack gap="sm" pb="md" data-testid="proposals-list" data-status={status}>
            {list.data.proposals.map((proposal) => (
              <ProposalCard
                key={proposal.id}
                treeId={treeId}
                proposal={proposal}
                named={labelText(proposal.objectId ? list.data.labels[proposal.objectId] : undefined)}
                reviews={reviews}
              />
            ))}
          </Stack>
        </ScrollArea>
      )}
    </ListPage>
  );
}

const dateText = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** One proposal: who proposed what and when, its status, its rows, and the decisions the viewer may take. */
function ProposalCard({
  treeId,
  proposal,
  named,
  reviews,
}: {
  treeId: string;
  proposal: ProposalSummary;
  named: string | null;
  reviews: boolean;
}) {
  const { t } = useTranslation();
  const decide = useDecideProposal(treeId);
  const [isRejecting, setIsRejecting] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  // Shared with the rows below (one request): its body says whether there is anything to change.
  const detail = useQuery(proposalQueries.detail(treeId, proposal.id));
  const editable = detail.data && bodyFields(detail.data.proposal.body).length > 0 ? detail.data.proposal : null;
  const [comment, setComment] = useState('');
  const isPending = proposal.status === 'pending';
  const who = proposal.userName ?? t('proposals.someone');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="proposal"
      data-proposal={proposal.id}
      data-status={proposal.status}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge color={statusColor[proposal.status]} variant="light" data-testid="proposal-status">
                {t(`proposals.status.${proposal.status}`)}
              </Badge>
              <Text fw={500} data-testid="proposal-object">
                {proposal.objectKind ? t(`history.object.${proposal.objectKind}`) : ''}
                {named ? `: ${named}` : ''}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('proposals.by', { name: who, date: dateText(proposal.createdAt) })}
              {` · ${t('proposals.changes', { count: proposal.changeCount })}`}
            </Text>
            {proposal.reviewedAt && proposal.status !== 'withdrawn' ? (
              <Text size="xs" c="dimmed">
                {t('proposals.decided', {
                  status: t(`proposals.status.${proposal.status}`),
                  name: proposal.reviewerName ?? t('proposals.someone'),
                  date: dateText(proposal.reviewedAt),
                })}
              </Text>
            ) : null}
            {proposal.comment ? (
              <Text size="sm" data-testid="proposal-comment">
                {t('proposals.comment', { comment: proposal.comment })}
              </Text>
            ) : null}
          </Stack>
          {isPending ? (
            <Group gap="xs" wrap="nowrap">
              {reviews ? (
                <>
                  <Button
                    size="compact-sm"
                    onClick={() => decide.mutate({ id: proposal.id, kind: 'accept' })}
                    loading={decide.isPending && decide.variables?.kind === 'accept'}
                    data-testid="proposal-accept"
                  >
                    {t('proposals.accept')}
                  </Button>
                  {editable ? (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setIsEditing(true)}
                      data-testid="proposal-edit"
                    >
                      {t('proposals.edit.action')}
                    </Button>
                  ) : null}
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setIsRejecting(true)}
                    data-testid="proposal-reject"
                  >
                    {t('proposals.reject')}
                  </Button>
                </>
              ) : (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => decide.mutate({ id: proposal.id, kind: 'withdraw' })}
                  loading={decide.isPending}
                  data-testid="proposal-withdraw"
                >
                  {t('proposals.withdraw')}
                </Button>
              )}
            </Group>
          ) : null}
        </Group>
        {decide.isError ? (
          <Alert color="red" data-testid="proposal-error">
            {t(errorKey(decide.error))}
          </Alert>
        ) : null}
        <ProposalRows treeId={treeId} id={proposal.id} updatedAt={proposal.updatedAt} />
      </Stack>
      {editable && reviews && isPending ? (
        <ProposalEditor treeId={treeId} proposal={editable} opened={isEditing} onClose={() => setIsEditing(false)} />
      ) : null}
      <Modal opened={isRejecting} onClose={() => setIsRejecting(false)} title={t('proposals.rejectTitle')}>
        <Stack>
          <Textarea
            label={t('proposals.rejectComment')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={3}
            data-testid="proposal-reject-comment"
          />
          <Group justify="flex-end">
            <Button
              color="red"
              loading={decide.isPending}
              onClick={() =>
                decide.mutate(
                  { id: proposal.id, kind: 'reject', body: comment.trim() ? { comment: comment.trim() } : {} },
                  { onSuccess: () => setIsRejecting(false) },
                )
              }
              data-testid="proposal-reject-confirm"
            >
              {t('proposals.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** A proposal's rows, before and after, as the history shows changes. */
function ProposalRows({ treeId, id, updatedAt }: { treeId: string; id: string; updatedAt: string }) {
  const { t } = useTranslation();
  const detail = useQuery(proposalQueries.detail(treeId, id));
  if (detail.isError) return <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  if (detail.isPending) return <Loader size="sm" aria-label={t('shell.loading')} />;
  return (
    <div data-testid="proposal-changes" data-updated={updatedAt}>
      <ChangeList treeId={treeId} changes={detail.data.proposal.changes} labels={detail.data.labels} />
    </div>
  );
}
