import { type Coordinates, isWebUrl, type Location, type LocationValues, textLimits } from '@anor/core';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconBinaryTree2, IconExternalLink, IconLink, IconLinkOff, IconMap2, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import { codeKey, errorKey } from '../../i18n/messages.ts';
import { useRevisionEdit } from '../../lib/conflict.ts';
import { FormError } from '../../lib/FormError.tsx';
import { CoordinatePicker, MapFallback, type PlaceMarker } from '../map/index.ts';
import { type LocalNote, NoteList, newNotesOf } from '../note/index.ts';
import { LimitDialog } from '../pricing/LimitDialog.tsx';
import { SourcePanel } from '../source/SourcePanel.tsx';
import { ConfirmModal } from './ConfirmModal.tsx';
import { LocationConflictAlert } from './LocationConflictAlert.tsx';
import { emptyChoice, type LocationChoice, LocationPicker } from './LocationPicker.tsx';
import { LocationTreeModal } from './LocationTreeModal.tsx';
import { locationLimitCodeOf } from './limit-error.ts';
import {
  checkDraft,
  type DraftField,
  draftOf,
  isDraftDirty,
  isLocationChanged,
  type LocationDraft,
  type ParentChoice,
  type PreparedLocation,
  preparedDraft,
} from './location-form.ts';
import { locationConflictOf, refreshPlaces, useCreateLocation, useUpdateLocation } from './mutations.ts';
import { locationQueries } from './queries.ts';
import { useAskBeforeShowing } from './useAskBeforeShowing.tsx';

export interface LocationEditorProps {
  treeId: string;
  /** The place to edit, or null for a new one. */
  location: Location | null;
  prepared?: PreparedLocation;
  /** Leave edit mode without saving (for a new place: close). */
  onCancel: () => void;
  /** Saved (or nothing to save): the place as stored. */
  onSaved: (location: Location, isNew: boolean) => void;
  /** Open another place (from the location tree). */
  onShow: (locationId: string) => void;
  /** Reports unsaved changes, so that closing can ask before discarding them. */
  onDirtyChange?: (isDirty: boolean) => void;
  /** Reports whether a modal of the editor's own is open (Escape is then that modal's). */
  onModalChange?: (isOpen: boolean) => void;
  /** The delete button of an existing place, placed beside save. */
  deleteAction?: ReactNode;
}

type Modal = 'tree' | 'connect' | null;

