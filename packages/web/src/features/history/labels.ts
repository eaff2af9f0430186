import { formatEventDate, type ObjectLabel, type ObjectLabels } from '@anor/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { nameWithYears, usePersonLabel } from '../../lib/person-label/person-label.ts';
import { useEventTypeName } from '../event/type-names.tsx';

/** The labels of every page of a paged history answer, in one map. */
export function mergedLabels(pages: readonly { labels: ObjectLabels }[]): ObjectLabels {
  return Object.assign({}, ...pages.map((page) => page.labels));
}

/**
 * What the history calls an object it names (issue 21): a person's name with life years ("Anna
 * Berg 1850–1920"), an event's type and date ("Baptism 17 Mar 1850"), a place's name, a source's,
 * record's, citation's or note's title; null when the answer has no label for it (an object the
 * trash has purged), or the label says nothing (a note without text).
 */
export function useObjectLabelText(): (label: ObjectLabel | undefined) => string | null {
  const personLabel = usePersonLabel();
  const typeName = useEventTypeName();
  // Read on every render, so that the dates follow a change of language.
  useTranslation();
  const language = currentLanguage();
  return (label: ObjectLabel | undefined) => {
    if (!label) return null;
    if (label.kind === 'person') return nameWithYears(personLabel(label));
    if (label.kind === 'event') return [typeName(label), formatEventDate(label, language)].filter(Boolean).join(' ');
    return label.title?.trim() || null;
  };
}
