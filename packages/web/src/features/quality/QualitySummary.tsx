import { Anchor, Group, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { qualityHref } from './paths.ts';
import { qualityQueries } from './queries.ts';
import { ruleTitleKey } from './rule-title.ts';

/**
 * The overview's line of the data-quality report (issue 24): how many findings are open, by rule on
 * hover, with a link to the report. Only for the tree's owner (the report is the owner's only).
 */
export function QualitySummary({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const report = useQuery({ ...qualityQueries.report(treeId, 0), enabled: treeId !== '' });
  if (!report.data) return null;
  const open = report.data.groups.filter((group) => group.count > 0);
  const total = open.reduce((sum, group) => sum + group.count, 0);
  const byRule = open.map((group) => `${t(ruleTitleKey(group.rule))}: ${group.count}`).join('\n');
  return (
    <Group gap={6} wrap="nowrap" data-testid="overview-quality">
      <IconChecklist aria-hidden size={18} />
      <Anchor component={Link} to={qualityHref(treeId)} size="sm" title={byRule} data-testid="overview-quality-link">
        {t('quality.overviewLink', { count: total })}
      </Anchor>
      {open.length > 0 ? (
        <Text size="sm" c="dimmed" truncate="end" data-testid="overview-quality-rules">
          {open
            .slice(0, 3)
            .map((group) => `${t(ruleTitleKey(group.rule))} ${group.count}`)
            .join(' · ')}
        </Text>
      ) : null}
    </Group>
  );
}
