import { Group, SegmentedControl } from '@mantine/core';
import { IconLayoutList, IconListNumbers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './List.module.css';
import type { ListMode } from './useListState.ts';

interface ListTypeToggleProps {
  value: ListMode;
  onChange: (mode: ListMode) => void;
  testId?: string;
}

function isListMode(value: string): value is ListMode {
  return value === 'pages' || value === 'scroll';
}

/** Pages or one scrolling list. On a phone only the icons show; the names stay for screen readers. */
export function ListTypeToggle({ value, onChange, testId }: ListTypeToggleProps) {
  const { t } = useTranslation();
  const option = (mode: ListMode, icon: React.ReactNode, label: string) => ({
    value: mode,
    label: (
      <Group gap={6} wrap="nowrap" justify="center">
        {icon}
        <span className={classes.toggleLabel}>{label}</span>
      </Group>
    ),
  });
  return (
    <SegmentedControl
      value={value}
      onChange={(next) => {
        if (isListMode(next)) onChange(next);
      }}
      aria-label={t('list.listType')}
      data={[
        option('pages', <IconListNumbers aria-hidden size={18} />, t('list.pages')),
        option('scroll', <IconLayoutList aria-hidden size={18} />, t('list.scroll')),
      ]}
      data-testid={testId}
      style={{ flexShrink: 0 }}
    />
  );
}
