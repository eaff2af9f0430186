import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JobProgress } from './ImportJobView.tsx';
import { isActive, useJobs } from './jobs.ts';

/**
 * The user's imports still running, on the trees page: each with its phase and percentage and a
 * link back to it, so an import page that was left can be opened again. Nothing when none runs.
 */
export function RunningImports({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const jobs = useJobs(userId);
  const running = (jobs.data ?? []).filter(isActive);
  if (running.length === 0) return null;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      mb="xl"
      component="section"
      aria-label={t('job.running')}
      data-testid="running-imports"
    >
      <Stack gap="md">
        {running.map((job) => (
          <Stack key={job.id} gap={6} data-testid="running-import">
            <Text fw={600}>{t('job.title', { name: job.treeName ?? t('job.unnamed') })}</Text>
            <JobProgress job={job} testId="running-import-progress" />
            <Anchor
              component={Link}
              to={`/trees/import?job=${encodeURIComponent(job.id)}`}
              size="sm"
              data-testid="running-import-show"
            >
              {t('job.show')}
            </Anchor>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
