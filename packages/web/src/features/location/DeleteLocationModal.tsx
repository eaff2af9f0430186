import type { Location } from '@anor/core';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLinkOff, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { type DeleteChoice, deleteChoices, deletedCount } from './delete-choices.ts';
import { valuesOf } from './location-form.ts';
import { locationConflictOf, refreshPlaces, useDeleteLocation, useUpdateLocation } from './mutations.ts';

interface DeleteLocationModalProps {
  treeId: string;
  location: Location;
  opened: boolean;
  onClose: () => void;
  /** The places are gone: the view showing the place moves on. */
  onDeleted: (deletedIds: string[]) => void;
  /** The place was disconnected from its parent instead. */
  onDisconnected: (location: Location) => void;
}

/**
 * Deleting a place (SPEC §4): with nothing below it, one confirmation; otherwise delete all,
 * only this one (its children move up), or keep it and disconnect it from its parent.
 */
export function DeleteLocationModal({
  treeId,
  location,
  opened,
  onClose,
  onDeleted,
  onDisconnected,
}: DeleteLocationModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deleteLocation = useDeleteLocation(treeId);
  const updateLocation = useUpdateLocation(treeId);
  const choices = deleteChoices(location);
  const parentName = location.ancestors.at(-1)?.name ?? '';
  const error = deleteLocation.error ?? updateLocation.error;
  const isPending = deleteLocation.isPending || updateLocation.isPending;

  const close = () => {
    deleteLocation.reset();
    updateLocation.reset();
    onClose();
  };
  const run = (choice: DeleteChoice) => {
    if (choice === 'disconnect') {
      updateLocation.mutate(
        { stored: location, updated: { ...valuesOf(location), parentId: null } },
        {
          onSuccess: onDisconnected,
          // Saved elsewhere since it was shown: the error says so, and the place shown becomes the stored one.
          onError: (failure) => {
            const stored = locationConflictOf(failure);
            if (stored) void refreshPlaces(queryClient, treeId, stored);
          },
        },
      );
      return;
    }
    deleteLocation.mutate(
      { locationId: location.id, deletion: choice === 'all' ? 'all' : 'only' },
      { onSuccess: ({ deletedIds }) => onDeleted(deletedIds) },
    );
  };

  const option = (choice: Exclude<DeleteChoice, 'confirm'>, icon: ReactNode, label: string, hint: string) => (
    <Paper key={choice} withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" style={{ flex: '1 1 14rem' }}>
          {hint}
        </Text>
        <Button
          variant={choice === 'disconnect' ? 'default' : 'light'}
          color={choice === 'disconnect' ? undefined : 'red'}
          leftSection={icon}
          loading={isPending}
          onClick={() => run(choice)}
          data-testid={`delete-location-${choice}`}
        >
          {label}
        </Button>
      </Group>
    </Paper>
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('places.delete.title')}
      centered
      zIndex={300}
      data-testid="delete-location-modal"
    >
      <Stack gap="md">
        {choices.includes('confirm') ? (
          <>
            <Text>{t('places.delete.text', { name: location.name })}</Text>
            <FormError message={error ? t(errorKey(error)) : undefined} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                loading={isPending}
                onClick={() => run('confirm')}
                data-testid="delete-location-confirm"
              >
                {t('places.delete.confirm')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text>{t('places.delete.withDescendants', { name: location.name, count: location.descendantsCount })}</Text>
            {choices.includes('all')
              ? option(
                  'all',
                  <IconTrashX aria-hidden size={18} />,
                  t('places.delete.all', { count: deletedCount(location, 'all') }),
                  t('places.delete.allHint', { name: location.name }),
                )
              : null}
            {choices.includes('only')
              ? option(
                  'only',
                  <IconTrash aria-hidden size={18} />,
                  t('places.delete.only'),
                  location.parentId
                    ? t('places.delete.onlyHint', { name: location.name, parent: parentName })
                    : t('places.delete.onlyHintTop', { name: location.name }),
                )
              : null}
            {choices.includes('disconnect')
              ? option(
                  'disconnect',
                  <IconLinkOff aria-hidden size={18} />,
                  t('places.delete.disconnect'),
                  t('places.delete.disconnectHint', { name: location.name, parent: parentName }),
                )
              : null}
            <FormError message={error ? t(errorKey(error)) : undefined} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} data-testid="delete-location-cancel">
                {t('common.cancel')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
