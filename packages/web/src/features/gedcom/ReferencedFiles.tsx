import { mediaReferencesAnswerSchema } from '@anor/core';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { treePath } from '../person/queries.ts';

/**
 * The files an imported GEDCOM file's OBJE FILE lines name, and which are uploaded (GET
 * media/references). Under the media keys (`['media', treeId, …]`), so an upload refreshes it.
 */
const referencesQuery = (treeId: string) =>
  queryOptions({
    queryKey: ['media', treeId, 'references'] as const,
    queryFn: ({ signal }) =>
      api.get(treePath(treeId, 'media/references'), { schema: mediaReferencesAnswerSchema, signal }),
    meta: { errorDisplay: 'inline' },
  });

export function ReferencedFiles({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const references = useQuery(referencesQuery(treeId));
  if (references.isError) return <FormError message={t(errorKey(references.error))} />;
  const files = references.data?.files ?? [];
  const present = files.filter((file) => file.present === file.objects).length;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('gedcom.report.files.intro')}
      </Text>
      <Text size="sm" fw={600} data-testid="gedcom-files-summary">
        {t('gedcom.report.files.summary', { present, total: files.length })}
      </Text>
      <List spacing={4} size="sm" listStyleType="none" data-testid="gedcom-files">
        {files.map((file) => {
          const uploaded = file.present === file.objects;
          return (
            <List.Item key={file.name.toLowerCase()} data-testid="gedcom-file" data-present={uploaded}>
              <Group gap="xs" wrap="nowrap">
                <Badge color={uploaded ? 'forest' : 'gray'} variant="light" size="sm">
                  {uploaded ? t('gedcom.report.files.present') : t('gedcom.report.files.missing')}
                </Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
