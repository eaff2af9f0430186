import type { GedcomImportAnswer } from '@anor/core';
import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useSession } from '../session/queries.ts';
import { GedcomImportForm } from './GedcomImportForm.tsx';
import { GedcomReport } from './GedcomReport.tsx';

/**
 * /trees/import: a new tree from a GEDCOM file (SPEC §2 GEDCOM import, §5 file rules, §8
 * messages). The form uploads the file with a progress bar; the server's answer is shown as a
 * report (what was created, the file, warnings, lines kept as GEDCOM, the root person).
 */
export function GedcomImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('gedcom.import.title'));
  const { user } = useSession();
  const [report, setReport] = useState<GedcomImportAnswer | null>(null);
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
      {report ? (
        <GedcomReport answer={report} onImportAnother={() => setReport(null)} />
      ) : (
        <>
          <Text c="dimmed" mb="lg">
            {t('gedcom.import.intro')}
          </Text>
          <GedcomImportForm user={user} onImported={setReport} />
        </>
      )}
    </Container>
  );
}
