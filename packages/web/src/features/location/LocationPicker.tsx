import {
  Combobox,
  Loader,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeKey } from '../../i18n/messages.ts';
import { locationQueries } from './queries.ts';
import { TypedPlacePreview } from './TypedPlacePreview.tsx';
import { textWithin, typedTextProblem } from './typed-place.ts';

/** SPEC §7: the suggestion list opens once typing has paused this long. */
export const SUGGESTION_DELAY_MS = 1000;

/** The longest text POST suggestions/location takes (`suggestionsBodySchema`). */
const SUGGESTION_TEXT_MAX = 200;

/** What the picker holds: a place chosen among the suggestions, or text typed ("Sunne, Värmland"). */
export type LocationChoice = { kind: 'place'; id: string; name: string; text: string } | { kind: 'text'; text: string };

export const emptyChoice: LocationChoice = { kind: 'text', text: '' };

export interface LocationPickerProps {
  treeId: string;
  value: LocationChoice;
  onChange: (value: LocationChoice) => void;
  /**
   * The user confirmed: chose a suggestion (click or Enter), or pressed Enter on typed text with no
   * suggestion highlighted. What typed text means (find or create it with `useMatchLocation`,
   * refuse it) is the caller's to decide.
   */
  onConfirm?: (value: LocationChoice) => void;
  label?: string;
  description?: ReactNode;
  placeholder?: string;
  error?: string;
  /** Places that may not be chosen (shown greyed out), e.g. a place and its descendants as its own parent. */
  disabledIds?: ReadonlySet<string>;
  autoFocus?: boolean;
  /**
   * Whether typed text shows what it names once typing pauses: the existing place, or the places
   * it would create and where (default). Off where only a chosen place counts (a parent search).
   */
  showTypedPreview?: boolean;
  testId?: string;
}

/** "Sunne, Värmland, Sverige" → the name and, dimmed, where it lies. */
function splitText(text: string): { name: string; within: string } {
  const comma = text.indexOf(', ');
  return comma < 0 ? { name: text, within: '' } : { name: text.slice(0, comma), within: text.slice(comma + 2) };
}

/**
 * The location picker of SPEC §2 and §7: type a place, and 1000 ms after typing stops the
 * suggestions of POST suggestions/location open. Arrows move among them, Enter chooses, Escape
 * closes them; a failed call shows an error indicator and leaves the typed text usable.
 */
