import type { DuplicatePair, DuplicatePerson } from '@anor/core';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconGitMerge, IconUserX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { personMergeHref } from '../person-merge/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import { duplicateQueries, useMarkNotDuplicate } from './queries.ts';
import { lifeText, pointsText, reasonText } from './reason-text.ts';

const PAGE_SIZE = 20;

/**
 * The duplicate finder (issue 21) at /app/:treeId/duplicates, the owner's only: pairs of persons
 * that are likely one person, best first, each with its score and reasons, a link to each person,
 * "Merge" (the person merge page, issue 21) and "Not a duplicate", which the server remembers.
 */
export function DuplicatesPage() {
  const { treeId = '' } = useParams();
  const { t } = useTranslation();
  usePageTitle(t('duplicate.title'));
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const [page, setPage] = useState(1);
  const pairs = useQuery({ ...duplicateQueries.page(treeId, page, PAGE_SIZE), enabled: treeId !== '' });
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const pageCount = pairs.data ? Math.max(1, Math.ceil(pairs.data.total / PAGE_SIZE)) : 1;
  // The last pair of a later page marked "not a duplicate": back to the page before.
  const isPastEnd = pairs.data !== undefined && pairs.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (isPastEnd) setPage((current) => Math.max(1, current - 1));
  }, [isPastEnd]);

  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('duplicate.title')}
      subtitle={(name) => t('duplicate.subtitle', { tree: name })}
      actions={pairs.isFetching ? <Loader size="xs" aria-label={t('shell.loading')} /> : undefined}
      testId="duplicates-page"
    >
      {pairs.isError ? (
        <ErrorView error={pairs.error} onRetry={() => void pairs.refetch()} />
      ) : pairs.isPending ? (
        <Loader aria-label={t('shell.loading')} />
      ) : pairs.data.items.length === 0 ? (
        <Text c="dimmed" data-testid="duplicates-empty">
          {t('duplicate.empty')}
        </Text>
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Stack gap="md" pb="md" data-testid="duplicates-list">
            {pairs.data.items.map((pair) => (
              <PairCard key={`${pair.a.id}-${pair.b.id}`} treeId={treeId} pair={pair} />
            ))}
            {pageCount > 1 ? (
              <Group justify="center">
                <Pagination value={page} onChange={setPage} total={pageCount} data-testid="duplicates-pagination" />
              </Group>
            ) : null}
          </Stack>
        </ScrollArea>
      )}
    </ListPage>
  );
}

function PersonSide({ treeId, person }: { treeId: string; person: DuplicatePerson }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const life = lifeText(t, person);
  return (
    <Stack gap={2} miw={0}>
      <Anchor component={Link} to={personHref(treeId, person.id)} fw={600} data-testid="duplicate-person">
        {nameOf(person)}
      </Anchor>
      {life ? (
        <Text size="sm" c="dimmed">
          {life}
        </Text>
      ) : null}
    </Stack>
  );
}

function PairCard({ treeId, pair }: { treeId: string; pair: DuplicatePair }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const mark = useMarkNotDuplicate(treeId);
  const label = t('duplicate.pairLabel', { a: nameOf(pair.a), b: nameOf(pair.b) });
  return (
    <Card withBorder padding="md" component="section" aria-label={label} data-testid="duplicate-pair">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ flex: 1 }}>
          <PersonSide treeId={treeId} person={pair.a} />
          <PersonSide treeId={treeId} person={pair.b} />
        </SimpleGrid>
        <Badge size="lg" variant="light" data-testid="duplicate-score">
          {t('duplicate.score', { score: pair.score })}
        </Badge>
      </Group>
      <Text size="sm" fw={600} mt="sm">
        {t('duplicate.reasonsLabel')}
      </Text>
      <Stack component="ul" gap={2} m={0} pl="md" data-testid="duplicate-reasons">
        {pair.reasons.map((reason) => (
          <Text
            component="li"
            size="sm"
            key={`${reason.kind}-${reason.a ?? ''}-${reason.b ?? ''}`}
            data-testid="duplicate-reason"
          >
            {reasonText(t, reason)}
            {reason.points !== 0 ? (
              <Text span c={reason.points > 0 ? 'forest' : 'red'} ml={6} size="xs">
                {pointsText(reason.points)}
              </Text>
            ) : null}
          </Text>
        ))}
      </Stack>
      <Group justify="flex-end" mt="sm">
        <Button
          component={Link}
          to={personMergeHref(treeId, pair.a.id, pair.b.id)}
          leftSection={<IconGitMerge aria-hidden size={16} />}
          data-testid="duplicate-merge"
        >
          {t('personMerge.fromDuplicates')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconUserX aria-hidden size={16} />}
          loading={mark.isPending}
          onClick={() => mark.mutate({ personId: pair.a.id, otherPersonId: pair.b.id })}
          data-testid="duplicate-not-duplicate"
        >
          {t('duplicate.notDuplicate')}
        </Button>
      </Group>
    </Card>
  );
}
