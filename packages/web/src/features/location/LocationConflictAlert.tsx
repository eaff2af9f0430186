import type { Location } from '@anor/core';
import { useTranslation } from 'react-i18next';
import { StoredConflictAlert } from '../../lib/StoredConflictAlert.tsx';

interface LocationConflictAlertProps {
  /** The place as stored now, with the other session's change. */
  stored: Location;
  onTakeStored: () => void;
  onSaveOver: () => void;
}

/** The location editor's save refused because the place was saved elsewhere (lib/conflict.ts). */
export function LocationConflictAlert({ stored, onTakeStored, onSaveOver }: LocationConflictAlertProps) {
  const { t } = useTranslation();
  const coordinates = stored.coordinates
    ? `${stored.coordinates.lat.toFixed(5)}, ${stored.coordinates.lng.toFixed(5)}`
    : null;
  return (
    <StoredConflictAlert
      message={t('location.error.conflict')}
      stored={[
        { label: t('places.dialog.name'), value: stored.name },
        { label: t('places.dialog.type'), value: stored.type },
        { label: t('places.dialog.parent'), value: stored.ancestors.at(-1)?.name ?? null },
        { label: t('places.dialog.coordinates'), value: coordinates },
        { label: t('places.dialog.link'), value: stored.primaryLink },
        { label: t('places.dialog.description'), value: stored.description },
        { label: t('sources.navLink'), value: t('conflict.sources', { count: stored.sources.length }) },
      ]}
      onTakeStored={onTakeStored}
      onSaveOver={onSaveOver}
      testId="location-conflict"
    />
  );
}
