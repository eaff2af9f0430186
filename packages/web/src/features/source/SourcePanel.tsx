import type { CitationSummary, EventSummary } from '@anor/core';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconBulb, IconHomeSearch, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { errorKey } from '../../i18n/messages.ts';
import { Modal } from '../../lib/Modal.tsx';
import { formatEventDateLabel, useEventTypeName } from '../event/index.ts';
import { usePersonModalProps } from '../person/layout.ts';
import { citationSummaryOf } from './CitationDialog.tsx';
import { DeleteSourceModal } from './DeleteSourceModal.tsx';
import { ExpandedSourceList } from './ExpandedSourceList.tsx';
import { useEventPersons } from './event-persons.ts';
import { useDeleteCitation } from './mutations.ts';
import { type ContemporaryOf, type SuggestSourcesFor, sourceQueries } from './queries.ts';
import { SourceChooser } from './SourceChooser.tsx';
import { SOURCE_DIALOG_Z_INDEX } from './SourceDialogFrame.tsx';
import { SourceDialogScope, useSourceDialog } from './SourceDialogProvider.tsx';
import { SourceItemList, type SourceListItem } from './SourceItemList.tsx';
import classes from './SourcePanel.module.css';
import {
  deletePlanOf,
  offerableSuggestions,
  recordsOfCitations,
  type SourceDeleteChoice,
  withCitation,
  withoutCitations,
} from './source-rules.ts';

/** SPEC §9: the citation list panel is 250 × 300 px, an item 200 px. */
const PANEL_WIDTH = 250;
const PANEL_HEIGHT = 300;
const ITEM_WIDTH = 200;

export interface SourcePanelProps {
  treeId: string;
  /** The item's citations as its form holds them (saved with the event or place). */
  sources: readonly CitationSummary[];
  onChange: (sources: CitationSummary[]) => void;
  canEdit: boolean;
  /** The saved event or place (its row in a citation's "used in" does not open it). */
  nodeId?: string | null;
  /** What a citation is taken out of when disengaged ("the event", a place's name). */
  nodeName: string;
  /** The suggest button (events): citations of related events. Without it there is no button. */
  suggestFor?: SuggestSourcesFor | null;
  /** Where "contemporary sources on residences" searches; null: nowhere yet (the button is disabled). */
  contemporaryOf?: ContemporaryOf | null;
  /** Whether a dialog or modal of the panel is open (Escape is then that one's). */
  onModalChange?: (isOpen: boolean) => void;
  testId?: string;
}

/**
 * The source panels of SPEC §2 on an event or a place: its records and its citations, each list
 * 250 × 300 px with an expand-to-modal icon; add a citation (new, or an existing one found by
 * searching), "contemporary sources on residences" and the suggest button (citations of related
 * events, birth ↔ baptism, death ↔ burial, residences then and there, each one click to reuse).
 * The list is the caller's form state: it is saved with the event or place.
 */
export function SourcePanel(props: SourcePanelProps) {
  return (
    <SourceDialogScope treeId={props.treeId}>
      <SourcePanelContent {...props} />
    </SourceDialogScope>
  );
}

type OpenModal = 'records' | 'citations' | 'suggestions' | 'contemporary' | null;

