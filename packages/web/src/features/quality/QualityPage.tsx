import { eventTypes, formatEventDate, type QualityGroup, type QualityReport, type QualityReportItem } from '@anor/core';
import { Accordion, Anchor, Badge, Button, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconGitMerge } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { ListPage } from '../../lib/list/ListPage.tsx';
import { eventHref } from '../event/paths.ts';
import { useEventTypeName } from '../event/type-names.tsx';
import { locationHref } from '../location/paths.ts';
import { personHref } from '../person/paths.ts';
import { personMergeHref } from '../person-merge/paths.ts';
import { treeQueries } from '../trees/queries.ts';
import { QUALITY_PAGE_ITEMS, qualityQueries, useQualityDismissal } from './queries.ts';
import { ruleTitleKey } from './rule-title.ts';

/**
 * The data-quality report (issue 24) at /app/:treeId/quality, the owner's only: every rule with
 * what it found, each finding linked to its person, event or place, and "checked, it is right",
 * which the server keeps (a change of the tree, in its history) until it is undone here.
 */
export function QualityPage() {
  const { treeId = '' } = useParams();
  const { t } = useTranslation();
  usePageTitle(t('quality.title'));
  const tree = useQuery({ ...treeQueries.detail(treeId), enabled: treeId !== '' });
  const report = useQuery({ ...qualityQueries.report(treeId, QUALITY_PAGE_ITEMS), enabled: treeId !== '' });
  const rootHref = tree.data?.rootId ? personHref(treeId, tree.data.rootId) : null;
  const groups = report.data?.groups.filter((group) => group.count + group.dismissedCount > 0) ?? [];
  return (
    <ListPage
      tree={tree}
      treeHref={rootHref}
      title={t('quality.title')}
      subtitle={(name) => t('quality.subtitle', { tree: name })}
      actions={report.isFetching ? <Loader size="xs" aria-label={t('shell.loading')} /> : undefined}
      testId="quality-page"
    >
      {report.isError ? (
        <ErrorView error={report.error} onRetry={() => void report.refetch()} />
      ) : report.isPending ? (
        <Loader aria-label={t('shell.loading')} />
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Text size="sm" c="dimmed" mb="sm">
            {t('quality.intro')}
          </Text>
          {groups.length === 0 ? (
            <Text data-testid="quality-empty">{t('quality.allClear')}</Text>
          ) : (
            <Accordion multiple variant="separated" data-testid="quality-groups">
              {groups.map((group) => (
                <GroupView key={group.rule} treeId={treeId} group={group} report={report.data} />
              ))}
            </Accordion>
          )}
        </ScrollArea>
      )}
    </ListPage>
  );
}

function GroupView({ treeId, group, report }: { treeId: string; group: QualityGroup; report: QualityReport }) {
  const { t } = useTranslation();
  const open = group.items.filter((item) => !item.dismissed);
  return (
    <Accordion.Item value={group.rule} data-testid="quality-group" data-rule={group.rule}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap">
          <Text fw={600}>{t(ruleTitleKey(group.rule))}</Text>
          <Badge variant="light" color={group.count > 0 ? 'yellow' : 'gray'} data-testid="quality-count">
            {t('quality.count', { count: group.count })}
          </Badge>
          {group.dismissedCount > 0 ? (
            <Badge variant="outline" color="gray" data-testid="quality-dismissed-count">
              {t('quality.dismissedCount', { count: group.dismissedCount })}
            </Badge>
          ) : null}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {group.items.map((item) => (
            <ItemView key={`${item.objectId}-${item.relatedId ?? ''}`} treeId={treeId} item={item} report={report} />
          ))}
        </Stack>
        {open.length < group.count ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t('quality.more', { shown: open.length, count: group.count })}
          </Text>
        ) : null}
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** What an item's message names, by the placeholders the texts use. */
function useItemNames(report: QualityReport) {
  const { t } = useTranslation();
  const typeName = useEventTypeName();
  const person = (id: string | null) => (id ? report.persons[id]?.name || t('quality.unnamed') : '');
  const place = (id: string | null) => (id ? (report.places[id]?.name ?? '') : '');
  const event = (id: string | null) => {
    const label = id ? report.events[id] : undefined;
    if (!label) return '';
    const date = formatEventDate({ startDate: label.startDate, startDateType: label.startDateType }, currentLanguage());
    const type = eventTypes.find((known) => known === label.type) ?? 'other';
    return [typeName({ type }), date].filter(Boolean).join(' ');
  };
  return { person, place, event };
}

