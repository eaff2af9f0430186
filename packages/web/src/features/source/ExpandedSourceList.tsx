import { Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { List, listRowActionClass } from '../../lib/list/List.tsx';
import { useListState } from '../../lib/list/useListState.ts';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { SOURCE_DIALOG_Z_INDEX } from './SourceDialogFrame.tsx';
import type { SourceListItem } from './SourceItemList.tsx';
import { matchesSearch, pageOf } from './source-rules.ts';

const ROW_HEIGHT = 56;

interface ExpandedSourceListProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  items: readonly SourceListItem[];
  emptyText: string;
  testId: string;
}

/**
 * A source panel's list enlarged (SPEC §2 "expand-to-modal"): the shared list component over the
 * panel's items, searched and paged in memory.
 */
export function ExpandedSourceList({ opened, onClose, title, items, emptyText, testId }: ExpandedSourceListProps) {
  const modalProps = usePersonModalProps('lg');
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
      {opened ? <ExpandedList title={title} items={items} emptyText={emptyText} testId={testId} /> : null}
    </Modal>
  );
}

function ExpandedList({ title, items, emptyText, testId }: Omit<ExpandedSourceListProps, 'opened' | 'onClose'>) {
  const { t } = useTranslation();
  const list = useListState({ filters: {} });
  const found = items.filter((item) => matchesSearch(`${item.title} ${item.detail ?? ''}`, list.query));
  return (
    <List
      {...list.listProps}
      label={title}
      items={list.mode === 'scroll' ? found : pageOf(found, list.page, list.pageSize)}
      total={found.length}
      isPending={false}
      getKey={(item) => item.id}
      rowHeight={ROW_HEIGHT}
      renderItem={(item) => (
        <UnstyledButton
          className={listRowActionClass}
          onClick={item.onOpen}
          disabled={!item.onOpen}
          data-testid={`${testId}-row`}
          data-id={item.id}
        >
          <div style={{ flex: '1 1 auto', minWidth: 0 }}>
            <Text fw={600} truncate="end" lh={1.35}>
              {item.title}
            </Text>
            {item.detail ? (
              <Text size="sm" c="dimmed" truncate="end" lh={1.35}>
                {item.detail}
              </Text>
            ) : null}
          </div>
          <IconChevronRight aria-hidden size={18} color="var(--mantine-color-gray-5)" style={{ flex: '0 0 auto' }} />
        </UnstyledButton>
      )}
      searchLabel={t('sources.list.searchLabel')}
      searchPlaceholder={t('sources.list.searchPlaceholder')}
      autoFocusSearch
      emptyText={list.query.trim() ? undefined : emptyText}
      height="min(60vh, 560px)"
      testId={`${testId}-list`}
    />
  );
}
