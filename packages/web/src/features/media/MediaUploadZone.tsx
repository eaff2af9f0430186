import type { Media, MediaNodeKind } from '@anor/core';
import { ActionIcon, Box, Button, Group, Paper, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPencil, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type RecordedChangeSet } from '../../api/client.ts';
import { errorKey } from '../../i18n/messages.ts';
import { showUndoableNotice } from '../history/undo-notice.tsx';
import { treePath } from '../person/queries.ts';
import { refreshAfterUpload } from './mutations.ts';
import { uploadMedia } from './upload.ts';
import { mediaAccept, refusedBeforeUpload } from './upload-queue.ts';

interface UploadItem {
  key: number;
  name: string;
  state: 'uploading' | 'processing' | 'done' | 'error' | 'cancelled';
  /** 0..100 */
  percent: number;
  error?: unknown;
  media?: Media;
  controller?: AbortController;
}

export interface MediaUploadZoneProps {
  treeId: string;
  /** Uploads here are linked at once to this item. */
  node?: { id: string; kind: MediaNodeKind };
  /** "Edit details" of an uploaded file. */
  onEdit: (media: Media) => void;
  compact?: boolean;
}

/**
 * Drop zone and file button for several files at once: each file is its own upload with its own
 * progress, and its own error (an error code's text) should the server refuse it. An uploaded
 * file offers its details (title, date, description) to edit.
 */
export function MediaUploadZone({ treeId, node, onEdit, compact = false }: MediaUploadZoneProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [isOver, setIsOver] = useState(false);
  const nextKey = useRef(1);

  const update = (key: number, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  // Uploads still running when the view goes away are cancelled.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(
    () => () => {
      for (const item of itemsRef.current) item.controller?.abort();
    },
    [],
  );

  const start = (files: File[]) => {
    // The files chosen or dropped together are one save: each finished one's notice undoes all that finished.
    const batch: RecordedChangeSet[] = [];
    for (const file of files) {
      const key = nextKey.current++;
      const refused = refusedBeforeUpload(file);
      if (refused) {
        setItems((current) => [...current, { key, name: file.name, state: 'error', percent: 0, error: refused }]);
        continue;
      }
      const controller = new AbortController();
      setItems((current) => [...current, { key, name: file.name, state: 'uploading', percent: 0, controller }]);
      uploadMedia(treePath(treeId, 'media'), file, node ? { node } : {}, {
        signal: controller.signal,
        onProgress: (fraction) => {
          const percent = Math.round(fraction * 100);
          update(key, percent >= 100 ? { percent, state: 'processing' } : { percent });
        },
      })
        .then(async ({ media, changeSets }) => {
          update(key, { state: 'done', percent: 100, media, controller: undefined });
          batch.push(...changeSets);
          if (batch.length > 0) showUndoableNotice(t('common.notice.saved'), [...batch], queryClient);
          await refreshAfterUpload(queryClient, treeId, media);
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') update(key, { state: 'cancelled' });
          else update(key, { state: 'error', error, controller: undefined });
        });
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    start(Array.from(event.dataTransfer.files));
  };

  const visible = items.filter((item) => item.state !== 'cancelled');
  return (
    <Stack gap="xs" data-testid="media-upload">
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        p={compact ? 'sm' : 'lg'}
        style={{
          border: `2px dashed var(--mantine-color-${isOver ? 'forest-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: isOver ? 'var(--mantine-color-forest-0)' : undefined,
          textAlign: 'center',
        }}
        data-testid="media-dropzone"
        data-over={isOver || undefined}
      >
        <Group justify="center" gap="xs">
          <IconUpload aria-hidden size={20} color="var(--mantine-color-gray-6)" />
          <Text size="sm">{t('media.upload.drop')}</Text>
          <Button size="compact-sm" variant="light" onClick={() => inputRef.current?.click()}>
            {t('media.upload.choose')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {t('media.upload.hint')}
        </Text>
        <VisuallyHidden>
          <label htmlFor={inputId}>{t('media.upload.choose')}</label>
          <input
            id={inputId}
            ref={inputRef}
            type="file"
            multiple
            accept={mediaAccept}
            tabIndex={-1}
            onChange={(event) => {
              start(Array.from(event.currentTarget.files ?? []));
              event.currentTarget.value = '';
            }}
            data-testid="media-file-input"
          />
        </VisuallyHidden>
      </Box>
      {visible.length > 0 ? (
        <Stack
          gap={6}
          component="ul"
          p={0}
          m={0}
          aria-label={t('media.upload.listLabel')}
          style={{ listStyle: 'none' }}
        >
          {visible.map((item) => (
            <UploadRow
              key={item.key}
              item={item}
              onCancel={() => item.controller?.abort()}
              onDismiss={() => setItems((current) => current.filter((other) => other.key !== item.key))}
              onEdit={onEdit}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function UploadRow({
  item,
  onCancel,
  onDismiss,
  onEdit,
}: {
  item: UploadItem;
  onCancel: () => void;
  onDismiss: () => void;
  onEdit: (media: Media) => void;
}) {
  const { t } = useTranslation();
  const isRunning = item.state === 'uploading' || item.state === 'processing';
  const status =
    item.state === 'uploading'
      ? t('media.upload.uploading', { percent: item.percent })
      : item.state === 'processing'
        ? t('media.upload.processing')
        : item.state === 'done'
          ? t('media.upload.done')
          : t(errorKey(item.error));
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="md"
      data-testid="media-upload-item"
      data-state={item.state}
      data-error-code={isApiError(item.error) ? item.error.code : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate="end" fw={500}>
            {item.name}
          </Text>
          <Text
            size="xs"
            c={item.state === 'error' ? 'red.8' : 'dimmed'}
            role={item.state === 'error' ? 'alert' : undefined}
            data-testid="media-upload-status"
          >
            {item.state === 'done' ? <IconCheck aria-hidden size={12} /> : null} {status}
          </Text>
          {isRunning ? (
            <Progress
              value={item.percent}
              size="sm"
              striped={item.state === 'processing'}
              animated={item.state === 'processing'}
              aria-label={status}
            />
          ) : null}
        </Stack>
        {item.state === 'done' && item.media ? (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPencil aria-hidden size={14} />}
            onClick={() => item.media && onEdit(item.media)}
            data-testid="media-upload-edit"
          >
            {t('media.actions.edit')}
          </Button>
        ) : null}
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={isRunning ? onCancel : onDismiss}
          aria-label={isRunning ? t('media.upload.cancel') : t('media.upload.dismiss')}
          data-testid={isRunning ? 'media-upload-cancel' : 'media-upload-dismiss'}
        >
          <IconX aria-hidden size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
