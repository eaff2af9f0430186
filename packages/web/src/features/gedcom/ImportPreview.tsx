import { type GedcomEncoding, type GedcomImportPreview, gedcomEncodings, type Job, jobSchema } from '@anor/core';
import { Alert, List, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, segment } from '../../api/client.ts';
import { useFormat } from '../../i18n/format.ts';
import { errorKey, isTranslationKey } from '../../i18n/messages.ts';
import { jobKeys } from './jobs.ts';

/**
 * The user picks another encoding for an import that waits with its preview: the server reads the
 * file again in it and answers the job with the new preview (issue 20 item 1).
 */
export function useJobEncoding(userId: string, jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (encoding: GedcomEncoding) =>
      jobSchema.parse(await api.post(`/api/user/${segment(userId)}/job/${segment(jobId)}/encoding`, { encoding })),
    onSuccess: (job) => queryClient.setQueryData(jobKeys.detail(userId, job.id), job),
  });
}

const countKinds = ['persons', 'families', 'events', 'places', 'sources', 'notes', 'media'] as const;

/** An encoding's name for people ("Windows-1250 (Central Europe)"), or the name as it is. */
function useEncodingLabel(): (encoding: string) => string {
  const { t } = useTranslation();
  return (encoding) => {
    const key = `job.preview.encodings.${encoding}`;
    return isTranslationKey(key) ? t(key) : encoding;
  };
}

/** Why the file was read in its encoding, in the reader's language, with a word that shows it. */
function ReadingReason({ preview }: { preview: GedcomImportPreview }) {
  const { t } = useTranslation();
  const label = useEncodingLabel();
  const reading = preview.reading;
  if (!reading) return null;
  const encoding = label(preview.file.encoding ?? '');
  const declared = preview.file.declared ?? '';
  const reason =
    reading.reason === 'letters' && !preview.file.declared
      ? t('job.preview.reason.lettersNoHeader', { encoding })
      : t(`job.preview.reason.${reading.reason}`, { encoding, declared });
  const example = reading.example
    ? t('job.preview.example', {
        word: reading.example.word,
        other: label(reading.example.otherEncoding),
        otherWord: reading.example.other,
      })
    : null;
  return (
    <Text size="sm" data-testid="gedcom-preview-reason" data-reason={reading.reason}>
      {example ? `${reason} ${example}` : reason}
    </Text>
  );
}

/**
 * What the file holds, before anything is written: its counts, the encoding it was read in and why,
 * the names holding non-ASCII letters as they would be stored, and a choice of another encoding.
 */
export function ImportPreview({ job, userId }: { job: Job; userId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const label = useEncodingLabel();
  const change = useJobEncoding(userId, job.id);
  const preview = job.preview;
  if (!preview) return null;
  const current = preview.file.encoding;
  const choosable = preview.reading?.choosable === true;
  const names = preview.names;
  return (
    <Stack gap="xs" data-testid="gedcom-preview" data-encoding={current ?? ''}>
      <Title order={3} fz="h5">
        {t('job.preview.title')}
      </Title>
      <Text size="sm">{t('job.preview.text')}</Text>
      {preview.partial ? (
        <Text size="sm" c="dimmed" data-testid="gedcom-preview-partial">
          {t('job.preview.partial')}
        </Text>
      ) : null}
      <Table withTableBorder={false} verticalSpacing={4} maw={420}>
        <Table.Tbody>
          {countKinds.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td>{t(`gedcom.report.counts.${kind}`)}</Table.Td>
              <Table.Td ta="right" data-testid={`gedcom-preview-${kind}`}>
                {format.number(preview.counts[kind])}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>{t('gedcom.report.file.encoding')}</Table.Td>
            <Table.Td ta="right" data-testid="gedcom-preview-encoding">
              {current ? label(current) : t('gedcom.report.file.unknown')}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <ReadingReason preview={preview} />
      {choosable ? (
        <Select
          label={t('job.preview.encodingLabel')}
          description={t('job.preview.encodingHint')}
          data={gedcomEncodings.map((encoding) => ({ value: encoding, label: label(encoding) }))}
          value={current && (gedcomEncodings as readonly string[]).includes(current) ? current : null}
          placeholder={current ? label(current) : undefined}
          allowDeselect={false}
          maw={420}
          disabled={change.isPending}
          onChange={(value) => {
            if (value && value !== current) change.mutate(value as GedcomEncoding);
          }}
          data-testid="gedcom-preview-encoding-select"
        />
      ) : null}
      {change.isPending ? (
        <Text size="sm" c="dimmed" role="status" data-testid="gedcom-preview-rereading">
          {t('job.preview.rereading')}
        </Text>
      ) : null}
      {change.isError ? (
        <Alert color="red" variant="light" role="alert" data-testid="gedcom-preview-encoding-error">
          {t(errorKey(change.error))}
        </Alert>
      ) : null}
      {names ? (
        <Stack gap={4} data-testid="gedcom-preview-names" data-count={names.count}>
          <Text size="sm" fw={500}>
            {t('job.preview.names.title')}
          </Text>
          {names.count === 0 ? (
            <Text size="sm" c="dimmed">
              {t('job.preview.names.none')}
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {names.sample.map((name) => (
                <List.Item key={name} data-testid="gedcom-preview-name">
                  {name}
                </List.Item>
              ))}
              {names.count > names.sample.length ? (
                <List.Item>{t('job.preview.names.more', { count: names.count - names.sample.length })}</List.Item>
              ) : null}
            </List>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
