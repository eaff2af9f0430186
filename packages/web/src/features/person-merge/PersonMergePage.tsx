import type {
  EventType,
  PersonMergeField,
  PersonMergeFieldValues,
  PersonMergeItem,
  PersonMergePreview,
  PersonMergeRelative,
} from '@anor/core';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowsExchange, IconGitMerge } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { useEventTypeName } from '../event/type-names.tsx';
import { showUndoableNotice } from '../history/undo-notice.tsx';
import { personHref } from '../person/paths.ts';
import { personMergeHref } from './paths.ts';
import { personMergePreviewQuery, usePersonMerge } from './queries.ts';

/**
 * Merging two persons (issue 21) at /app/:treeId/person/:personId/merge/:otherId: both side by
 * side, a choice per field that differs, what is joined and what cannot be, then the merge. The
 * preview is asked again with each choice (which birth counts changes what becomes alternative).
 * After the merge: the survivor's page, with a notice that offers undo.
 */
export function PersonMergePage() {
  const { treeId = '', personId = '', otherId = '' } = useParams();
  const { t } = useTranslation();
  usePageTitle(t('personMerge.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [take, setTake] = useState<PersonMergeField[]>([]);
  const preview = useQuery(personMergePreviewQuery(treeId, personId, otherId, take));
  const merge = usePersonMerge(treeId);
  const typeName = useEventTypeName();

  if (preview.isError) return <ErrorView error={preview.error} onRetry={() => void preview.refetch()} />;
  if (preview.isPending) {
    return (
      <Container py="xl">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('personMerge.loading')}</Text>
        </Group>
      </Container>
    );
  }
  const p = preview.data;
  const choose = (field: PersonMergeField, fromOther: boolean) =>
    setTake((current) =>
      fromOther ? [...current.filter((f) => f !== field), field] : current.filter((f) => f !== field),
    );
  const confirm = () =>
    merge.mutate(
      {
        personId,
        otherId,
        takeFromOther: take,
        revision: p.person.revision,
        otherRevision: p.other.revision,
      },
      {
        onSuccess: (answer) => {
          void navigate(personHref(treeId, answer.id));
          const text = t('personMerge.done', { name: p.other.label });
          if (answer.changeSetId !== null) {
            showUndoableNotice(text, [{ treeId, id: answer.changeSetId }], queryClient);
          } else notifications.show({ color: 'forest', message: text, withBorder: true });
        },
        onError: () => void preview.refetch(),
      },
    );
  const events = p.events.map((item) => ({
    ...item,
    label: [
      typeName({ type: (item.eventType ?? 'other') as EventType, subtype: item.subtype ?? null, typeName: item.label }),
      item.date,
      item.place,
    ]
      .filter(Boolean)
      .join(', '),
  }));
  const differing = p.fields.filter((field) => field.value !== field.otherValue);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="person-merge-page">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1} fz="h2">
            {t('personMerge.title')}
          </Title>
          <Button
            variant="default"
            leftSection={<IconArrowsExchange aria-hidden size={16} />}
            onClick={() => {
              setTake([]);
              void navigate(personMergeHref(treeId, otherId, personId), { replace: true });
            }}
            data-testid="person-merge-swap"
          >
            {t('personMerge.swap')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Side treeId={treeId} side={p.person} caption={t('personMerge.kept')} testId="person-merge-kept" />
          <Side treeId={treeId} side={p.other} caption={t('personMerge.merged')} testId="person-merge-other" />
        </SimpleGrid>

        <Section title={t('personMerge.fieldsTitle')}>
          {differing.length === 0 ? <Text c="dimmed">{t('personMerge.noDifferences')}</Text> : null}
          {differing.map((field) => (
            <FieldChoice
              key={field.field}
              field={field}
              fromOther={take.includes(field.field)}
              onChange={(fromOther) => choose(field.field, fromOther)}
            />
          ))}
        </Section>

        <ItemSection title={t('personMerge.namesTitle')} items={p.names} testId="person-merge-names" />
        <ItemSection title={t('personMerge.eventsTitle')} items={events} testId="person-merge-events" />
        <ItemSection
          title={t('personMerge.relativesTitle')}
          items={p.relatives}
          testId="person-merge-relatives"
          kindOf={(item) => t(`personMerge.relation.${(item as PersonMergeRelative).relation}`)}
        />
        <ItemSection
          title={t('personMerge.attachmentsTitle')}
          items={p.attachments}
          testId="person-merge-attachments"
          kindOf={(item) => t(`personMerge.attachment.${(item as PersonMergePreview['attachments'][number]).kind}`)}
        />
        <Problems preview={p} events={events} />

        {merge.isError ? (
          <Alert color="red" icon={<IconAlertTriangle aria-hidden />} data-testid="person-merge-error">
            {isApiError(merge.error) ? merge.error.message : t('personMerge.refused')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={personHref(treeId, personId)}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconGitMerge aria-hidden size={16} />}
            disabled={p.refusal !== null || preview.isFetching}
            loading={merge.isPending}
            onClick={confirm}
            data-testid="person-merge-confirm"
          >
            {t('personMerge.confirm')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Side({
  treeId,
  side,
  caption,
  testId,
}: {
  treeId: string;
  side: PersonMergePreview['person'];
  caption: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {caption}
      </Text>
      <Anchor component={Link} to={personHref(treeId, side.id)} fw={700} fz="lg">
        {side.label}
      </Anchor>
      <Text size="sm">
        {[side.born ? `* ${side.born}` : null, side.died ? `† ${side.died}` : null].filter(Boolean).join('  ')}
      </Text>
    </Paper>
  );
}

function FieldChoice({
  field,
  fromOther,
  onChange,
}: {
  field: PersonMergeFieldValues;
  fromOther: boolean;
  onChange: (fromOther: boolean) => void;
}) {
  const { t } = useTranslation();
  const text = (value: string | null) => value ?? t('personMerge.empty');
  return (
    <Radio.Group
      label={t(`personMerge.field.${field.field}`)}
      value={fromOther ? 'other' : 'kept'}
      onChange={(value) => onChange(value === 'other')}
      data-testid={`person-merge-field-${field.field}`}
    >
      <Group mt={4} gap="xl">
        <Radio value="kept" label={text(field.value)} />
        <Radio value="other" label={text(field.otherValue)} />
      </Group>
    </Radio.Group>
  );
}

function OutcomeBadge({ item }: { item: PersonMergeItem }) {
  const { t } = useTranslation();
  const color = { kept: 'gray', moved: 'blue', joined: 'forest', alternative: 'orange', added: 'grape' }[item.outcome];
  return (
    <Badge variant="light" color={color} data-testid="person-merge-outcome">
      {t(`personMerge.outcome.${item.outcome}`)}
    </Badge>
  );
}

function ItemSection({
  title,
  items,
  testId,
  kindOf,
}: {
  title: string;
  items: PersonMergeItem[];
  testId: string;
  kindOf?: (item: PersonMergeItem) => string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title} testId={testId}>
      {items.length === 0 ? (
        <Text c="dimmed">{t('personMerge.nothing')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={`${item.side}-${item.id}`} data-testid="person-merge-item">
                {kindOf ? <Table.Td>{kindOf(item)}</Table.Td> : null}
                <Table.Td>{item.label}</Table.Td>
                <Table.Td c="dimmed">{t(`personMerge.side.${item.side}`)}</Table.Td>
                <Table.Td>
                  <OutcomeBadge item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

function Problems({ preview, events }: { preview: PersonMergePreview; events: PersonMergeItem[] }) {
  const { t } = useTranslation();
  // An event is named as the events' list names it (its type in the reader's language).
  const labelOf = (item: { id: string; label: string }) => events.find((e) => e.id === item.id)?.label ?? item.label;
  return (
    <Section title={t('personMerge.problemsTitle')} testId="person-merge-problems">
      {preview.refusal ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} data-testid="person-merge-refusal">
          {t('personMerge.refused')}
        </Alert>
      ) : null}
      {preview.problems.length === 0 ? <Text c="dimmed">{t('personMerge.noProblems')}</Text> : null}
      {preview.problems.map((problem) => (
        <Stack key={problem.code} gap={2} data-testid="person-merge-problem">
          <Text c={problem.refuses ? 'red' : undefined}>{t(`personMerge.problem.${problem.code}`)}</Text>
          {problem.items.length > 0 ? (
            <Stack component="ul" gap={0} m={0} pl="md">
              {problem.items.map((item) => (
                <Text component="li" size="sm" key={item.id}>
                  {labelOf(item)}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Stack>
      ))}
    </Section>
  );
}
