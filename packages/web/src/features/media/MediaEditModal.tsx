import { type Media, type MediaSummary, mediaTextLimits, mediaUpdateBodySchema } from '@anor/core';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRevisionEdit } from '../../lib/conflict.ts';
import { FormError } from '../../lib/FormError.tsx';
import { useSchemaForm } from '../../lib/form.ts';
import { Modal } from '../../lib/Modal.tsx';
import { StoredConflictAlert } from '../../lib/StoredConflictAlert.tsx';
import { mediaTitle } from './media-display.ts';
import { mediaConflictOf, refreshMedia, useDeleteMedia, useUpdateMedia } from './mutations.ts';

/** The form's three texts, checked by the API's own rules and messages (as person/form-schemas.ts does). */
const mediaFormSchema = z
  .object({ title: z.string(), date: z.string(), description: z.string() })
  .transform((values, context): MediaUpdate => {
    const result = mediaUpdateBodySchema.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

type MediaUpdate = z.output<typeof mediaUpdateBodySchema>;

interface MediaEditModalProps {
  treeId: string;
  /** The medium to edit; null closes the dialog. */
  media: MediaSummary | null;
  /** Opens at the question "Delete the file?" (the menu's "Delete"). */
  isDeleting?: boolean;
  onClose: () => void;
  zIndex?: number;
}

/**
 * Title, date and description of a file, and deleting it (from every item it belongs to). A save
 * refused because the file's texts were saved elsewhere since keeps the form and shows them.
 */
export function MediaEditModal({ treeId, media, isDeleting = false, onClose, zIndex }: MediaEditModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={media !== null} onClose={onClose} title={t('media.edit.title')} centered size="md" zIndex={zIndex}>
      {media ? (
        <MediaEditForm key={media.id} treeId={treeId} media={media} isDeleting={isDeleting} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function MediaEditForm({
  treeId,
  media,
  isDeleting,
  onClose,
}: {
  treeId: string;
  media: MediaSummary;
  isDeleting: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const updateMedia = useUpdateMedia(treeId);
  const deleteMedia = useDeleteMedia(treeId);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(isDeleting);
  const form = useSchemaForm(mediaFormSchema, {
    title: media.title ?? '',
    date: media.date ?? '',
    description: media.description ?? '',
  });

  // The version the edit started from, whose revision a save sends; after a conflict, the stored one.
  const edit = useRevisionEdit<MediaSummary, Media>(media, {
    conflictOf: mediaConflictOf,
    onTakeStored: (stored) => void refreshMedia(queryClient, treeId, stored),
  });

  const send = (from: MediaSummary, body: MediaUpdate) =>
    updateMedia.mutate(
      { mediaId: from.id, body: { ...body, revision: from.revision } },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!edit.catchConflict(error)) form.setServerError(error);
        },
      },
    );

  const submit = form.handleSubmit((body) => {
    const base = edit.base;
    if (body.title === base.title && body.date === base.date && body.description === base.description) {
      onClose();
      return;
    }
    send(base, body);
  });

  /** The conflict's ways out: the stored texts replace the form, or the typed ones are saved over them. */
  const takeStored = () => {
    const stored = edit.takeStored();
    if (stored)
      form.reset({ title: stored.title ?? '', date: stored.date ?? '', description: stored.description ?? '' });
  };

  const saveOver = () => {
    const values = form.validate();
    const stored = values ? edit.saveOver() : null;
    if (values && stored) send(stored, values);
  };

  if (isConfirmingDelete) {
    return (
      <Stack gap="md" data-testid="media-delete-confirm">
        <Text fw={600}>{t('media.delete.title')}</Text>
        <Text size="sm">{t('media.delete.text', { title: mediaTitle(media, t) })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setIsConfirmingDelete(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={deleteMedia.isPending}
            onClick={() => deleteMedia.mutate(media.id, { onSuccess: onClose })}
            data-testid="media-delete-confirm-button"
          >
            {t('media.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="media-edit-form">
      <Stack gap="sm">
        {media.fileName ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('media.fields.file', { name: media.fileName })}
          </Text>
        ) : null}
        <TextInput
          label={t('media.fields.title')}
          maxLength={mediaTextLimits.title}
          autoComplete="off"
          data-autofocus
          data-testid="media-edit-title"
          {...form.getInputProps('title')}
        />
        <TextInput
          label={t('media.fields.date')}
          description={t('media.fields.dateHint')}
          maxLength={mediaTextLimits.date}
          autoComplete="off"
          data-testid="media-edit-date"
          {...form.getInputProps('date')}
        />
        <Textarea
          label={t('media.fields.description')}
          maxLength={mediaTextLimits.description}
          autosize
          minRows={3}
          maxRows={10}
          data-testid="media-edit-description"
          {...form.getInputProps('description')}
        />
        {edit.conflict ? (
          <StoredConflictAlert
            message={t('media.error.conflict')}
            stored={[
              { label: t('media.fields.title'), value: edit.conflict.title },
              { label: t('media.fields.date'), value: edit.conflict.date },
              { label: t('media.fields.description'), value: edit.conflict.description },
            ]}
            onTakeStored={takeStored}
            onSaveOver={saveOver}
            testId="media-conflict"
          />
        ) : null}
        <FormError message={form.errorText('form')} />
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash aria-hidden size={16} />}
            onClick={() => setIsConfirmingDelete(true)}
            data-testid="media-edit-delete"
          >
            {t('media.actions.delete')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={updateMedia.isPending}
              disabled={edit.conflict !== null}
              data-testid="media-edit-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
