import type { PersonSummary } from '@anor/core';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The user's choice of how lists name a person (issue 19, item 14): "First Last" (the default) or
 * "Last, First". Kept in this browser like the language choice. One function (`formatListName`)
 * and one hook (`useListName`) apply it, so every list, picker and person label names people alike.
 */
export const NAME_ORDER_KEY = 'anor.nameOrder';
export const nameOrders = ['firstLast', 'lastFirst'] as const;
export type NameOrder = (typeof nameOrders)[number];

type NameParts = Pick<PersonSummary, 'fName' | 'pName' | 'lName'> & { private?: boolean };

const listeners = new Set<() => void>();
let fallbackOrder: NameOrder = 'firstLast';

function isNameOrder(value: string | null): value is NameOrder {
  return value === 'firstLast' || value === 'lastFirst';
}

export function readNameOrder(): NameOrder {
  try {
    const value = localStorage.getItem(NAME_ORDER_KEY);
    return isNameOrder(value) ? value : fallbackOrder;
  } catch {
    return fallbackOrder;
  }
}

export function saveNameOrder(order: NameOrder): void {
  fallbackOrder = order;
  try {
    localStorage.setItem(NAME_ORDER_KEY, order);
  } catch {
    // Without storage the choice holds until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === NAME_ORDER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useNameOrder(): NameOrder {
  return useSyncExternalStore(subscribe, readNameOrder, () => 'firstLast' as const);
}

/**
 * A person's name in the given order: "first "nickname" last" or "last, first "nickname"", the
 * nickname quoted by `quote`; null when the person has no name at all. A missing part is left out
 * (no dangling comma).
 */
export function formatListName(
  person: NameParts,
  order: NameOrder,
  quote: (nickname: string) => string,
): string | null {
  const given = [person.fName, person.pName ? quote(person.pName) : null].filter((part): part is string =>
    Boolean(part),
  );
  if (order === 'lastFirst') {
    const first = given.join(' ');
    if (person.lName && first) return `${person.lName}, ${first}`;
    return person.lName || first || null;
  }
  const parts = person.lName ? [...given, person.lName] : given;
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The name as lists and pickers show it, in the user's chosen order and the interface language:
 * "Private" for a living person a visitor may not see, "unknown name" for a person without one.
 */
export function useListName(): (person: NameParts) => string {
  const { t } = useTranslation();
  const order = useNameOrder();
  return useCallback(
    (person: NameParts) =>
      person.private
        ? t('visitor.private')
        : (formatListName(person, order, (nickname) => t('person.nicknameQuoted', { nickname })) ??
          t('person.unknownName')),
    [t, order],
  );
}
