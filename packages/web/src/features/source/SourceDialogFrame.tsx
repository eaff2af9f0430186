import { Box, Skeleton, Stack, Text } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { ObjectHistory } from '../history/ObjectHistory.tsx';
import type { HistoryObjectPath } from '../history/queries.ts';
import { ConfirmModal } from '../location/ConfirmModal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { personQueries } from '../person/queries.ts';

/** SPEC §2: the source dialogs lie above the event modal and the location dialog (200), their questions above them (400). */
export const SOURCE_DIALOG_Z_INDEX = 300;

export interface FrameControls {
  /** Closes the dialog (after saving, deleting, or a cancel that needs no question). */
  close: () => void;
  /** Closing as the X does: an existing source with unsaved changes asks first. */
  requestClose: () => void;
  onDirtyChange: (isDirty: boolean) => void;
  /** Whether a modal of the dialog's own is open (Escape is then that modal's). */
  onModalChange: (isOpen: boolean) => void;
}

interface SourceDialogFrameProps {
  title: string;
  testId: string;
  /** Only the topmost dialog of the stack closes on Escape. */
  isTop: boolean;
  /** Lies on another source dialog: a lighter overlay, so that the stack does not go dark. */
  isStacked?: boolean;
  /** SPEC §4: a new, unsaved source closes at once, changed or not. */
  isNew: boolean;
  /** The dialog has faded out: the provider forgets it. */
  onClosed: () => void;
  children: (controls: FrameControls) => ReactNode;
}

/**
 * The modal around one source dialog (full screen below 800 px like the other editors): its
 * title, closing (asking before discarding changes to an existing source), and Escape for the
 * topmost dialog only.
 */
export function SourceDialogFrame({
  title,
  testId,
  isTop,
  isStacked = false,
  isNew,
  onClosed,
  children,
}: SourceDialogFrameProps) {
  const { t } = useTranslation();
  const modalProps = usePersonModalProps('lg');
  const [isOpened, setOpened] = useState(true);
  const [isDirty, setDirty] = useState(false);
  const [isChildOpen, setChildOpen] = useState(false);
  const [isAsking, setAsking] = useState(false);
  const returnFocus = useReturnFocus();

  const close = useCallback(() => setOpened(false), []);
  const requestClose = () => {
    if (isDirty && !isNew) setAsking(true);
    else close();
  };
  const onDirtyChange = useCallback((dirty: boolean) => setDirty(dirty), []);
  const onModalChange = useCallback((open: boolean) => setChildOpen(open), []);

  return (
    <Modal
      {...modalProps}
      zIndex={SOURCE_DIALOG_Z_INDEX}
      overlayProps={isStacked ? { backgroundOpacity: 0.2 } : undefined}
      opened={isOpened}
      onClose={requestClose}
      // A save sent for review closes as a save does, without asking: the proposal holds the changes.
      onProposed={close}
      onExitTransitionEnd={() => {
        returnFocus();
        onClosed();
      }}
      closeOnEscape={isTop && !isChildOpen && !isAsking}
      title={
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {title}
        </Text>
      }
      data-testid={testId}
      data-new={isNew || undefined}
    >
      {/* The dialog is a portal inside the React tree of the form it was opened from (the event editor,
          the location dialog): its submits end here (issue 19 item 2). */}
      <div onSubmit={(event) => event.stopPropagation()}>
        {children({ close, requestClose, onDirtyChange, onModalChange })}
      </div>
      <ConfirmModal
        opened={isAsking}
        title={t('sources.unsaved.title')}
        confirmLabel={t('sources.unsaved.discard')}
        cancelLabel={t('sources.unsaved.keep')}
        color="red"
        onConfirm={() => {
          setAsking(false);
          close();
        }}
        onCancel={() => setAsking(false)}
        testId="source-discard"
      >
        {t('sources.unsaved.text')}
      </ConfirmModal>
    </Modal>
  );
}

interface StoredSourceDialogProps<T, K extends QueryKey> {
  treeId: string;
  /** The stored source, or null for a new one. */
  id: string | null;
  /** The query of a stored source by id. */
  query: (id: string) => UseQueryOptions<T, Error, T, K>;
  /** The frame's title for a stored and for a new source. */
  titles: { stored: string; new: string };
  testId: string;
  isTop: boolean;
  isStacked?: boolean;
  onClosed: () => void;
  /** The dialog's content once the source (if any) and the tree's edit flag are loaded. */
  children: (source: T | null, canEdit: boolean, controls: FrameControls) => ReactNode;
  /** The source's history route (issue 21): a stored source's History section, for the owner only. */
  historyPath?: HistoryObjectPath;
}

/**
 * What the citation, record and repository dialogs share around their content: the frame, the
 * stored source and the tree's edit flag loaded, a skeleton while they load and an error view
 * when they cannot.
 */
export function StoredSourceDialog<T, K extends QueryKey>({
  treeId,
  id,
  query,
  titles,
  testId,
  isTop,
  isStacked,
  onClosed,
  children,
  historyPath,
}: StoredSourceDialogProps<T, K>) {
  const mainNodes = useQuery({ ...personQueries.mainNodes(treeId), enabled: treeId !== '' });
  const stored = useQuery({ ...query(id ?? ''), enabled: id !== null });
  const canEdit = mainNodes.data?.canEdit ?? false;
  return (
    <SourceDialogFrame
      title={id === null ? titles.new : titles.stored}
      testId={testId}
      isTop={isTop}
      isStacked={isStacked}
      isNew={id === null}
      onClosed={onClosed}
    >
      {(controls) => {
        if (id !== null && stored.isError) {
          return <ErrorView error={stored.error} onRetry={() => void stored.refetch()} />;
        }
        if ((id !== null && stored.isPending) || mainNodes.isPending) return <SourceDialogSkeleton />;
        const content = children(id === null ? null : (stored.data ?? null), canEdit, controls);
        if (id === null || !canEdit || !historyPath) return content;
        return (
          <>
            {content}
            <Box mt="md">
              <ObjectHistory treeId={treeId} path={historyPath} id={id} />
            </Box>
          </>
        );
      }}
    </SourceDialogFrame>
  );
}

/** While a stored source loads. */
export function SourceDialogSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} width="70%" />
      <Skeleton height={120} />
    </Stack>
  );
}

/** A label over a value, in the dialogs' read-only parts. */
export function SourceField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** A text value, or the dimmed "no data" placeholder (SPEC §8) when there is none. */
export function SourceText({ value, testId }: { value: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const isEmpty = !value?.trim();
  return (
    <Text
      size="sm"
      c={isEmpty ? 'dimmed' : undefined}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid={testId}
    >
      {isEmpty ? t('sources.placeholders.noData') : value}
    </Text>
  );
}

/** SPEC §2: created and updated. */
export function SourceTimestamps({ createdAt, updatedAt }: { createdAt: string; updatedAt: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" data-testid="source-created">
        {t('sources.dialog.created', { date: format.date(createdAt) })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="source-updated">
        {t('sources.dialog.updated', { date: format.date(updatedAt) })}
      </Text>
    </Stack>
  );
}
