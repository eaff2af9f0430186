import {
  type Event,
  formatPartialDate,
  type Language,
  type MergeField,
  type MergeGroup,
  type MergeItem,
  type MergePreview,
} from '@anor/core';
import { Alert, Badge, Group, List, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { codeKey } from '../../i18n/messages.ts';
import { useEventTypeName } from '../event/type-names.tsx';

/** How many items of a kind the preview shows; the rest are counted ("and 12 more"). */
const SHOWN = 8;

export interface MergePreviewViewProps {
  preview: MergePreview;
  /** The fields whose value the merged one gives (the rest keep the kept one's). */
  takeFromOther: ReadonlySet<string>;
  onChoose: (field: string, fromOther: boolean) => void;
}

/** The side-by-side preview of a merge: the two, each differing field with a choice, what moves, what becomes one, notices. */
export function MergePreviewView({ preview, takeFromOther, onChoose }: MergePreviewViewProps) {
  const { t } = useTranslation();
  const differing = preview.fields.filter((field) => field.value !== field.otherValue);
  const shown = (value: string | null, field: string) =>
    value ?? (field === 'parent' ? t('nodeMerge.top') : t('nodeMerge.empty'));
  return (
    <Stack gap="md" data-testid="merge-preview">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Paper withBorder radius="md" p="sm" data-testid="merge-kept">
          <Badge color="forest" variant="light" tt="none">
            {t('nodeMerge.kept')}
          </Badge>
          <Text fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {preview.label}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm" data-testid="merge-other">
          <Badge color="gray" variant="light" tt="none">
            {t('nodeMerge.merged')}
          </Badge>
          <Text fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {preview.otherLabel}
          </Text>
        </Paper>
      </SimpleGrid>

      {preview.refusal ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden size={18} />} data-testid="merge-refusal">
          {t(codeKey(preview.refusal))}
        </Alert>
      ) : null}

      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('nodeMerge.fieldsTitle')}
        </Title>
        {differing.map((field) => (
          <Radio.Group
            key={field.field}
            label={t(`nodeMerge.field.${field.field as MergeField}`)}
            value={takeFromOther.has(field.field) ? 'other' : 'kept'}
            onChange={(value) => onChoose(field.field, value === 'other')}
            data-testid={`merge-field-${field.field}`}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={4}>
              <Radio
                value="kept"
                label={shown(field.value, field.field)}
                data-testid={`merge-field-${field.field}-kept`}
              />
              <Radio
                value="other"
                label={shown(field.otherValue, field.field)}
                data-testid={`merge-field-${field.field}-other`}
              />
            </SimpleGrid>
          </Radio.Group>
        ))}
        {differing.length < preview.fields.length ? (
          <Text size="sm" c="dimmed">
            {t('nodeMerge.noDifferences')}
          </Text>
        ) : null}
      </Stack>

      <Groups
        title={t('nodeMerge.movesTitle')}
        groups={preview.moves}
        empty={t('nodeMerge.nothingMoves')}
        testId="merge-moves"
      />
      {preview.joins.length > 0 ? (
        <Groups title={t('nodeMerge.joinsTitle')} groups={preview.joins} testId="merge-joins" />
      ) : null}

      {preview.notices.length > 0 ? (
        <Stack gap="xs" data-testid="merge-notices">
          <Title order={3} fz="h5">
            {t('nodeMerge.noticesTitle')}
          </Title>
          {preview.notices.map((notice) => (
            <Alert
              key={notice.code}
              color="yellow"
              icon={<IconInfoCircle aria-hidden size={18} />}
              data-code={notice.code}
            >
              <Text size="sm">{t(codeKey(notice.code))}</Text>
              {notice.items.length > 0 ? (
                <List size="sm" mt={4}>
                  {notice.items.map((item) => (
                    <List.Item key={item.id}>{item.label}</List.Item>
                  ))}
                </List>
              ) : null}
            </Alert>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function Groups({
  title,
  groups,
  empty,
  testId,
}: {
  title: string;
  groups: MergeGroup[];
  empty?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={3} fz="h5">
        {title}
      </Title>
      {groups.length === 0 && empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : null}
      {groups.map((group) => (
        <div key={group.kind} data-kind={group.kind} data-total={group.total}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {t(`nodeMerge.kind.${group.kind}`)}
            </Text>
            <Badge size="sm" variant="light" color="gray">
              {group.total}
            </Badge>
          </Group>
          {group.items.length > 0 ? (
            <List size="sm" mt={2}>
              {group.items.slice(0, SHOWN).map((item) => (
                <List.Item key={item.id}>
                  <ItemLabel item={item} />
                </List.Item>
              ))}
              {group.total > SHOWN ? (
                <List.Item>
                  <Text size="sm" c="dimmed" span>
                    {t('nodeMerge.more', { count: group.total - SHOWN })}
                  </Text>
                </List.Item>
              ) : null}
            </List>
          ) : null}
        </div>
      ))}
    </Stack>
  );
}

function ItemLabel({ item }: { item: MergeItem }) {
  const { i18n } = useTranslation();
  const typeName = useEventTypeName();
  if (!item.eventType) return <>{item.label || '—'}</>;
  const name = typeName({
    type: item.eventType as Event['type'],
    typeName: item.label === item.eventType ? null : item.label,
  });
  return <>{item.date ? `${name}, ${formatPartialDate(item.date, i18n.language as Language)}` : name}</>;
}
