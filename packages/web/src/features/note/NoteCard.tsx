import { ActionIcon, Group, Paper, Spoiler, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextView } from './RichTextView.tsx';

export interface NoteCardProps {
  title: string | null;
  text: string;
  /** Opens the note in the note modal's view. */
  onView: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** A line under the title (where the note comes from, in merged lists). */
  caption?: ReactNode;
  noteId?: string;
  tempId?: string;
}

/**
 * One note in a list: its title (cut at 200 px, SPEC §9; the whole title opens the note), the text
 * folded after a few lines, and for editors edit and delete.
 */
export function NoteCard({ title, text, onView, onEdit, onDelete, caption, noteId, tempId }: NoteCardProps) {
  const { t } = useTranslation();
  const shownTitle = title || t('notes.untitled');
  return (
    <Paper
      withBorder
      radius="sm"
      px="sm"
      py={6}
      component="li"
      data-testid="note-item"
      data-note-id={noteId}
      data-temp-id={tempId}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={0} miw={0}>
          <UnstyledButton onClick={onView} title={shownTitle} aria-label={t('notes.view', { title: shownTitle })}>
            <Text size="sm" fw={600} truncate="end" maw={200} c={title ? undefined : 'dimmed'} data-testid="note-title">
              {shownTitle}
            </Text>
          </UnstyledButton>
          {caption}
        </Stack>
        {onEdit || onDelete ? (
          <Group gap={2} wrap="nowrap">
            {onEdit ? (
              <Tooltip label={t('notes.edit')}>
                <ActionIcon variant="subtle" aria-label={t('notes.edit')} onClick={onEdit} data-testid="note-edit">
                  <IconPencil aria-hidden size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {onDelete ? (
              <Tooltip label={t('notes.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('notes.delete')}
                  onClick={onDelete}
                  data-testid="note-delete"
                >
                  <IconTrash aria-hidden size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <Spoiler
        maxHeight={120}
        showLabel={t('notes.showMore')}
        hideLabel={t('notes.showLess')}
        mt={4}
        styles={{ control: { fontSize: 'var(--mantine-font-size-xs)' } }}
      >
        <RichTextView html={text} data-testid="note-text" />
      </Spoiler>
    </Paper>
  );
}