function messageOf(t: TFunction, item: QualityReportItem, names: ReturnType<typeof useItemNames>): string {
  const other = item.relatedKind === 'person' ? names.person(item.relatedId) : '';
  return t(item.rule, {
    ...item.values,
    person: item.objectKind === 'person' ? names.person(item.objectId) : '',
    child: other,
    other,
    event: item.objectKind === 'event' ? names.event(item.objectId) : '',
    place: item.objectKind === 'place' ? names.place(item.objectId) : names.place(item.relatedId),
    parent: item.objectKind === 'place' ? names.place(item.relatedId) : '',
  });
}

function hrefOf(treeId: string, kind: QualityReportItem['objectKind'], id: string): string {
  if (kind === 'event') return eventHref(treeId, id);
  if (kind === 'place') return locationHref(treeId, id);
  return personHref(treeId, id);
}

function ItemView({ treeId, item, report }: { treeId: string; item: QualityReportItem; report: QualityReport }) {
  const { t } = useTranslation();
  const names = useItemNames(report);
  const dismissal = useQualityDismissal(treeId);
  const objectName =
    item.objectKind === 'person'
      ? names.person(item.objectId)
      : item.objectKind === 'place'
        ? names.place(item.objectId)
        : names.event(item.objectId);
  const relatedHref =
    item.relatedId && item.relatedKind && item.relatedKind !== 'place' && item.objectKind !== 'event'
      ? hrefOf(treeId, item.relatedKind, item.relatedId)
      : null;
  const body = { rule: item.rule, objectId: item.objectId, relatedId: item.relatedId };
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="quality-item"
      data-object-id={item.objectId}
      data-dismissed={item.dismissed}
      style={item.dismissed ? { opacity: 0.65 } : undefined}
    >
      <Stack gap={0} miw={0}>
        <Anchor
          component={Link}
          to={hrefOf(treeId, item.objectKind, item.objectId)}
          fw={600}
          data-testid="quality-link"
        >
          {objectName || t('quality.unnamed')}
        </Anchor>
        <Text size="sm" c="dimmed" data-testid="quality-message">
          {messageOf(t, item, names)}
          {relatedHref ? (
            <>
              {' '}
              <Anchor component={Link} to={relatedHref} size="sm" data-testid="quality-related-link">
                {item.relatedKind === 'person' ? names.person(item.relatedId) : names.event(item.relatedId)}
              </Anchor>
            </>
          ) : null}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {item.rule === 'quality.duplicate' && item.relatedId && !item.dismissed ? (
          <Button
            component={Link}
            to={personMergeHref(treeId, item.objectId, item.relatedId)}
            size="compact-sm"
            variant="light"
            leftSection={<IconGitMerge aria-hidden size={14} />}
            data-testid="quality-merge"
          >
            {t('quality.merge')}
          </Button>
        ) : null}
        {item.dismissed ? (
          <>
            <Badge variant="outline" color="gray">
              {t('quality.dismissedLabel')}
            </Badge>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconArrowBackUp aria-hidden size={14} />}
              loading={dismissal.isPending}
              onClick={() => dismissal.mutate({ ...body, dismissed: false })}
              data-testid="quality-undismiss"
            >
              {t('quality.undismiss')}
            </Button>
          </>
        ) : (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconCheck aria-hidden size={14} />}
            loading={dismissal.isPending}
            onClick={() => dismissal.mutate({ ...body, dismissed: true })}
            data-testid="quality-dismiss"
          >
            {t('quality.dismiss')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
