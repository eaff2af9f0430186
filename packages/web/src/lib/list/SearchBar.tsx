import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './List.module.css';

/** How long typing may pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBarProps {
  /** The committed search text. */
  value: string;
  /** Called with the text once typing pauses, or at once on Enter and when cleared. */
  onSearch: (query: string) => void;
  label: string;
  placeholder?: string;
  /** Focus the field when the Mantine modal around it opens (`data-autofocus`). */
  autoFocus?: boolean;
  testId?: string;
}

/** A search field that keeps up with typing but tells its owner only once the typing pauses. */
export function SearchBar({ value, onSearch, label, placeholder, autoFocus, testId }: SearchBarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const send = (next: string) => {
    if (next.trim() === lastSent.current.trim()) return;
    lastSent.current = next;
    onSearch(next);
  };
  const commit = useDebouncedCallback(send, SEARCH_DEBOUNCE_MS);

  // The committed value can change from elsewhere (the back button, a reset): show it, but do not
  // overwrite what is being typed when the value is only our own last search coming back.
  useEffect(() => {
    if (value.trim() === lastSent.current.trim()) return;
    lastSent.current = value;
    setText(value);
  }, [value]);

  const commitNow = (next: string) => {
    commit.cancel();
    send(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitNow(text);
    } else if (event.key === 'Escape' && text !== '') {
      // Escape empties the field first; a second Escape is left to a surrounding dialog.
      event.stopPropagation();
      setText('');
      commitNow('');
    }
  };

  return (
    <TextInput
      type="search"
      role="searchbox"
      aria-label={label}
      placeholder={placeholder ?? label}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next === '') commitNow('');
        else commit(next);
      }}
      onKeyDown={handleKeyDown}
      leftSection={<IconSearch aria-hidden size={18} />}
      rightSection={
        text === '' ? null : (
          <CloseButton
            size="sm"
            aria-label={t('list.clearSearch')}
            onClick={() => {
              setText('');
              commitNow('');
            }}
            data-testid={testId ? `${testId}-clear` : undefined}
          />
        )
      }
      data-autofocus={autoFocus || undefined}
      autoComplete="off"
      spellCheck={false}
      maxLength={200}
      data-testid={testId}
      classNames={{ input: classes.searchInput }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
