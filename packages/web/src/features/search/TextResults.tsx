import type { CitationHit, NoteHit } from '@anor/core';
import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { List } from '../../lib/list/List.tsx';
import type { ListStateProps } from '../../lib/list/useListState.ts';
import type { ListPaging } from '../../lib/list/usePagedList.ts';
import { useSourceDialog } from '../source/SourceDialogProvider.tsx';
import { useCitationHits, useNoteHits } from './text-search.ts';

/** A hit: a title line and two lines of its text. */
const HIT_ROW_HEIGHT = 72;

interface TextResultsProps {
  treeId: string;
  q: string;
  list: ListPaging;
  common: ListStateProps & { withSearch: boolean; label: string; searchLabel: string; testId: string };
}

/** The notes whose title or text holds the search (issue 19, item 16). */
export function NoteResults({ treeId, q, list, common }: TextResultsProps) {
  const { t } = useTranslation();
  const data = useNoteHits(treeId, { q }, list);
  return (
    <List
      {...common}
      {...data}
      getKey={(note: NoteHit) => note.id}
      rowHeight={HIT_ROW_HEIGHT}
      renderItem={(note: NoteHit) => (
        <div style={{ padding: '8px 16px', minWidth: 0 }} data-testid="search-note-row">
          <Text fw={600} truncate="end">
            {note.private ? t('visitor.private') : (note.title ?? t('search.untitledNote'))}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {note.text}
          </Text>
        </div>
      )}
    />
  );
}

/** The citations whose page, URL or transcription holds the search; a row opens the citation. */
export function CitationResults({ treeId, q, list, common }: TextResultsProps) {
  const { t } = useTranslation();
  const sourceDialog = useSourceDialog();
  const data = useCitationHits(treeId, { q }, list);
  return (
    <List
      {...common}
      {...data}
      getKey={(citation: CitationHit) => citation.id}
      rowHeight={HIT_ROW_HEIGHT}
      renderItem={(citation: CitationHit) => (
        <UnstyledButton
          onClick={() => sourceDialog.openCitation(citation.id)}
          style={{ display: 'block', width: '100%', height: '100%', padding: '8px 16px', minWidth: 0 }}
          data-testid="search-citation-row"
        >
          <Text fw={600} truncate="end">
            {[citation.recordTitle, citation.whereWithinSourceText].filter(Boolean).join(', ') ||
              t('search.untitledCitation')}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {citation.textFromSource}
          </Text>
        </UnstyledButton>
      )}
    />
  );
}
