import type { Change, ChangeObjectKind } from '@anor/core';
import { Anchor, Group, List, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventHref } from '../event/paths.ts';
import { locationHref } from '../location/paths.ts';
import { personHref } from '../person/paths.ts';
import { fieldLabel, isId, shownFields, valueText } from './describe.ts';

type Target = 'person' | 'place' | 'event';

/** The page of an object the history names by id (persons, places and events have pages). */
function hrefOf(treeId: string, target: Target, id: string): string {
  if (target === 'person') return personHref(treeId, id);
  if (target === 'place') return locationHref(treeId, id);
  return eventHref(treeId, id);
}

/** What a column holding an id points at, when it is an object with a page. */
function targetOf(column: string, objectKind: ChangeObjectKind): Target | null {
  if (['person_id', 'person_a', 'person_b', 'child_id', 'root_id'].includes(column)) return 'person';
  if (column === 'location_id') return 'place';
  if (column === 'event_id') return 'event';
  if (column === 'parent_id') return objectKind === 'parentChild' ? 'person' : 'place';
  return null;
}

function targetOfObject(kind: ChangeObjectKind): Target | null {
  if (kind === 'person') return 'person';
  if (kind === 'place') return 'place';
  if (kind === 'event') return 'event';
  return null;
}

/** A value: an id becomes a link labelled by what it is ("Person"), anything else its text. */
function Value({ treeId, column, change, value }: { treeId: string; column: string; change: Change; value: unknown }) {
  const { t } = useTranslation();
  const target = isId(value) ? targetOf(column, change.objectKind) : null;
  if (target && isId(value)) {
    return (
      <Anchor component={Link} to={hrefOf(treeId, target, value)} size="sm">
        {t(`history.object.${target}`)}
      </Anchor>
    );
  }
  return (
    <Text span size="sm" c={value === null || value === undefined || value === '' ? 'dimmed' : undefined}>
      {isId(value) ? `#${value.slice(0, 8)}` : valueText(t, value)}
    </Text>
  );
}

/** One changed row: what it is and what happened to it, then its fields before → after. */
function ChangeRow({ treeId, change }: { treeId: string; change: Change }) {
  const { t } = useTranslation();
  const target = targetOfObject(change.objectKind);
  const fields = shownFields(change.before, change.after);
  const what = `${t(`history.object.${change.objectKind}`)} ${t(`history.op.${change.op}`)}`;
  return (
    <List.Item data-testid="history-change" data-op={change.op} data-object-kind={change.objectKind}>
      <Text size="sm" fw={500}>
        {target && change.op !== 'delete' ? (
          <Anchor component={Link} to={hrefOf(treeId, target, change.objectId)} inherit>
            {what}
          </Anchor>
        ) : (
          what
        )}
      </Text>
      {fields.length > 0 ? (
        <List size="sm" listStyleType="none" withPadding>
          {fields.map((column) => (
            <List.Item key={column} data-testid="history-field" data-field={column}>
              <Group gap={6} wrap="wrap">
                <Text span size="sm" c="dimmed">
                  {fieldLabel(t, column)}:
                </Text>
                {change.op === 'update' ? (
                  <>
                    <Value treeId={treeId} column={column} change={change} value={change.before?.[column]} />
                    <IconArrowRight size={14} aria-label="→" />
                    <Value treeId={treeId} column={column} change={change} value={change.after?.[column]} />
                  </>
                ) : (
                  <Value
                    treeId={treeId}
                    column={column}
                    change={change}
                    value={(change.after ?? change.before)?.[column]}
                  />
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      ) : null}
    </List.Item>
  );
}

/** The rows of a change set in words: "Person changed — First name: Anna → Annika". */
export function ChangeList({ treeId, changes }: { treeId: string; changes: readonly Change[] }) {
  return (
    <List spacing={4} listStyleType="none" data-testid="history-changes">
      {changes.map((change) => (
        <ChangeRow key={change.seq} treeId={treeId} change={change} />
      ))}
    </List>
  );
}
