import { Stack, Table, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { useFormat } from '../../i18n/format.ts';
import { errorKey, type TranslationKey } from '../../i18n/messages.ts';
import { contentRowsOf, fileSizeParts, sizeOf, unreadableOf } from './import-rules.ts';

/** A byte count as "5 MB" or "12 kB" in the interface language. */
export function useFileSize(): (bytes: number) => string {
  const { t } = useTranslation();
  const format = useFormat();
  return useCallback(
    (bytes: number) => {
      const { unit, value } = fileSizeParts(bytes);
      return t(`gedcom.${unit}`, { value: format.number(value) });
    },
    [t, format],
  );
}

/** The message of a failed import: API codes as they are, except where the import has its own words. */
function importErrorKey(error: unknown): TranslationKey {
  const key = errorKey(error);
  // A body too large for the server (or a proxy before it) is a file too large to import.
  if (key === 'common.error.payloadTooLarge') return 'gedcom.error.tooLarge';
  if (key === 'common.error.generic' || key === 'common.error.validation') return 'gedcom.error.generic';
  return key;
}

/** A failed import's message, with what the answer's details add: why the file is unreadable and where, or its size. */
export function ImportErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const fileSize = useFileSize();
  const key = importErrorKey(error);
  const details = isApiError(error) ? error.details : undefined;
  const extra: string[] = [];
  if (key === 'gedcom.error.unreadable') {
    const { reason, line } = unreadableOf(details);
    if (reason) extra.push(t(`gedcom.unreadable.${reason}`));
    if (line !== null) extra.push(t('gedcom.unreadable.line', { line }));
  }
  if (key === 'gedcom.error.tooLarge') {
    const size = sizeOf(details);
    if (size) extra.push(t('gedcom.fileSize', { size: fileSize(size.bytes), max: fileSize(size.max) }));
  }
  return (
    <Stack gap={4} data-testid="gedcom-import-error" data-code={key}>
      <Text size="sm" fw={500}>
        {t(key)}
      </Text>
      {extra.map((text) => (
        <Text key={text} size="sm">
          {text}
        </Text>
      ))}
    </Stack>
  );
}

/** Under a limit dialog's message: the file's size against the limit, or its counts against the trial's. */
export function LimitDetails({ code, details }: { code: TranslationKey; details: unknown }) {
  const { t } = useTranslation();
  const format = useFormat();
  const fileSize = useFileSize();

  if (code === 'limit.gedcomSize') {
    const size = sizeOf(details);
    if (!size) return null;
    return (
      <Text size="sm" c="dimmed" data-testid="gedcom-size-limit">
        {t('gedcom.fileSize', { size: fileSize(size.bytes), max: fileSize(size.max) })}
      </Text>
    );
  }

  if (code === 'limit.gedcomContent') {
    const rows = contentRowsOf(details);
    if (rows.length === 0) return null;
    return (
      <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="gedcom-content-limit">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('gedcom.content.kind')}</Table.Th>
            <Table.Th ta="right">{t('gedcom.content.found')}</Table.Th>
            <Table.Th ta="right">{t('gedcom.content.allowed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const over = row.found > row.max;
            return (
              <Table.Tr key={row.kind} data-testid={`gedcom-content-${row.kind}`} data-over={over}>
                <Table.Td>{t(`gedcom.content.${row.kind}`)}</Table.Td>
                <Table.Td ta="right" c={over ? 'red' : undefined} fw={over ? 700 : undefined}>
                  {format.number(row.found)}
                </Table.Td>
                <Table.Td ta="right">{format.number(row.max)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    );
  }

  return null;
}
