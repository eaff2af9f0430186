import type { GedcomCounts, GedcomImportAnswer, GedcomKeptGroup, GedcomWarningGroup } from '@anor/core';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCrown, IconFileImport, IconSitemap } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { useSetRoot } from '../person/mutations.ts';
import { personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { personQueries } from '../person/queries.ts';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { useFileSize } from './ImportMessages.tsx';
import { warningKey } from './import-rules.ts';
import { ReferencedFiles } from './ReferencedFiles.tsx';

const countKeys: (keyof GedcomCounts)[] = [
  'persons',
  'families',
  'events',
  'places',
  'repositories',
  'sources',
  'citations',
  'notes',
  'media',
];

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} data-testid={testId}>
      <Title order={2} fz="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function CreatedCounts({ created }: { created: GedcomCounts }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="xs" component="dl" m={0}>
      {countKeys.map((key) => (
        <Group key={key} gap={8} wrap="nowrap" justify="space-between">
          <Text component="dt" size="sm" c="dimmed">
            {t(`gedcom.report.counts.${key}`)}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} data-testid={`gedcom-created-${key}`}>
            {format.number(created[key])}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

function FileFacts({ file }: { file: GedcomImportAnswer['file'] }) {
  const { t } = useTranslation();
  const fileSize = useFileSize();
  const facts: { key: string; label: string; value: string | null }[] = [
    { key: 'size', label: t('gedcom.report.file.size'), value: fileSize(file.bytes) },
    { key: 'encoding', label: t('gedcom.report.file.encoding'), value: file.encoding },
    { key: 'declared', label: t('gedcom.report.file.declared'), value: file.declared },
    { key: 'version', label: t('gedcom.report.file.version'), value: file.version },
    { key: 'program', label: t('gedcom.report.file.program'), value: file.program },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" component="dl" m={0}>
      {facts.map((fact) => (
        <Group key={fact.key} gap={8} wrap="nowrap" justify="space-between" align="baseline">
          <Text component="dt" size="sm" c="dimmed">
            {fact.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            fw={fact.value ? 600 : undefined}
            c={fact.value ? undefined : 'dimmed'}
            m={0}
            ta="right"
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`gedcom-file-${fact.key}`}
          >
            {fact.value ?? t('gedcom.report.file.unknown')}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

function Warnings({ warnings }: { warnings: GedcomWarningGroup[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (warnings.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="gedcom-warnings-none">
        {t('gedcom.report.warnings.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('gedcom.report.warnings.intro')}
      </Text>
      <Accordion multiple variant="contained">
        {warnings.map((group) => (
          <Accordion.Item key={group.code} value={group.code} data-testid="gedcom-warning" data-code={group.code}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="sm" pr="xs">
                <Text size="sm">{t(warningKey(group.code))}</Text>
                <Badge variant="light" color="yellow" data-testid="gedcom-warning-count">
                  {format.number(group.count)}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {group.items.map((item, index) => (
                  <Text
                    component="li"
                    size="sm"
                    // biome-ignore lint/suspicious/noArrayIndexKey: one line may warn twice; the order is fixed
                    key={`${item.line}-${index}`}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    <Text component="span" size="sm" fw={600}>
                      {t('gedcom.report.warnings.line', { line: item.line })}
                    </Text>
                    {item.detail ? `: ${item.detail}` : null}
                  </Text>
                ))}
              </Stack>
              {group.count > group.items.length ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('gedcom.report.warnings.more', { number: format.number(group.count - group.items.length) })}
                </Text>
              ) : null}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function Kept({ kept }: { kept: GedcomKeptGroup[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('gedcom.report.kept.intro')}
      </Text>
      {kept.length === 0 ? (
        <Text size="sm" data-testid="gedcom-kept-none">
          {t('gedcom.report.kept.none')}
        </Text>
      ) : (
        <Accordion multiple variant="contained">
          {kept.map((group) => (
            <Accordion.Item key={group.path} value={group.path} data-testid="gedcom-kept" data-path={group.path}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="sm" pr="xs">
                  <Code>{group.path}</Code>
                  <Badge variant="light" color="gray" title={t('gedcom.report.kept.count')}>
                    {format.number(group.count)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">
                  <Text component="span" size="sm" c="dimmed">
                    {t('gedcom.report.kept.lines')}:{' '}
                  </Text>
                  {group.lines.map((line) => format.number(line)).join(', ')}
                </Text>
                {group.count > group.lines.length ? (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('gedcom.report.warnings.more', { number: format.number(group.count - group.lines.length) })}
                  </Text>
                ) : null}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

function RootPerson({ treeId, rootId }: { treeId: string; rootId: string | null }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const modalProps = usePersonModalProps();
  const mainNodes = useQuery({ ...personQueries.mainNodes(treeId), enabled: rootId !== null });
  const setRoot = useSetRoot(treeId);
  const [choosing, setChoosing] = useState(false);
  const close = () => {
    setRoot.reset();
    setChoosing(false);
  };

  if (rootId === null) {
    return (
      <Text size="sm" data-testid="gedcom-root-none">
        {t('gedcom.report.root.none')}
      </Text>
    );
  }

  const root = mainNodes.data?.root ?? null;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('gedcom.report.root.text')}
      </Text>
      {mainNodes.isError ? (
        <FormError message={t(errorKey(mainNodes.error))} />
      ) : (
        <Group justify="space-between" gap="sm">
          <Group gap={8} wrap="nowrap">
            <IconCrown aria-hidden size={20} color="var(--mantine-color-yellow-7)" />
            {root ? (
              <Text fw={600} data-testid="gedcom-root-name">
                {personName(root)}
              </Text>
            ) : (
              <Skeleton height={20} width={180} />
            )}
          </Group>
          <Button variant="light" onClick={() => setChoosing(true)} data-testid="gedcom-root-change">
            {t('gedcom.report.root.change')}
          </Button>
        </Group>
      )}
      <Modal {...modalProps} opened={choosing} onClose={close} title={t('gedcom.report.root.dialogTitle')}>
        <Stack gap="sm" data-testid="gedcom-root-dialog">
          <FormError message={setRoot.isError ? t(errorKey(setRoot.error)) : undefined} />
          <PersonSearchList
            treeId={treeId}
            excludeIds={mainNodes.data?.rootId ? [mainNodes.data.rootId] : []}
            selectLabel={t('gedcom.report.root.select')}
            onSelect={(person) =>
              setRoot.mutate(person.id, {
                onSuccess: (answer) => {
                  close();
                  notifications.show({
                    color: 'forest',
                    message: t('gedcom.report.root.changed', { name: personName(answer.root ?? person) }),
                  });
                },
              })
            }
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

interface GedcomReportProps {
  answer: GedcomImportAnswer;
  onImportAnother: () => void;
}

/** What an import did: counts created, the file's facts, warnings by kind, lines kept as GEDCOM, the root person. */
export function GedcomReport({ answer, onImportAnother }: GedcomReportProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const treeId = answer.tree.id;
  // The root may change here; the tree opens at the current one.
  const mainNodes = useQuery({ ...personQueries.mainNodes(treeId), enabled: answer.rootId !== null });
  const rootId = mainNodes.data?.rootId ?? answer.rootId;
  const treeHref = rootId ? personHref(treeId, rootId) : '/trees';

  return (
    <Stack gap="lg" mt="md" data-testid="gedcom-report" data-tree-id={treeId}>
      <Alert
        color="forest"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={t('gedcom.report.title', { name: answer.tree.name })}
        data-testid="gedcom-report-title"
      >
        {t('gedcom.report.duration', { seconds: format.number(Math.round(answer.durationMs / 100) / 10) })}
      </Alert>
      <Group>
        <Button
          component={Link}
          to={treeHref}
          leftSection={<IconSitemap aria-hidden size={18} />}
          data-testid="gedcom-open-tree"
        >
          {t('gedcom.report.openTree')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileImport aria-hidden size={18} />}
          onClick={onImportAnother}
          data-testid="gedcom-import-another"
        >
          {t('gedcom.report.importAnother')}
        </Button>
      </Group>
      <Section title={t('gedcom.report.created')} testId="gedcom-created">
        <CreatedCounts created={answer.created} />
      </Section>
      <Section title={t('gedcom.report.root.title')} testId="gedcom-root">
        <RootPerson treeId={treeId} rootId={answer.rootId} />
      </Section>
      <Section title={t('gedcom.report.file.title')} testId="gedcom-file-facts">
        <FileFacts file={answer.file} />
      </Section>
      <Section title={t('gedcom.report.warnings.title')} testId="gedcom-warnings">
        <Warnings warnings={answer.warnings} />
      </Section>
      {answer.created.media > 0 && (
        <Section title={t('gedcom.report.files.title')} testId="gedcom-files-section">
          <ReferencedFiles treeId={treeId} />
        </Section>
      )}
      <Section title={t('gedcom.report.kept.title')} testId="gedcom-kept-section">
        <Kept kept={answer.kept} />
      </Section>
    </Stack>
  );
}
