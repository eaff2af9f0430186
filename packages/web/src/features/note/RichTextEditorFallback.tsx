import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A Suspense fallback while the editor's code loads: the toolbar and the text area as placeholders. */
export function RichTextEditorFallback() {
  const { t } = useTranslation();
  return (
    <Stack gap={4} aria-busy="true" aria-label={t('notes.editor.loading')} data-testid="rich-text-editor-loading">
      <Skeleton height={34} />
      <Skeleton height={160} />
    </Stack>
  );
}
