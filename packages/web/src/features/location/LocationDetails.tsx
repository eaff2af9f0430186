import type { Location } from '@anor/core';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowBarUp,
  IconArrowMerge,
  IconArrowRight,
  IconBinaryTree2,
  IconExternalLink,
  IconMap2,
  IconMapPins,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { CloseOnProposal } from '../../lib/Modal.tsx';
import { MapFallback, PlaceMap } from '../map/index.ts';
import { NoteList } from '../note/index.ts';
import { personQueries } from '../person/queries.ts';
import { SourcePanel } from '../source/SourcePanel.tsx';
import { DeleteLocationModal } from './DeleteLocationModal.tsx';
import { LocationBreadcrumb } from './LocationBreadcrumb.tsx';
import { LocationEditor } from './LocationEditor.tsx';
import { LocationEvents } from './LocationEvents.tsx';
import { LocationTreeModal } from './LocationTreeModal.tsx';
import type { PreparedLocation } from './location-form.ts';
import { locationHref } from './paths.ts';
import { locationQueries } from './queries.ts';
import { SubordinateMapModal } from './SubordinateMapModal.tsx';

export interface LocationDetailsProps {
  treeId: string;
  /** An existing place, or null for a new one (then `prepared` holds what it starts with). */
  locationId: string | null;
  prepared?: PreparedLocation;
  /** `modal`: inside the location dialog, which closes after saving; `inline`: on the location page. */
  variant: 'modal' | 'inline';
  /** Open another place: an ancestor, a place of the tree, a marker. */
  onShow: (locationId: string) => void;
  /** The dialog's work is done (saved in the modal, a new place cancelled, deleted). */
  onDone?: () => void;
  onCreated?: (location: Location) => void;
  onDeleted?: (deletedIds: string[], location: Location) => void;
  /** Reports unsaved changes (the dialog asks before closing). */
  onDirtyChange?: (isDirty: boolean) => void;
  /** Reports whether one of its own modals is open (Escape is then that modal's, not the dialog's). */
  onModalChange?: (isOpen: boolean) => void;
  /** Open a new place inserted above this one (within its parent; it moves into the new place). */
  onNewAbove?: (prepared: PreparedLocation) => void;
  /** Open "Merge with…" for this place (issue 21; the location page). */
  onMerge?: () => void;
}

/**
 * The location dialog of SPEC §2, as content for a modal or a page: an existing place (fetched)
 * or a new one (prepared data). Readers see it; editors switch to the edit mode.
 */
