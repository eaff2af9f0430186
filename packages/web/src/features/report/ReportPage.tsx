import { type ReportKind, reportGenerationsDefault, reportGenerationsMax, reportKinds } from '@anor/core';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { errorKey } from '../../i18n/messages.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { personHref } from '../person/paths.ts';
import { downloadReportPdf } from './download.ts';
import { reportHref } from './paths.ts';
import { hasGenerations, reportPath, reportQueries } from './queries.ts';
import { ReportView } from './ReportView.tsx';
import classes from './report.module.css';

const generationChoices = Array.from({ length: reportGenerationsMax }, (_, index) => String(index + 1));

function kindOf(value: string | undefined): ReportKind {
  return reportKinds.find((kind) => kind === value) ?? 'antavla';
}

function generationsOf(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= reportGenerationsMax ? number : reportGenerationsDefault;
}

/**
 * A person's report as a printable page (issue 23): the report's choice, its generations, a print
 * button and the PDF download above the report, which is drawn from the same document the PDF is.
 * Printed, the page is the report alone (report.module.css).
 */
export function ReportPage() {
  // useTranslation renders the page again when the language changes, and the report with it.
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { treeId = '', personId = '', kind: kindParam } = useParams();
  const [search, setSearch] = useSearchParams();
  const kind = kindOf(kindParam);
  const generations = generationsOf(search.get('generations'));
  const language = currentLanguage();
  const options = { generations, language };
  const query = useQuery({ ...reportQueries.document(treeId, kind, personId, options), enabled: personId !== '' });
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [isDownloading, setDownloading] = useState(false);
  usePageTitle(query.data?.title ?? t('report.title'));

  async function download() {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadReportPdf(reportPath(treeId, kind, personId, options, 'pdf'), language, `${kind}.pdf`);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} data-testid="report-page">
      <Stack gap="sm" mb="lg" className={classes.controls} data-testid="report-controls">
        <Anchor component={Link} to={personHref(treeId, personId)} size="sm" data-testid="report-back">
          <Group gap={4} component="span">
            <IconArrowLeft aria-hidden size={16} />
            {t('person.title')}
          </Group>
        </Anchor>
        <SegmentedControl
          aria-label={t('report.choose')}
          value={kind}
          onChange={(value) => void navigate(`${reportHref(treeId, personId, kindOf(value))}?${search.toString()}`)}
          data={reportKinds.map((value) => ({ value, label: t(`report.kinds.${value}`) }))}
          data-testid="report-kind"
          fullWidth
          styles={{ root: { flexWrap: 'wrap' } }}
        />
        <Group gap="sm" align="flex-end">
          {hasGenerations(kind) ? (
            <Select
              label={t('report.generations')}
              data={generationChoices}
              value={String(generations)}
              allowDeselect={false}
              onChange={(value) => {
                const next = new URLSearchParams(search);
                next.set('generations', value ?? String(reportGenerationsDefault));
                setSearch(next, { replace: true });
              }}
              w={140}
              data-testid="report-generations"
            />
          ) : null}
          <Button
            leftSection={<IconPrinter aria-hidden size={18} />}
            onClick={() => window.print()}
            disabled={!query.data}
            data-testid="report-print"
          >
            {t('report.print')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload aria-hidden size={18} />}
            onClick={() => void download()}
            loading={isDownloading}
            disabled={!query.data}
            data-testid="report-download"
          >
            {t('report.downloadPdf')}
          </Button>
        </Group>
        {downloadError ? (
          <Alert color="red" role="alert" data-testid="report-download-error">
            {t(errorKey(downloadError))}
          </Alert>
        ) : null}
      </Stack>
      {query.isError ? (
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <ReportView report={query.data} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('report.loading')} />
        </Center>
      )}
    </Container>
  );
}
