import { Button, Group, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';
import { RichTextEditor, RichTextEditorFallback } from '../note/index.ts';
import { usePersonModalProps } from '../person/layout.ts';
import { SOURCE_DIALOG_Z_INDEX } from './SourceDialogFrame.tsx';

interface TranscriptionModalProps {
  opened: boolean;
  /** The transcription as the citation form holds it (HTML). */
  value: string;
  onDone: (html: string) => void;
  onCancel: () => void;
}

/**
 * The transcription's own modal (SPEC §2 citation dialog): the text of the source in the rich-text
 * editor. "Done" hands it to the citation form, which saves it with the citation.
 */
export function TranscriptionModal({ opened, value, onDone, onCancel }: TranscriptionModalProps) {
  const { t } = useTranslation();
  const modalProps = usePersonModalProps('lg');
  return (
    <Modal
      {...modalProps}
      opened={opened}
      onClose={onCancel}
      // Above the citation dialog by coming later; the editor's link popover (300) stays above it.
      zIndex={SOURCE_DIALOG_Z_INDEX}
      title={
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {t('sources.citation.transcription')}
        </Text>
      }
      data-testid="transcription-modal"
    >
      {opened ? <TranscriptionForm value={value} onDone={onDone} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function TranscriptionForm({ value, onDone, onCancel }: Omit<TranscriptionModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('sources.citation.transcriptionHint')}
      </Text>
      <Suspense fallback={<RichTextEditorFallback />}>
        <RichTextEditor
          value={text}
          onChange={setText}
          placeholder={t('sources.citation.transcriptionPlaceholder')}
          data-testid="transcription-editor"
        />
      </Suspense>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} data-testid="transcription-cancel">
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onDone(text)} data-testid="transcription-done">
          {t('sources.citation.transcriptionDone')}
        </Button>
      </Group>
    </Stack>
  );
}