export function LocationPicker({
  treeId,
  value,
  onChange,
  onConfirm,
  label,
  description,
  placeholder,
  error,
  disabledIds,
  autoFocus,
  showTypedPreview = true,
  testId = 'location-picker',
}: LocationPickerProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const combobox = useCombobox({
    opened: isOpen,
    onOpenedChange: setOpen,
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const text = value.text;
  // The text the suggestions are for: it follows the typed text once typing pauses.
  const [term, setTerm] = useState('');
  const isTyped = value.kind === 'text';

  useEffect(() => {
    if (!isTyped) return;
    const timer = setTimeout(() => setTerm(text.trim()), SUGGESTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, isTyped]);

  // Longer text than the suggestions call takes (a place typed with many levels) asks for none.
  const suggestions = useQuery({
    ...locationQueries.suggestions(treeId, term),
    enabled: term !== '' && term.length <= SUGGESTION_TEXT_MAX && isTyped,
  });
  const options = term === text.trim() ? (suggestions.data?.suggestions ?? []) : [];

  // The answer for what is typed opens the list, once per pause in typing (if there is anything to show).
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (suggestions.data && term !== '' && term === text.trim() && isTyped && openedFor !== term) {
    setOpenedFor(term);
    if (suggestions.data.suggestions.length > 0) setOpen(true);
  }

  // What the paused text names (issue 19, item 8); text the shared schema refuses is not sent.
  const previewText = showTypedPreview && isTyped && term !== '' && term === text.trim() ? term : '';
  const problem = previewText ? typedTextProblem(previewText) : null;
  const preview = useQuery({
    ...locationQueries.typed(treeId, previewText),
    enabled: previewText !== '' && problem === null,
  });

  const take = (suggestion: { id: string; name: string; text: string }) => {
    const chosen: LocationChoice = { kind: 'place', id: suggestion.id, name: suggestion.name, text: suggestion.text };
    setOpen(false);
    onChange(chosen);
    onConfirm?.(chosen);
  };
  const choose = (id: string) => {
    const suggestion = options.find((option) => option.id === id);
    if (suggestion) take(suggestion);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' && !isOpen && isTyped && term !== text.trim()) {
      // Asking for the list with the keyboard does not wait for the pause.
      setTerm(text.trim());
    }
    if (event.key !== 'Enter') return;
    const isOptionSelected = isOpen && combobox.getSelectedOptionIndex() !== -1;
    if (isOptionSelected) return; // The combobox chooses the highlighted suggestion.
    event.preventDefault();
    if (value.text.trim() === '') return;
    setOpen(false);
    onConfirm?.(value);
  };

  const isFailed = suggestions.isError && isTyped && term !== '';
  const rightSection = isFailed ? (
    <Tooltip label={t('places.picker.error')} withinPortal>
      <ThemeIcon color="red" variant="light" size={22} radius="xl" data-testid={`${testId}-error`}>
        <IconAlertTriangle aria-hidden size={14} />
      </ThemeIcon>
    </Tooltip>
  ) : suggestions.isFetching ? (
    <Loader size={16} aria-label={t('places.picker.loading')} data-testid={`${testId}-loading`} />
  ) : null;

  const comboboxView = (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal keepMounted={false} zIndex={450}>
      <Combobox.Target>
        <TextInput
          label={label}
          description={description}
          placeholder={placeholder ?? t('places.picker.placeholder')}
          value={text}
          error={error}
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          autoComplete="off"
          leftSection={<IconMapPin aria-hidden size={18} />}
          rightSection={rightSection}
          onChange={(event) => {
            // Typing closes the list; it opens again when typing pauses.
            setOpen(false);
            setOpenedFor(null);
            setTerm('');
            onChange({ kind: 'text', text: event.currentTarget.value });
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={handleKeyDown}
          data-testid={testId}
          data-state={value.kind}
          data-location-id={value.kind === 'place' ? value.id : undefined}
        />
      </Combobox.Target>
      {isFailed ? (
        <VisuallyHidden role="status" data-testid={`${testId}-error-text`}>
          {t('places.picker.error')}
        </VisuallyHidden>
      ) : null}
      <Combobox.Dropdown hidden={options.length === 0} data-testid={`${testId}-dropdown`}>
        <Combobox.Options mah="60vh" style={{ overflowY: 'auto' }} aria-label={t('places.picker.suggestions')}>
          {options.map((option) => {
            const { name, within } = splitText(option.text);
            const isDisabled = disabledIds?.has(option.id) ?? false;
            return (
              <Combobox.Option
                key={option.id}
                value={option.id}
                disabled={isDisabled}
                data-testid={`${testId}-option`}
                data-location-id={option.id}
              >
                <Text size="sm" fw={600} span>
                  {name}
                </Text>
                {within ? (
                  <Text size="xs" c="dimmed" span>
                    {`, ${within}`}
                  </Text>
                ) : null}
              </Combobox.Option>
            );
          })}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
  if (!showTypedPreview) return comboboxView;
  return (
    <Stack gap={6}>
      {comboboxView}
      {problem && !error ? (
        <Text size="xs" c="red" data-testid={`${testId}-problem`}>
          {t(codeKey(problem))}
        </Text>
      ) : preview.data && previewText !== '' ? (
        <TypedPlacePreview
          answer={preview.data}
          onChoose={take}
          onWithin={(place) => {
            const next = textWithin(preview.data?.create ?? [], place.text);
            onChange({ kind: 'text', text: next });
            setTerm(next);
          }}
          testId={`${testId}-preview`}
        />
      ) : null}
    </Stack>
  );
}
