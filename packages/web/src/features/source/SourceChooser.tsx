import {
  ActionIcon,
  Anchor,
  Combobox,
  Group,
  Input,
  Loader,
  Paper,
  Text,
  TextInput,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SourceKind, sourceQueries } from './queries.ts';
import type { SourceChoice } from './source-form.ts';

/** Typing pauses this long before the suggestions are asked for. */
const SUGGESTION_DELAY_MS = 300;
const NEW_OPTION = '__new__';

export interface SourceChooserProps {
  treeId: string;
  /** What is chosen among: records for a citation, repositories for a record, citations for an event. */
  kind: SourceKind;
  value: SourceChoice | null;
  onChange: (value: SourceChoice | null) => void;
  label: string;
  placeholder: string;
  /** What shows while nothing is chosen (SPEC §8 noSourceSelected, noRepositorySelected). */
  emptyText?: string;
  /** "New …" at the end of the suggestions, with what is typed. */
  onCreate?: (typed: string) => void;
  createLabel?: string;
  /** Opens the chosen source's own dialog. */
  onOpen?: (value: SourceChoice) => void;
  error?: string;
  testId: string;
}

/**
 * The record and repository choosers of SPEC §2: the chosen source with a way to open or remove
 * it, or a search field whose suggestions (POST source/suggested) open as typing pauses, with
 * "new …" at their end. Nothing matching shows "no source matched" (SPEC §8).
 */
export function SourceChooser({
  treeId,
  kind,
  value,
  onChange,
  label,
  placeholder,
  emptyText,
  onCreate,
  createLabel,
  onOpen,
  error,
  testId,
}: SourceChooserProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  useEffect(() => {
    if (term === null) return;
    const timer = setTimeout(() => setTerm(text.trim()), SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, term]);

  const isSearching = term !== null && value === null;
  const suggestions = useQuery({ ...sourceQueries.suggestions(treeId, kind, term ?? ''), enabled: isSearching });
  const options = suggestions.data?.suggestions ?? [];

  if (value) {
    return (
      <Input.Wrapper label={label} error={error} data-testid={testId} data-state="chosen" data-id={value.id}>
        <Paper withBorder radius="sm" px="sm" py={6} mt={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {onOpen ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => onOpen(value)}
                style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                data-testid={`${testId}-open`}
              >
                {value.title}
              </Anchor>
            ) : (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value.title}
              </Text>
            )}
            <Tooltip label={t('sources.chooser.remove')} zIndex={500}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('sources.chooser.remove')}
                onClick={() => {
                  setText('');
                  setTerm(null);
                  onChange(null);
                }}
                data-testid={`${testId}-clear`}
              >
                <IconX aria-hidden size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      </Input.Wrapper>
    );
  }

  const choose = (id: string) => {
    combobox.closeDropdown();
    if (id === NEW_OPTION) {
      onCreate?.(text.trim());
      return;
    }
    const chosen = options.find((option) => option.id === id);
    if (!chosen) return;
    setText('');
    setTerm(null);
    onChange({ id: chosen.id, title: chosen.title });
  };

  const isAnswered = suggestions.data !== undefined && term === text.trim() && !suggestions.isFetching;

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal zIndex={450}>
      <Combobox.Target>
        <TextInput
          label={label}
          placeholder={placeholder}
          description={emptyText}
          value={text}
          error={error}
          autoComplete="off"
          leftSection={<IconSearch aria-hidden size={16} />}
          rightSection={suggestions.isFetching ? <Loader size={14} /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (term === null) setTerm('');
            combobox.openDropdown();
          }}
          onFocus={() => {
            if (term === null) setTerm(text.trim());
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid={testId}
          data-state="empty"
        />
      </Combobox.Target>
      <Combobox.Dropdown data-testid={`${testId}-dropdown`}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {options.map((option) => (
            <Combobox.Option key={option.id} value={option.id} data-testid={`${testId}-option`} data-id={option.id}>
              <Text size="sm" fw={600} span>
                {option.title}
              </Text>
              {option.text && option.text !== option.title ? (
                <Text size="xs" c="dimmed" truncate="end">
                  {option.text}
                </Text>
              ) : null}
            </Combobox.Option>
          ))}
          {isAnswered && options.length === 0 ? (
            <Combobox.Empty data-testid={`${testId}-none`}>{t('sources.placeholders.noSourceMatched')}</Combobox.Empty>
          ) : null}
          {onCreate ? (
            <Combobox.Option value={NEW_OPTION} data-testid={`${testId}-create`}>
              <Group gap={6} wrap="nowrap">
                <IconPlus aria-hidden size={14} />
                <Text size="sm" span>
                  {text.trim() ? `${createLabel ?? ''}: ${text.trim()}` : createLabel}
                </Text>
              </Group>
            </Combobox.Option>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
