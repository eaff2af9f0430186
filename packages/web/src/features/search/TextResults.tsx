import type { CitationHit, NoteHit } from '@anor/core';
import { Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { List } from '../../lib/list/List.tsx';
import type { ListStateProps } from '../../lib/list/useListState.ts';
import type { ListPaging } from '../../lib/list/usePagedList.ts';
import { NoteModal, noteQueries, useUpdateNote } from '../note/index.ts';
import { personQueries } from '../person/queries.ts';
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

/** The notes whose title or text holds the search (issue 19, item 16); a row opens the note. */
export function NoteResults({ treeId, q, list, common }: TextResultsProps) {
  const { t } = useTranslation();
  const data = useNoteHits(treeId, { q }, list);
  const [openedId, setOpenedId] = useState<string | null>(null);
  return (
    <>
      <List
        {...common}
        {...data}
        getKey={(note: NoteHit) => note.id}
        rowHeight={HIT_ROW_HEIGHT}
        renderItem={(note: NoteHit) => (
          <UnstyledButton
            onClick={() => setOpenedId(note.id)}
            style={{ display: 'block', width: '100%', height: '100%', padding: '8px 16px', minWidth: 0 }}
            data-testid="search-note-row"
            data-note-id={note.id}
          >
            <Text fw={600} truncate="end">
              {note.private ? t('visitor.private') : (note.title ?? t('search.untitledNote'))}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {note.text}
            </Text>
          </UnstyledButton>
        )}
      />
      {openedId ? (
        <FoundNote key={openedId} treeId={treeId} noteId={openedId} onClose={() => setOpenedId(null)} />
      ) : null}
    </>
  );
}

/**
 * A note opened from the search: shown in the note modal (with its sources), editable by those
 * who may edit the tree; the modal opens once the note is loaded.
 */
function FoundNote({ treeId, noteId, onClose }: { treeId: string; noteId: string; onClose: () => void }) {
  const note = useQuery(noteQueries.detail(treeId, noteId));
  const mainNodes = useQuery(personQueries.mainNodes(treeId));
  const canEdit = mainNodes.data?.canEdit ?? false;
  const updateNote = useUpdateNote(treeId);
  if (!note.data || !mainNodes.data) return null;
  const found = note.data;
  return (
    <NoteModal
      mode="view"
      note={found}
      treeId={treeId}
      onSave={
        canEdit && !found.private
          ? ({ revision, ...input }) => updateNote.mutateAsync({ noteId: found.id, note: input, revision })
          : undefined
      }
      onClose={onClose}
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
