import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useSession } from '../session/queries.ts';
import { GedcomImportForm } from './GedcomImportForm.tsx';
import { ImportJobView } from './ImportJobView.tsx';

/**
 * /trees/import: a new tree from a GEDCOM file (SPEC §2 GEDCOM import, §5 file rules, §8
 * messages). The form uploads the file with a progress bar; the import then runs as a job on the
 * server, followed at /trees/import?job={id} (its phase and percentage, a cancel), which may be
 * left and opened again; it ends with the report (what was created, the file, warnings, lines
 * kept as GEDCOM, the root person).
 */
export function GedcomImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('gedcom.import.title'));
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  if (!user) return null;

  return (
    <Container size="md" py="xl" data-testid="gedcom-import-page">
      <Anchor component={Link} to="/trees" size="sm" data-testid="gedcom-back">
        <Group gap={4} component="span">
          <IconArrowLeft aria-hidden size={16} />
          {t('gedcom.import.back')}
        </Group>
      </Anchor>
      <Title order={1} mt="xs">
        {t('gedcom.import.title')}
      </Title>
      {jobId ? (
        <ImportJobView key={jobId} userId={user.id} jobId={jobId} onImportAnother={() => setParams({})} />
      ) : (
        <>
          <Text c="dimmed" mb="lg">
            {t('gedcom.import.intro')}
          </Text>
          <GedcomImportForm user={user} onStarted={(job) => setParams({ job: job.id }, { replace: true })} />
        </>
      )}
    </Container>
  );
}