export function LocationDetails(props: LocationDetailsProps) {
  const { t } = useTranslation();
  const { treeId, locationId } = props;
  const mainNodes = useQuery({ ...personQueries.mainNodes(treeId), enabled: treeId !== '' });
  const query = useQuery({ ...locationQueries.detail(treeId, locationId ?? ''), enabled: locationId !== null });
  const canEdit = mainNodes.data?.canEdit ?? false;

  if (locationId === null) {
    return (
      <Stack gap="md" data-testid="location-details" data-mode="new">
        {props.variant === 'inline' ? (
          <Title order={1} fz="h2">
            {t('places.dialog.newTitle')}
          </Title>
        ) : null}
        <LocationEditor
          treeId={treeId}
          location={null}
          prepared={props.prepared}
          onCancel={() => props.onDone?.()}
          onSaved={(location) => {
            props.onCreated?.(location);
            props.onDone?.();
          }}
          onShow={props.onShow}
          onDirtyChange={props.onDirtyChange}
          onModalChange={props.onModalChange}
        />
      </Stack>
    );
  }
  if (query.isPending || mainNodes.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={14} width="50%" />
        <Skeleton height={32} width="70%" />
        <Skeleton height={14} width="30%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  // Each place starts in view mode, with its own modals closed.
  return <LocationContent key={query.data.id} {...props} location={query.data} canEdit={canEdit} />;
}

type OpenModal = 'tree' | 'map' | 'delete' | null;

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function LocationContent({
  treeId,
  location,
  canEdit,
  variant,
  onShow,
  onDone,
  onDeleted,
  onDirtyChange,
  onModalChange,
  onNewAbove,
  onMerge,
}: LocationDetailsProps & { location: Location; canEdit: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [isEditing, setEditing] = useState(false);
  const [isMapShown, setMapShown] = useState(false);
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [isEditorModalOpen, setEditorModalOpen] = useState(false);
  const [isNoteModalOpen, setNoteModalOpen] = useState(false);
  const [isSourceModalOpen, setSourceModalOpen] = useState(false);
  const [isEventModalOpen, setEventModalOpen] = useState(false);
  const close = () => setOpenModal(null);

  const isModalOpen =
    openModal !== null || (isEditing ? isEditorModalOpen : isNoteModalOpen || isSourceModalOpen || isEventModalOpen);
  useEffect(() => onModalChange?.(isModalOpen), [isModalOpen, onModalChange]);
  useEffect(() => {
    if (!isEditing) onDirtyChange?.(false);
  }, [isEditing, onDirtyChange]);

  const show = (id: string) => {
    close();
    onShow(id);
  };
  const afterSave = () => {
    // SPEC §4: after an update the dialog closes; on the page the place stays in view.
    setEditing(false);
    if (variant === 'modal') onDone?.();
  };

  const deleteAction = canEdit ? (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconTrash aria-hidden size={18} />}
      onClick={() => setOpenModal('delete')}
      data-testid="location-delete"
    >
      {t('places.dialog.delete')}
    </Button>
  ) : null;

  return (
    <Stack
      gap="md"
      data-testid="location-details"
      data-location-id={location.id}
      data-mode={isEditing ? 'edit' : 'view'}
    >
      <Stack gap={4}>
        <LocationBreadcrumb ancestors={location.ancestors} onJump={isEditing ? undefined : show} />
        <Group gap="sm" align="baseline" wrap="wrap">
          <Title
            order={variant === 'inline' ? 1 : 2}
            fz={variant === 'inline' ? 'h2' : 'h3'}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="location-name"
          >
            {location.name}
          </Title>
          {location.type ? (
            <Badge variant="light" size="lg" tt="none" data-testid="location-type">
              {location.type}
            </Badge>
          ) : null}
        </Group>
      </Stack>

      {isEditing ? null : (
        <Group gap="xs" data-testid="location-toolbar">
          {/* On the location page the tree and the map of the places within are beside the dialog already. */}
          {variant === 'modal' ? (
            <Button
              variant="light"
              size="sm"
              leftSection={<IconBinaryTree2 aria-hidden size={18} />}
              onClick={() => setOpenModal('tree')}
              data-testid="location-tree-button"
            >
              {t('places.dialog.locationTree')}
            </Button>
          ) : null}
          {variant === 'modal' && location.descendantsHaveCoordinates ? (
            <Button
              variant="light"
              size="sm"
              leftSection={<IconMapPins aria-hidden size={18} />}
              onClick={() => setOpenModal('map')}
              data-testid="location-subordinate-map-button"
            >
              {t('places.dialog.subordinateMap')}
            </Button>
          ) : null}
          {location.coordinates ? (
            <Button
              variant={isMapShown ? 'filled' : 'light'}
              size="sm"
              leftSection={<IconMap2 aria-hidden size={18} />}
              onClick={() => setMapShown((shown) => !shown)}
              aria-expanded={isMapShown}
              data-testid="location-map-location"
            >
              {isMapShown ? t('places.dialog.hideMap') : t('places.dialog.mapLocation')}
            </Button>
          ) : null}
          {canEdit ? (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPencil aria-hidden size={18} />}
              onClick={() => {
                setMapShown(false);
                setEditing(true);
              }}
              data-testid="location-edit"
            >
              {t('places.dialog.edit')}
            </Button>
          ) : null}
          {canEdit && onNewAbove ? (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconArrowBarUp aria-hidden size={18} />}
              onClick={() => {
                const parent = location.ancestors.at(-1);
                onNewAbove({
                  parent: location.parentId && parent ? { id: location.parentId, name: parent.name } : null,
                  child: { id: location.id, name: location.name },
                });
              }}
              data-testid="location-add-above"
            >
              {t('places.dialog.addAbove')}
            </Button>
          ) : null}
          {canEdit && onMerge ? (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconArrowMerge aria-hidden size={18} />}
              onClick={onMerge}
              data-testid="location-merge"
            >
              {t('nodeMerge.action')}
            </Button>
          ) : null}
        </Group>
      )}

      {isEditing ? (
        // A contributor's save sent for review ends the editing as a save does (issue 26).
        <CloseOnProposal onProposed={afterSave}>
          <LocationEditor
            treeId={treeId}
            location={location}
            onCancel={() => setEditing(false)}
            onSaved={afterSave}
            onShow={show}
            onDirtyChange={onDirtyChange}
            onModalChange={setEditorModalOpen}
            deleteAction={deleteAction}
          />
        </CloseOnProposal>
      ) : (
        <>
          {isMapShown && location.coordinates ? (
            <Stack gap={4}>
              <Suspense fallback={<MapFallback height={260} />}>
                <PlaceMap
                  markers={[{ ...location, coordinates: location.coordinates }]}
                  highlightId={location.id}
                  height={260}
                  data-testid="location-map"
                />
              </Suspense>
              <Text size="xs" c="dimmed" data-testid="location-coordinates-text">
                {`${location.coordinates.lat.toFixed(5)}, ${location.coordinates.lng.toFixed(5)}`}
              </Text>
            </Stack>
          ) : null}

          <Field label={t('places.dialog.link')} testId="location-link">
            {location.primaryLink ? (
              <Anchor
                href={location.primaryLink}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="location-link-anchor"
              >
                {location.primaryLink}
                <IconExternalLink
                  aria-label={t('places.dialog.opensInNewTab')}
                  size={14}
                  style={{ marginLeft: 4, verticalAlign: 'middle' }}
                />
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                {t('places.dialog.noLink')}
              </Text>
            )}
          </Field>

          <Field label={t('places.dialog.description')} testId="location-description">
            <Text
              size="sm"
              c={location.description ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {location.description ?? t('places.dialog.noDescription')}
            </Text>
          </Field>

          <LocationEvents
            treeId={treeId}
            locationId={location.id}
            canEdit={canEdit}
            hasDescendants={location.descendantsCount > 0}
            onModalChange={setEventModalOpen}
          />
          <SourcePanel
            treeId={treeId}
            sources={location.sources}
            onChange={() => undefined}
            canEdit={false}
            nodeId={location.id}
            nodeName={location.name}
            onModalChange={setSourceModalOpen}
            testId="location-sources"
          />
          <NoteList
            treeId={treeId}
            nodeId={location.id}
            canEdit={canEdit}
            onModalChange={setNoteModalOpen}
            data-testid="location-notes"
          />

          <Group justify="space-between" align="flex-end" gap="xs">
            <Stack gap={0}>
              <Text size="xs" c="dimmed" data-testid="location-created">
                {t('places.dialog.created', { date: format.date(location.createdAt) })}
              </Text>
              <Text size="xs" c="dimmed" data-testid="location-updated">
                {t('places.dialog.updated', { date: format.date(location.updatedAt) })}
              </Text>
            </Stack>
            <Group gap="xs">
              {deleteAction}
              {variant === 'modal' ? (
                <Button
                  component={Link}
                  to={locationHref(treeId, location.id)}
                  onClick={onDone}
                  variant="light"
                  rightSection={<IconArrowRight aria-hidden size={16} />}
                  data-testid="location-open-page"
                >
                  {t('places.dialog.openPage')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </>
      )}

      <LocationTreeModal
        treeId={treeId}
        opened={openModal === 'tree'}
        anchorId={location.id}
        currentId={location.id}
        onShow={(node) => show(node.id)}
        onClose={close}
      />
      {location.descendantsHaveCoordinates ? (
        <SubordinateMapModal
          treeId={treeId}
          location={location}
          opened={openModal === 'map'}
          onClose={close}
          onShow={show}
        />
      ) : null}
      {canEdit ? (
        <DeleteLocationModal
          treeId={treeId}
          location={location}
          opened={openModal === 'delete'}
          onClose={close}
          onDeleted={(deletedIds) => {
            close();
            onDeleted?.(deletedIds, location);
            onDone?.();
          }}
          onDisconnected={() => {
            close();
            setEditing(false);
            if (variant === 'modal') onDone?.();
          }}
        />
      ) : null}
    </Stack>
  );
}
