import { type ErrorCode, isErrorCode, type Job } from '@anor/core';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconFileImport, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { isTranslationKey, type TranslationKey } from '../../i18n/messages.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { GedcomReport } from './GedcomReport.tsx';
import { ImportErrorText, LimitDetails } from './ImportMessages.tsx';
import { ImportPreview } from './ImportPreview.tsx';
import { isActive, useCancelJob, useConfirmJob, useJob } from './jobs.ts';

/** "About 40 s left" / "About 3 min left", from the server's estimate. */
export function useRemaining(): (ms: number | null) => string | null {
  const { t } = useTranslation();
  return (ms) => {
    if (ms === null) return null;
    const seconds = Math.max(1, Math.round(ms / 1000));
    return seconds < 90
      ? t('job.remainingSeconds', { seconds })
      : t('job.remainingMinutes', { minutes: Math.round(seconds / 60) });
  };
}

/** The phase a job is in, in words. */
export function usePhaseLabel(): (job: Job) => string {
  const { t } = useTranslation();
  return (job) => (job.state === 'queued' || job.phase === null ? t('job.phase.queued') : t(`job.phase.${job.phase}`));
}

/** A running job's phase, percentage and time left. */
export function JobProgress({ job, testId }: { job: Job; testId: string }) {
  const { t } = useTranslation();
  const phaseLabel = usePhaseLabel();
  const remaining = useRemaining()(job.remainingMs);
  const percent = Math.floor(job.progress);
  const label = `${phaseLabel(job)} – ${t('job.percent', { percent })}`;
  return (
    <Stack gap={4} data-testid={testId} data-phase={job.phase ?? job.state} data-progress={percent}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" aria-live="polite" data-testid={`${testId}-phase`}>
          {label}
        </Text>
        {remaining ? (
          <Text size="sm" c="dimmed">
            {remaining}
          </Text>
        ) : null}
      </Group>
      <Progress value={Math.max(2, job.progress)} animated={job.state === 'running'} aria-label={label} />
    </Stack>
  );
}

/** The job's error as the error the import page shows (the same texts as an upload's refusal). */
function errorOf(job: Job): ApiError {
  const code: ErrorCode = job.error && isErrorCode(job.error.code) ? job.error.code : 'common.error.generic';
  return new ApiError(code, 0, '', job.error?.details);
}

interface ImportJobViewProps {
  userId: string;
  jobId: string;
  onImportAnother: () => void;
}

/**
 * /trees/import?job={id}: an import running on the server, followed as it goes (phase, a real
 * percentage and the time left); the page can be left and opened again from the trees page. It
 * ends with the report, or says why nothing was saved (cancelled, refused, failed).
 */
export function ImportJobView({ userId, jobId, onImportAnother }: ImportJobViewProps) {
  const { t } = useTranslation();
  const job = useJob(userId, jobId);
  const cancel = useCancelJob(userId);
  const confirm = useConfirmJob(userId);
  const [limit, setLimit] = useState<{ code: TranslationKey; details: unknown } | null>(null);
  const data = job.data;
  const code = data?.state === 'failed' ? data.error?.code : undefined;
  useEffect(() => {
    if (code?.startsWith('limit.') && isTranslationKey(code)) setLimit({ code, details: data?.error?.details });
  }, [code, data?.error?.details]);

  if (job.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        role="alert"
        data-testid="gedcom-job-missing"
      >
        <Stack gap="sm" align="flex-start">
          <ImportErrorText error={job.error} />
          <Button variant="default" onClick={onImportAnother}>
            {t('gedcom.report.importAnother')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!data) return null;
  if (data.state === 'done' && data.result) {
    return <GedcomReport answer={data.result} onImportAnother={onImportAnother} />;
  }
  const another = (
    <Button
      variant="default"
      leftSection={<IconFileImport aria-hidden size={18} />}
      onClick={onImportAnother}
      data-testid="gedcom-import-another"
    >
      {t('gedcom.report.importAnother')}
    </Button>
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="gedcom-job" data-state={data.state}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('job.title', { name: data.treeName ?? t('job.unnamed') })}
        </Title>
        {data.state === 'waiting' && data.preview ? <ImportPreview job={data} userId={userId} /> : null}
        {isActive(data) ? (
          <>
            <JobProgress job={data} testId="gedcom-job-progress" />
            <Text size="sm" c="dimmed">
              {t('job.leave')}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconX aria-hidden size={18} />}
                loading={cancel.isPending}
                disabled={confirm.isPending}
                onClick={() => cancel.mutate(data.id)}
                data-testid="gedcom-job-cancel"
              >
                {t('job.cancel')}
              </Button>
              {data.state === 'waiting' ? (
                <Button
                  leftSection={<IconFileImport aria-hidden size={18} />}
                  loading={confirm.isPending}
                  disabled={cancel.isPending}
                  onClick={() => confirm.mutate(data.id)}
                  data-testid="gedcom-job-confirm"
                >
                  {t('job.preview.confirm')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : data.state === 'cancelled' ? (
          <Stack gap="sm" align="flex-start">
            <Alert color="gray" variant="light" role="status" data-testid="gedcom-import-cancelled" w="100%">
              {t('gedcom.import.cancelled')}
            </Alert>
            {another}
          </Stack>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              w="100%"
              data-testid="gedcom-job-failed"
            >
              {code === 'job.error.interrupted' ? (
                t('job.error.interrupted')
              ) : (
                <ImportErrorText error={errorOf(data)} />
              )}
            </Alert>
            {another}
          </Stack>
        )}
      </Stack>
      <LimitDialog code={limit?.code ?? null} onClose={() => setLimit(null)}>
        {limit ? <LimitDetails code={limit.code} details={limit.details} /> : null}
      </LimitDialog>
    </Paper>
  );
}
