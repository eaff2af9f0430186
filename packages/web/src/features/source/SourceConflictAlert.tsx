import type { Citation, Repository, SourceRecord } from '@anor/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/messages.ts';
import { StoredConflictAlert, type StoredValue } from '../../lib/StoredConflictAlert.tsx';
import { plainTextOf } from '../note/index.ts';
import { useCertaintyLabel } from './CitationDetails.tsx';
import { type RepositoryField, repositoryFields } from './source-form.ts';

/*
 * A source dialog's save refused because the source was saved elsewhere since the dialog loaded it
 * (lib/conflict.ts, issue 26): the stored values of the dialog's fields and the two ways out.
 */

interface ConflictProps<S> {
  stored: S;
  onTakeStored: () => void;
  onSaveOver: () => void;
}

export const repositoryFieldLabels: Record<RepositoryField, TranslationKey> = {
  title: 'sources.repository.name',
  address: 'sources.repository.address',
  city: 'sources.repository.city',
  state: 'sources.repository.state',
  postalCode: 'sources.repository.postalCode',
  country: 'sources.repository.country',
  phone: 'sources.repository.phone',
  email: 'sources.repository.email',
  fax: 'sources.repository.fax',
  www: 'sources.repository.www',
};

export function RepositoryConflictAlert({ stored, ...ways }: ConflictProps<Repository>) {
  const { t } = useTranslation();
  const values: StoredValue[] = repositoryFields.map((field) => ({
    label: t(repositoryFieldLabels[field]),
    value: stored[field],
  }));
  return (
    <StoredConflictAlert
      message={t('source.error.repositoryConflict')}
      stored={values}
      testId="repository-conflict"
      {...ways}
    />
  );
}

export function RecordConflictAlert({ stored, ...ways }: ConflictProps<SourceRecord>) {
  const { t } = useTranslation();
  const values: StoredValue[] = [
    { label: t('sources.record.repository'), value: stored.repository?.title ?? null },
    { label: t('sources.record.titleLabel'), value: stored.title },
    { label: t('sources.record.originator'), value: stored.originator },
    { label: t('sources.record.filedByEntry'), value: stored.filedByEntry },
    { label: t('sources.record.publicationFacts'), value: stored.publicationFacts },
    { label: t('sources.fields.url'), value: stored.url },
  ];
  return (
    <StoredConflictAlert
      message={t('source.error.recordConflict')}
      stored={values}
      testId="record-conflict"
      {...ways}
    />
  );
}

export function CitationConflictAlert({ stored, ...ways }: ConflictProps<Citation>) {
  const { t } = useTranslation();
  const certaintyLabel = useCertaintyLabel();
  const values: StoredValue[] = [
    { label: t('sources.citation.record'), value: stored.record?.title ?? null },
    { label: t('sources.citation.whereWithin'), value: stored.whereWithinSourceText },
    { label: t('sources.fields.url'), value: stored.whereWithinSourceURL },
    { label: t('sources.citation.transcription'), value: plainTextOf(stored.textFromSource) },
    {
      label: t('sources.citation.certainty'),
      value: stored.certaintyAssessment ? certaintyLabel(stored.certaintyAssessment) : null,
    },
    { label: t('sources.citation.recorded'), value: stored.entryRecordingDate },
    { label: t('sources.citation.citedFrom'), value: stored.eventCitedFrom },
    { label: t('sources.citation.citedFromRole'), value: stored.eventCitedFromRole },
  ];
  return (
    <StoredConflictAlert
      message={t('source.error.citationConflict')}
      stored={values}
      testId="citation-conflict"
      {...ways}
    />
  );
}
