import type { PersonSummary } from '@anor/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { List } from '../../lib/list/List.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { personInitial } from './initial-letter.ts';
import { PERSON_ROW_HEIGHT, PersonRow } from './PersonRow.tsx';
import { usePersonList } from './usePersonList.ts';

export interface PersonSearchListProps {
  treeId: string;
  /** Called with the person the user picks. */
  onSelect: (person: PersonSummary) => void;
  /**
   * Persons that cannot be picked here (the person being edited, those already related). They
   * stay in the list, greyed and marked "not available", so that the server's pages keep their size.
   */
  excludeIds?: string[];
  /** The label of each row's pick action; "Choose" when not given. */
  selectLabel?: string;
  /** Shown under the search bar with what is typed (the event editor's "New person: <typed name>"). */
  toolbar?: (query: string) => ReactNode;
}

/**
 * Search among a tree's persons and pick one: the person dialogs' "search existing" tab and the
 * go-to-person button. Alphabetical (Swedish order), grouped by initial letter; its state lives
 * in the component, not the address, so it can sit in a dialog over any page.
 */
export function PersonSearchList({ treeId, onSelect, excludeIds, selectLabel, toolbar }: PersonSearchListProps) {
  const { t } = useTranslation();
  const list = useListState({ filters: {} });
  const data = usePersonList(treeId, { q: list.query || undefined, sort: 'name' }, list);
  const excluded = new Set(excludeIds ?? []);

  return (
    <List
      {...list.listProps}
      {...data}
      label={t('personSearch.listLabel')}
      searchLabel={t('personSearch.searchLabel')}
      searchPlaceholder={t('personSearch.searchPlaceholder')}
      autoFocusSearch
      toolbar={toolbar?.(list.query)}
      getKey={(person) => person.id}
      groupOf={personInitial}
      rowHeight={PERSON_ROW_HEIGHT}
      height="min(34rem, 70dvh)"
      renderItem={(person) => (
        <PersonRow person={person} onSelect={onSelect} selectLabel={selectLabel} isExcluded={excluded.has(person.id)} />
      )}
      testId="person-search"
    />
  );
}