function SourcePanelContent({
  treeId,
  sources,
  onChange,
  canEdit,
  nodeId,
  nodeName,
  suggestFor,
  contemporaryOf,
  onModalChange,
  testId = 'source-panel',
}: SourcePanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sourceDialog = useSourceDialog();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [removing, setRemoving] = useState<CitationSummary | null>(null);
  const deleteCitation = useDeleteCitation(treeId);
  // Dialogs call back after the list may have changed: they work on the latest list.
  const latest = useRef({ sources, onChange });
  latest.current = { sources, onChange };
  const add = (citation: CitationSummary) => latest.current.onChange(withCitation(latest.current.sources, citation));
  const remove = (ids: Iterable<string>) => latest.current.onChange(withoutCitations(latest.current.sources, ids));

  const isModalOpen = openModal !== null || removing !== null || sourceDialog.openCount > 0;
  useEffect(() => onModalChange?.(isModalOpen), [isModalOpen, onModalChange]);

  const citedIds = sources.map((citation) => citation.id);
  const suggestions = useQuery({
    ...sourceQueries.suggestedForEvent(treeId, suggestFor ?? { type: 'other', personIds: [] }),
    enabled: canEdit && Boolean(suggestFor) && (suggestFor?.personIds.length ?? 0) > 0,
  });
  const offers = offerableSuggestions(suggestions.data?.suggestions ?? [], citedIds);
  const contemporary = useQuery({
    ...sourceQueries.contemporary(treeId, contemporaryOf ?? { eventId: '' }),
    enabled: canEdit && Boolean(contemporaryOf),
  });
  const hasSearchable = (contemporary.data?.eventIds.length ?? 0) > 0;
  const contemporaryOffers = (contemporary.data?.citations ?? []).filter((citation) => !citedIds.includes(citation.id));

  const openCitation = (citation: CitationSummary) =>
    sourceDialog.openCitation(citation.id, {
      fromNodeId: nodeId ?? undefined,
      parent: canEdit ? { kind: 'node', name: nodeName, onDisengage: () => remove([citation.id]) } : undefined,
      onSaved: (saved) => add(saved),
      onDeleted: (deletedIds) => remove(deletedIds),
    });

  const citationItems: SourceListItem[] = sources.map((citation) => ({
    id: citation.id,
    title: citation.whereWithinSourceText || t('sources.placeholders.noPage'),
    detail: citation.record?.title ?? t('sources.placeholders.noSourceSelected'),
    onOpen: () => openCitation(citation),
    actions: canEdit ? (
      <Tooltip label={t('sources.panel.remove')} zIndex={SOURCE_DIALOG_Z_INDEX + 100}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('sources.panel.remove')}
          onClick={() => setRemoving(citation)}
          data-testid={`${testId}-citation-remove`}
        >
          <IconX aria-hidden size={14} />
        </ActionIcon>
      </Tooltip>
    ) : undefined,
  }));
  const recordItems: SourceListItem[] = recordsOfCitations(sources).map((record) => ({
    id: record.id,
    title: record.title,
    detail: t('sources.panel.citedHere', { count: record.citedCount }),
    onOpen: () => sourceDialog.openRecord(record.id),
  }));

  const citeExisting = async (choice: { id: string } | null) => {
    if (!choice) return;
    try {
      const citation = await queryClient.fetchQuery(sourceQueries.citation(treeId, choice.id));
      add(citationSummaryOf(citation));
    } catch {
      // The chooser stays empty; the failure shows as the generic message of a failed query.
    }
  };

  const panelHeader = (title: string, count: number, modal: OpenModal, key: string) => (
    <Group justify="space-between" wrap="nowrap" gap={4}>
      <Text size="sm" fw={700} truncate="end">
        {title}{' '}
        <Text span size="sm" c="dimmed" fw={400} data-testid={`${testId}-${key}-count`}>
          ({count})
        </Text>
      </Text>
      <Tooltip label={t('sources.panel.expand')} zIndex={SOURCE_DIALOG_Z_INDEX + 100}>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`${t('sources.panel.expand')}: ${title}`}
          onClick={() => setOpenModal(modal)}
          data-testid={`${testId}-${key}-expand`}
        >
          <IconArrowsMaximize aria-hidden size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const removePlan = deletePlanOf({ kind: 'citation', inParent: true });
  const runRemove = (choice: SourceDeleteChoice) => {
    if (!removing) return;
    if (choice === 'disengage') {
      remove([removing.id]);
      setRemoving(null);
      return;
    }
    deleteCitation.mutate(removing.id, {
      onSuccess: ({ deletedIds }) => {
        remove(deletedIds);
        setRemoving(null);
      },
    });
  };

  return (
    <Stack gap="xs" data-testid={testId} data-count={sources.length}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
          {t('sources.panel.title')}
        </Text>
        {canEdit ? (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconPlus aria-hidden size={16} />}
              onClick={() => sourceDialog.openCitation(null, { onSaved: add })}
              data-testid={`${testId}-add`}
            >
              {t('sources.citation.add')}
            </Button>
            {suggestFor ? (
              <Tooltip
                label={offers.length > 0 ? t('sources.panel.suggestHint') : t('sources.panel.noSuggestions')}
                zIndex={SOURCE_DIALOG_Z_INDEX + 100}
              >
                <Button
                  variant="light"
                  size="compact-sm"
                  color="yellow"
                  leftSection={<IconBulb aria-hidden size={16} />}
                  rightSection={
                    offers.length > 0 ? (
                      <Badge size="xs" circle data-testid={`${testId}-suggest-count`}>
                        {offers.length}
                      </Badge>
                    ) : null
                  }
                  disabled={offers.length === 0}
                  loading={suggestions.isFetching && !suggestions.data}
                  onClick={() => setOpenModal('suggestions')}
                  data-testid={`${testId}-suggest`}
                >
                  {t('sources.panel.suggest')}
                </Button>
              </Tooltip>
            ) : null}
            <Tooltip
              label={hasSearchable ? t('sources.panel.contemporaryHint') : t('sources.panel.noSearchableEvents')}
              zIndex={SOURCE_DIALOG_Z_INDEX + 100}
            >
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconHomeSearch aria-hidden size={16} />}
                disabled={!hasSearchable}
                onClick={() => setOpenModal('contemporary')}
                data-testid={`${testId}-contemporary`}
              >
                {t('sources.panel.contemporary')}
              </Button>
            </Tooltip>
          </Group>
        ) : null}
      </Group>

      {canEdit ? (
        <SourceChooser
          treeId={treeId}
          kind="citation"
          value={null}
          onChange={(choice) => void citeExisting(choice)}
          label={t('sources.panel.citeExisting')}
          placeholder={t('sources.panel.citeExistingPlaceholder')}
          testId={`${testId}-existing`}
        />
      ) : null}

      <Group gap="sm" align="flex-start" wrap="wrap">
        <SourceItemList
          items={recordItems}
          label={t('sources.panel.records')}
          emptyText={t('sources.placeholders.noRecords')}
          width={{ base: '100%', xs: PANEL_WIDTH }}
          height={PANEL_HEIGHT}
          itemWidth={ITEM_WIDTH}
          header={panelHeader(t('sources.panel.records'), recordItems.length, 'records', 'records')}
          testId={`${testId}-records`}
          rowTestId={`${testId}-record`}
        />
        <SourceItemList
          items={citationItems}
          label={t('sources.panel.citations')}
          emptyText={t('sources.placeholders.noCitations')}
          width={{ base: '100%', xs: PANEL_WIDTH }}
          height={PANEL_HEIGHT}
          itemWidth={ITEM_WIDTH}
          header={panelHeader(t('sources.panel.citations'), citationItems.length, 'citations', 'citations')}
          testId={`${testId}-citations`}
          rowTestId={`${testId}-citation`}
        />
      </Group>

      <ExpandedSourceList
        opened={openModal === 'records'}
        onClose={() => setOpenModal(null)}
        title={t('sources.panel.records')}
        items={recordItems}
        emptyText={t('sources.placeholders.noRecords')}
        testId={`${testId}-records-modal`}
      />
      <ExpandedSourceList
        opened={openModal === 'citations'}
        onClose={() => setOpenModal(null)}
        title={t('sources.panel.citations')}
        items={citationItems}
        emptyText={t('sources.placeholders.noCitations')}
        testId={`${testId}-citations-modal`}
      />
      <OfferModal
        opened={openModal === 'suggestions'}
        onClose={() => setOpenModal(null)}
        title={t('sources.panel.suggestTitle')}
        intro={t('sources.panel.suggestIntro')}
        emptyText={t('sources.panel.noSuggestions')}
        testId={`${testId}-suggestions`}
      >
        {offers.map((offer) => (
          <SuggestionRow
            key={offer.citation.id}
            citation={offer.citation}
            event={offer.event}
            onUse={() => add(offer.citation)}
            testId={`${testId}-suggestion`}
          />
        ))}
      </OfferModal>
      <OfferModal
        opened={openModal === 'contemporary'}
        onClose={() => setOpenModal(null)}
        title={t('sources.panel.contemporary')}
        intro={t('sources.panel.contemporaryIntro', { count: contemporary.data?.eventIds.length ?? 0 })}
        emptyText={t('sources.panel.noContemporary')}
        testId={`${testId}-contemporary-modal`}
      >
        {contemporaryOffers.map((citation) => (
          <SuggestionRow
            key={citation.id}
            citation={citation}
            onUse={() => add(citation)}
            testId={`${testId}-contemporary-row`}
          />
        ))}
      </OfferModal>
      {removing ? (
        <DeleteSourceModal
          opened
          kind="citation"
          plan={removePlan}
          name={removing.whereWithinSourceText || removing.record?.title || t('sources.placeholders.noPage')}
          childrenCount={0}
          parentName={nodeName}
          isPending={deleteCitation.isPending}
          error={deleteCitation.error ? t(errorKey(deleteCitation.error)) : undefined}
          onChoose={runRemove}
          onCancel={() => {
            deleteCitation.reset();
            setRemoving(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The suggestions' and contemporary sources' modal: rows to reuse with one click each. */
function OfferModal({
  opened,
  onClose,
  title,
  intro,
  emptyText,
  testId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  emptyText: string;
  testId: string;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  const modalProps = usePersonModalProps('md');
  return (
    <Modal
      {...modalProps}
      opened={opened}
      onClose={onClose}
      zIndex={SOURCE_DIALOG_Z_INDEX}
      title={
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {title}
        </Text>
      }
      data-testid={testId}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {children.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
            {emptyText}
          </Text>
        ) : (
          <Stack gap={6}>{children}</Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid={`${testId}-close`}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A citation offered for reuse: page, record, and (suggestions) the event it is cited on. */
function SuggestionRow({
  citation,
  event,
  onUse,
  testId,
}: {
  citation: CitationSummary;
  event?: EventSummary;
  onUse: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const typeName = useEventTypeName();
  const eventPersons = useEventPersons();
  const from = event
    ? [typeName(event), eventPersons(event), formatEventDateLabel(event, currentLanguage())].filter(Boolean).join(' · ')
    : '';
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      className={classes.offer}
      data-testid={testId}
      data-citation-id={citation.id}
    >
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate="end">
          {citation.whereWithinSourceText || t('sources.placeholders.noPage')}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {citation.record?.title ?? t('sources.placeholders.noSourceSelected')}
        </Text>
        {from ? (
          <Text size="xs" c="dimmed" truncate="end">
            {t('sources.panel.citedOn', { event: from })}
          </Text>
        ) : null}
      </Stack>
      <Button size="compact-sm" variant="light" onClick={onUse} data-testid={`${testId}-use`}>
        {t('sources.panel.use')}
      </Button>
    </Group>
  );
}
