import type { Change, ChangeObjectKind, ObjectLabels } from '@anor/core';
import { Anchor, Group, List, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventHref } from '../event/paths.ts';
import { locationHref } from '../location/paths.ts';
import { personHref } from '../person/paths.ts';
import { fieldLabel, isId, shownFields, valueText } from './describe.ts';
import { useObjectLabelText } from './labels.ts';

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

/** What the row's ids are called (from the answer's labels), and how to say one. */
interface Naming {
  labels: ObjectLabels;
  labelText: ReturnType<typeof useObjectLabelText>;
}

/**
 * A value: an id becomes what it names ("Anna Berg 1850–1920"), a link when it has a page and is
 * still in the tree; anything else its text.
 */
function Value({
  treeId,
  column,
  change,
  value,
  naming,
}: {
  treeId: string;
  column: string;
  change: Change;
  value: unknown;
  naming: Naming;
}) {
  const { t } = useTranslation();
  if (isId(value)) {
    const label = naming.labels[value];
    const named = naming.labelText(label);
    const target = targetOf(column, change.objectKind);
    const text = named ?? (target ? t(`history.object.${target}`) : `#${value.slice(0, 8)}`);
    if (target && !label?.deleted) {
      return (
        <Anchor component={Link} to={hrefOf(treeId, target, value)} size="sm" data-testid="history-value-label">
          {text}
        </Anchor>
      );
    }
    return (
      <Text span size="sm" data-testid="history-value-label">
        {text}
      </Text>
    );
  }
  return (
    <Text span size="sm" c={value === null || value === undefined || value === '' ? 'dimmed' : undefined}>
      {valueText(t, value)}
    </Text>
  );
}

/** One changed row: what it is and what happened to it, then its fields before → after. */
function ChangeRow({ treeId, change, naming }: { treeId: string; change: Change; naming: Naming }) {
  const { t } = useTranslation();
  const target = targetOfObject(change.objectKind);
  const fields = shownFields(change.before, change.after);
  const label = naming.labels[change.objectId];
  // A link's row is named by its first end and, where it has one, its other ("Anna Berg — Erik Berg").
  const names = [naming.labelText(label), change.relatedId ? naming.labelText(naming.labels[change.relatedId]) : null]
    .filter(Boolean)
    .join(' — ');
  const what = `${t(`history.object.${change.objectKind}`)} ${t(`history.op.${change.op}`)}${names ? `: ${names}` : ''}`;
  return (
    <List.Item data-testid="history-change" data-op={change.op} data-object-kind={change.objectKind}>
      <Text size="sm" fw={500}>
        {target && change.op !== 'delete' && !label?.deleted ? (
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
                    <Value
                      treeId={treeId}
                      column={column}
                      change={change}
                      value={change.before?.[column]}
                      naming={naming}
                    />
                    <IconArrowRight size={14} aria-label="→" />
                    <Value
                      treeId={treeId}
                      column={column}
                      change={change}
                      value={change.after?.[column]}
                      naming={naming}
                    />
                  </>
                ) : (
                  <Value
                    treeId={treeId}
                    column={column}
                    change={change}
                    value={(change.after ?? change.before)?.[column]}
                    naming={naming}
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

/**
 * The rows of a change set in words: "Person changed: Anna Berg 1850–1920 — First name: Anna →
 * Annika", the objects named by the answer's `labels`.
 */
export function ChangeList({
  treeId,
  changes,
  labels,
}: {
  treeId: string;
  changes: readonly Change[];
  labels: ObjectLabels;
}) {
  const naming = { labels, labelText: useObjectLabelText() };
  return (
    <List spacing={4} listStyleType="none" data-testid="history-changes">
      {changes.map((change) => (
        <ChangeRow key={change.seq} treeId={treeId} change={change} naming={naming} />
      ))}
    </List>
  );
}