function Label({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}

/** Where a server error about one field belongs (a validation issue's path ends in the field's name). */
function fieldOfServerPath(path: readonly (string | number)[]): DraftField {
  const last = path.at(-1);
  if (last === 'name' || last === 'type' || last === 'description' || last === 'primaryLink') return last;
  if (path.includes('coordinates')) return 'coordinates';
  if (last === 'parentId' || last === 'ancestorId') return 'parent';
  return 'form';
}

/**
 * The edit mode of the location dialog (SPEC §2): name and type, where the place lies (chosen in
 * the location tree or by search, or disconnected), its position on a map, a link, and a
 * description. Saving an unchanged place sends nothing; a new one past the limit opens the limit
 * dialog. A save refused because the place was saved elsewhere since the editor opened keeps the
 * form and shows the stored place (issue 26).
 */
export function LocationEditor({
  treeId,
  location,
  prepared,
  onCancel,
  onSaved,
  onShow,
  onDirtyChange,
  onModalChange,
  deleteAction,
}: LocationEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState<LocationDraft>(() => (location ? draftOf(location) : preparedDraft(prepared)));
  // The version the edit started from, whose revision a save sends; after a conflict, the stored one.
  const edit = useRevisionEdit<Location | null, Location>(location, {
    conflictOf: locationConflictOf,
    onTakeStored: (stored) => void refreshPlaces(queryClient, treeId, stored),
  });
  const [draft, setDraft] = useState<LocationDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [isMapShown, setMapShown] = useState(false);
  // Typed coordinates that are not a pair of numbers in range: saving is refused (issue 19, item 11).
  const [areCoordinatesInvalid, setCoordinatesInvalid] = useState(false);
  // A new place inserted above an existing one (issue 19, item 10): that place moves into it.
  const child = location === null ? (prepared?.child ?? null) : null;
  const [isLinkShown, setLinkShown] = useState(initial.primaryLink !== '');
  const [modal, setModal] = useState<Modal>(null);
  const [searchedParent, setSearchedParent] = useState<LocationChoice>(emptyChoice);
  const [pendingParent, setPendingParent] = useState<ParentChoice | null>(null);
  const [limitCode, setLimitCode] = useState<ReturnType<typeof locationLimitCodeOf>>(null);
  const createLocation = useCreateLocation(treeId);
  const updateLocation = useUpdateLocation(treeId);
  // A new place's notes, sent with it (SPEC §4); an existing place's notes are saved at once.
  const [localNotes, setLocalNotes] = useState<LocalNote[]>([]);
  const [isNoteModalOpen, setNoteModalOpen] = useState(false);
  const [isSourceModalOpen, setSourceModalOpen] = useState(false);
  const isDirty = isDraftDirty(initial, draft) || localNotes.length > 0;
  const askBeforeShowing = useAskBeforeShowing(isDirty, onShow);

  // The places this place cannot lie within: itself and everything below it.
  const descendants = useQuery({
    ...locationQueries.descendants(treeId, location?.id ?? ''),
    enabled: location !== null && location.descendantsCount > 0,
  });
  const blockedIds = new Set([
    ...(location ? [location.id] : []),
    ...(descendants.data?.descendants.map((place) => place.id) ?? []),
  ]);
  // The parent's marker, for orientation on the coordinate map.
  const parentPlace = useQuery({
    ...locationQueries.detail(treeId, draft.parent?.id ?? ''),
    enabled: isMapShown && draft.parent !== null,
  });
  const context: PlaceMarker[] =
    parentPlace.data?.coordinates && parentPlace.data.id === draft.parent?.id
      ? [{ ...parentPlace.data, coordinates: parentPlace.data.coordinates }]
      : [];

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  const isModalOpen =
    modal !== null || limitCode !== null || askBeforeShowing.isAsking || isNoteModalOpen || isSourceModalOpen;
  useEffect(() => onModalChange?.(isModalOpen), [isModalOpen, onModalChange]);

  const change = <K extends keyof LocationDraft>(field: K, value: LocationDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    // The sources' problems (the limit of sources per place) are the form's.
    const errorField: DraftField = field === 'sources' ? 'form' : field;
    setErrors((previous) => {
      if (!previous[errorField] && !previous.form) return previous;
      const { [errorField]: _removed, form: _form, ...rest } = previous;
      return rest;
    });
  };

  /** SPEC §2: a place that lies within another asks before it is connected to a third. */
  const chooseParent = (parent: ParentChoice) => {
    if (draft.parent && draft.parent.id !== parent.id) {
      setPendingParent(parent);
      setModal('connect');
    } else {
      change('parent', parent);
    }
  };

  const showServerError = (error: unknown) => {
    const code = locationLimitCodeOf(error);
    if (code) {
      setLimitCode(code);
      return;
    }
    const next: Partial<Record<DraftField, string>> = {};
    if (isApiError(error)) {
      for (const issue of error.fieldIssues) next[fieldOfServerPath(issue.path)] ??= issue.code;
      if (error.code === 'location.error.cycle') next.parent = error.code;
    }
    if (Object.keys(next).length === 0) next.form = errorKey(error);
    setErrors(next);
  };

  /** The draft's values, or null (its problems shown). */
  const checkedValues = (): LocationValues | null => {
    const checked = checkDraft(draft);
    if (!checked.ok || areCoordinatesInvalid) {
      setErrors({
        ...(checked.ok ? {} : checked.errors),
        ...(areCoordinatesInvalid ? { coordinates: 'location.validation.invalidCoordinates' } : {}),
      });
      return null;
    }
    return checked.values;
  };

  const send = (from: Location, values: LocationValues) =>
    updateLocation.mutate(
      { stored: from, updated: values },
      {
        onSuccess: (saved) => onSaved(saved, false),
        onError: (error) => {
          if (!edit.catchConflict(error)) showServerError(error);
        },
      },
    );

  const save = () => {
    const values = checkedValues();
    if (!values) return;
    const { parentId, ...fields } = values;
    if (location === null) {
      createLocation.mutate(
        {
          location: fields,
          ancestorId: parentId,
          ...(child ? { descendantId: child.id } : {}),
          ...(localNotes.length > 0 ? { newNotes: newNotesOf(localNotes) } : {}),
        },
        { onSuccess: (answer) => onSaved(answer.location, true), onError: showServerError },
      );
      return;
    }
    const base = edit.base ?? location;
    // SPEC §4: an unchanged place is not sent.
    if (!isLocationChanged(base, values)) {
      onSaved(base, false);
      return;
    }
    send(base, values);
  };

  /** The conflict's ways out: the stored place replaces the form, or the typed one is saved over it. */
  const takeStored = () => {
    const stored = edit.takeStored();
    if (!stored) return;
    setInitial(draftOf(stored));
    setDraft(draftOf(stored));
    setErrors({});
  };

  const saveOver = () => {
    const values = checkedValues();
    const stored = values ? edit.saveOver() : null;
    if (values && stored) send(stored, values);
  };

  const errorText = (field: DraftField) => (errors[field] ? t(codeKey(errors[field] ?? '')) : undefined);
  const isPending = createLocation.isPending || updateLocation.isPending;
  const link = draft.primaryLink.trim();
  const treeAnchor = location?.id ?? draft.parent?.id ?? null;
  const movingName = draft.name.trim() || t('places.dialog.newTitle');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      data-testid="location-edit-form"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('places.dialog.name')}
            required
            maxLength={textLimits.locationName}
            autoComplete="off"
            data-autofocus
            value={draft.name}
            onChange={(event) => change('name', event.currentTarget.value)}
            error={errorText('name')}
            aria-invalid={errors.name ? true : undefined}
            data-testid="location-name-input"
          />
          <TextInput
            label={t('places.dialog.type')}
            placeholder={t('places.dialog.typePlaceholder')}
            maxLength={textLimits.locationType}
            autoComplete="off"
            value={draft.type}
            onChange={(event) => change('type', event.currentTarget.value)}
            error={errorText('type')}
            data-testid="location-type-input"
          />
        </SimpleGrid>

        <Stack gap={6} data-testid="location-parent">
          <Label>{t('places.dialog.parent')}</Label>
          <Group gap="xs" wrap="wrap">
            <Text
              fw={draft.parent ? 600 : undefined}
              c={draft.parent ? undefined : 'dimmed'}
              data-testid="location-parent-name"
            >
              {draft.parent ? draft.parent.name : t('places.dialog.noParent')}
            </Text>
            {treeAnchor ? (
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconBinaryTree2 aria-hidden size={16} />}
                onClick={() => setModal('tree')}
                data-testid="location-parent-tree"
              >
                {t('places.dialog.chooseInTree')}
              </Button>
            ) : null}
            {draft.parent ? (
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                leftSection={<IconLinkOff aria-hidden size={16} />}
                onClick={() => change('parent', null)}
                data-testid="location-parent-disconnect"
              >
                {t('places.dialog.disconnect')}
              </Button>
            ) : null}
          </Group>
          <LocationPicker
            treeId={treeId}
            value={searchedParent}
            onChange={setSearchedParent}
            onConfirm={(choice) => {
              if (choice.kind !== 'place') return;
              setSearchedParent(emptyChoice);
              if (blockedIds.has(choice.id)) {
                setErrors((previous) => ({ ...previous, parent: 'location.error.cycle' }));
                return;
              }
              chooseParent({ id: choice.id, name: choice.name });
            }}
            placeholder={t('places.dialog.searchParent')}
            disabledIds={blockedIds}
            error={errorText('parent')}
            showTypedPreview={false}
            testId="location-parent-picker"
          />
          {child ? (
            <Text size="sm" data-testid="location-above">
              <Text span size="xs" tt="uppercase" fw={700} c="dimmed" mr={6}>
                {t('places.dialog.above')}
              </Text>
              <Text span fw={600} data-testid="location-above-name">
                {child.name}
              </Text>
              <Text span c="dimmed">{` · ${t('places.dialog.aboveHint', { name: child.name })}`}</Text>
            </Text>
          ) : null}
        </Stack>

        <Stack gap={6}>
          <Group gap="xs" justify="space-between">
            <Label>{t('places.dialog.coordinates')}</Label>
            <Button
              variant={isMapShown ? 'filled' : 'light'}
              size="compact-sm"
              leftSection={<IconMap2 aria-hidden size={16} />}
              onClick={() => setMapShown((shown) => !shown)}
              aria-expanded={isMapShown}
              data-testid="location-map-location"
            >
              {isMapShown ? t('places.dialog.hideMap') : t('places.dialog.mapLocation')}
            </Button>
          </Group>
          {isMapShown ? (
            <Suspense fallback={<MapFallback height={300} />}>
              <CoordinatePicker
                value={draft.coordinates}
                onChange={(value: Coordinates | null) => change('coordinates', value)}
                onInvalidChange={(isInvalid) => {
                  setCoordinatesInvalid(isInvalid);
                  if (!isInvalid) setErrors(({ coordinates: _valid, ...rest }) => rest);
                }}
                context={context}
                height={300}
              />
            </Suspense>
          ) : (
            <Text size="sm" c={draft.coordinates ? undefined : 'dimmed'} data-testid="location-coordinates-text">
              {draft.coordinates
                ? `${draft.coordinates.lat.toFixed(5)}, ${draft.coordinates.lng.toFixed(5)}`
                : t('places.dialog.noCoordinates')}
            </Text>
          )}
          {errorText('coordinates') ? (
            <Text size="sm" c="red" role="alert" data-testid="location-coordinates-error">
              {errorText('coordinates')}
            </Text>
          ) : null}
        </Stack>

        <Stack gap={6}>
          <Label>{t('places.dialog.link')}</Label>
          {isLinkShown ? (
            <TextInput
              type="url"
              placeholder="https://…"
              aria-label={t('places.dialog.link')}
              leftSection={<IconLink aria-hidden size={16} />}
              value={draft.primaryLink}
              onChange={(event) => change('primaryLink', event.currentTarget.value)}
              error={errorText('primaryLink')}
              autoComplete="off"
              rightSection={
                isWebUrl(link) ? (
                  <Tooltip label={t('places.dialog.openLink')}>
                    <ActionIcon
                      component="a"
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="subtle"
                      aria-label={t('places.dialog.openLink')}
                      data-testid="location-link-open"
                    >
                      <IconExternalLink aria-hidden size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null
              }
              data-testid="location-link-input"
            />
          ) : (
            <Group>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus aria-hidden size={16} />}
                onClick={() => setLinkShown(true)}
                data-testid="location-link-add"
              >
                {t('places.dialog.addLink')}
              </Button>
            </Group>
          )}
        </Stack>

        <Textarea
          label={t('places.dialog.description')}
          placeholder={t('places.dialog.descriptionPlaceholder')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={textLimits.description}
          value={draft.description}
          onChange={(event) => change('description', event.currentTarget.value)}
          error={errorText('description')}
          data-testid="location-description-input"
        />

        {location ? (
          <SourcePanel
            treeId={treeId}
            sources={draft.sources}
            onChange={(sources) => change('sources', sources)}
            canEdit
            nodeId={location.id}
            nodeName={location.name}
            contemporaryOf={{ locationId: location.id }}
            onModalChange={setSourceModalOpen}
            testId="location-sources"
          />
        ) : null}

        <NoteList
          treeId={treeId}
          nodeId={location?.id}
          canEdit
          localNotes={localNotes}
          onLocalChange={setLocalNotes}
          onModalChange={setNoteModalOpen}
          data-testid="location-notes"
        />

        {edit.conflict ? (
          <LocationConflictAlert stored={edit.conflict} onTakeStored={takeStored} onSaveOver={saveOver} />
        ) : null}
        <FormError message={errorText('form')} testId="location-form-error" />
        <Group justify="space-between" gap="xs">
          <div>{deleteAction}</div>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel} data-testid="location-edit-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isPending} disabled={edit.conflict !== null} data-testid="location-save">
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>

      {treeAnchor ? (
        <LocationTreeModal
          treeId={treeId}
          opened={modal === 'tree'}
          anchorId={treeAnchor}
          currentId={location?.id ?? null}
          onShow={(node) => {
            setModal(null);
            askBeforeShowing.show(node.id);
          }}
          choosing={{
            movingId: location?.id ?? null,
            movingName,
            parent: draft.parent,
            // The tree asked "connect to other" already.
            onChoose: (parent) => change('parent', parent),
          }}
          onClose={() => setModal(null)}
        />
      ) : null}
      <ConfirmModal
        opened={modal === 'connect'}
        title={t('places.connect.title')}
        confirmLabel={t('places.connect.confirm')}
        onConfirm={() => {
          if (pendingParent) change('parent', pendingParent);
          setPendingParent(null);
          setModal(null);
        }}
        onCancel={() => {
          setPendingParent(null);
          setModal(null);
        }}
        testId="location-connect-other"
      >
        {t('places.connect.text', {
          name: movingName,
          parent: draft.parent?.name ?? '',
          other: pendingParent?.name ?? '',
        })}
      </ConfirmModal>
      {askBeforeShowing.modal}
      <LimitDialog code={limitCode} onClose={() => setLimitCode(null)} treeId={treeId} />
    </form>
  );
}
