import type { MergeAnswer } from '@anor/core';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { errorKey } from '../../i18n/messages.ts';
import { Modal } from '../../lib/Modal.tsx';
import { emptyChoice, type LocationChoice, LocationPicker } from '../location/LocationPicker.tsx';
import { SourceChooser } from '../source/SourceChooser.tsx';
import type { SourceChoice } from '../source/source-form.ts';
import { MergePreviewView } from './MergePreviewView.tsx';
import { type MergeKind, mergePreviewQuery, refreshAfterMerge, undoMerge, useMerge } from './merge-api.ts';

const NOTICE_ID = 'merge-notice';

export interface MergeModalProps {
  treeId: string;
  kind: MergeKind;
  /** The place, record or archive whose page the merge starts from (kept, unless the user swaps). */
  id: string;
  opened: boolean;
  onClose: () => void;
  /** After the merge, before the queries are asked again: e.g. leave the page of the one merged away. */
  onMerged?: (answer: MergeAnswer) => void;
  zIndex?: number;
}

/**
 * "Merge with…" (issue 21): choose the other place, source or archive, see side by side what the
 * merge would do (each differing field with a choice, what moves, what becomes one, what cannot be
 * joined), then confirm. The notice afterwards offers undo.
 */
export function MergeModal({ treeId, kind, id, opened, onClose, onMerged, zIndex }: MergeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      zIndex={zIndex}
      title={t('nodeMerge.title')}
      data-testid="merge-modal"
    >
      {opened ? <MergeSteps treeId={treeId} kind={kind} id={id} onClose={onClose} onMerged={onMerged} /> : null}
    </Modal>
  );
}

function MergeSteps({
  treeId,
  kind,
  id,
  onClose,
  onMerged,
}: Pick<MergeModalProps, 'treeId' | 'kind' | 'id' | 'onClose' | 'onMerged'>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<LocationChoice>(emptyChoice);
  const [source, setSource] = useState<SourceChoice | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isSwapped, setSwapped] = useState(false);
  const [takeFromOther, setTakeFromOther] = useState<ReadonlySet<string>>(new Set());
  const keptId = isSwapped && chosenId ? chosenId : id;
  const otherId = isSwapped ? id : chosenId;
  const preview = useQuery({
    ...mergePreviewQuery(treeId, kind, keptId, otherId ?? ''),
    enabled: otherId !== null && otherId !== keptId,
  });
  const merge = useMerge(treeId, kind);

  const choose = (next: string | null) => {
    setChosenId(next === id ? null : next);
    setSwapped(false);
    setTakeFromOther(new Set());
    merge.reset();
  };

  const confirm = () => {
    if (!otherId) return;
    merge.mutate(
      { id: keptId, otherId, takeFromOther: [...takeFromOther] },
      {
        onSuccess: (answer) => {
          onMerged?.(answer);
          onClose();
          showMergedNotice(queryClient, treeId, answer);
        },
      },
    );
  };

  const pickLabel =
    kind === 'place'
      ? t('nodeMerge.pickPlace')
      : kind === 'record'
        ? t('nodeMerge.pickRecord')
        : t('nodeMerge.pickRepository');
  return (
    <Stack gap="md">
      {kind === 'place' ? (
        <LocationPicker
          treeId={treeId}
          value={place}
          onChange={(value) => {
            setPlace(value);
            if (value.kind === 'place') choose(value.id);
          }}
          label={pickLabel}
          showTypedPreview={false}
          disabledIds={new Set([id])}
          autoFocus
          testId="merge-pick-place"
        />
      ) : (
        <SourceChooser
          treeId={treeId}
          kind={kind}
          value={source}
          onChange={(value) => {
            setSource(value);
            choose(value?.id ?? null);
          }}
          label={pickLabel}
          placeholder={pickLabel}
          testId={`merge-pick-${kind}`}
        />
      )}

      {otherId && preview.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t('nodeMerge.loading')}
          </Text>
        </Group>
      ) : null}
      {preview.isError ? (
        <Alert color="red" data-testid="merge-preview-error">
          {t(errorKey(preview.error))}
        </Alert>
      ) : null}
      {preview.data && otherId ? (
        <>
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconArrowsExchange aria-hidden size={16} />}
              onClick={() => {
                setSwapped((swapped) => !swapped);
                setTakeFromOther(new Set());
                merge.reset();
              }}
              data-testid="merge-swap"
            >
              {t('nodeMerge.swap')}
            </Button>
          </Group>
          <MergePreviewView
            preview={preview.data}
            takeFromOther={takeFromOther}
            onChoose={(field, fromOther) =>
              setTakeFromOther((previous) => {
                const next = new Set(previous);
                if (fromOther) next.add(field);
                else next.delete(field);
                return next;
              })
            }
          />
        </>
      ) : null}
      {merge.isError ? (
        <Alert color="red" data-testid="merge-error">
          {t(errorKey(merge.error))}
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} data-testid="merge-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          onClick={confirm}
          disabled={!preview.data || preview.data.refusal !== null || !otherId}
          loading={merge.isPending}
          data-testid="merge-confirm"
        >
          {t('nodeMerge.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** "Merged" with an undo button; undo takes the merge's change set back and asks the queries again. */
function showMergedNotice(queryClient: QueryClient, treeId: string, answer: MergeAnswer) {
  const { changeSetId } = answer;
  notifications.hide(NOTICE_ID);
  notifications.show({
    id: NOTICE_ID,
    color: 'forest',
    withBorder: true,
    autoClose: 10_000,
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap" data-testid="merge-notice">
        <span>{i18n.t('nodeMerge.done')}</span>
        {changeSetId !== null ? (
          <Button
            size="compact-sm"
            variant="light"
            data-testid="merge-undo"
            onClick={() => {
              notifications.hide(NOTICE_ID);
              void undoMerge(treeId, changeSetId).then(
                async () => {
                  await refreshAfterMerge(queryClient);
                  notifications.show({ id: NOTICE_ID, color: 'forest', message: i18n.t('nodeMerge.undone') });
                },
                (error: unknown) =>
                  notifications.show({ id: NOTICE_ID, color: 'red', message: i18n.t(errorKey(error)) }),
              );
            }}
          >
            {i18n.t('nodeMerge.undo')}
          </Button>
        ) : null}
      </Group>
    ),
  });
}
