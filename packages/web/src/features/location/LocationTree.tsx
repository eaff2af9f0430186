import { ActionIcon, Alert, Button, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconEye, IconPointer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { useShowsLabels } from '../person/layout.ts';
import classes from './LocationTree.module.css';
import {
  type HierarchyNode,
  initialExpanded,
  layoutTree,
  selfAndDescendants,
  treeNodeSize,
  visibleRows,
} from './location-tree.ts';
import { locationQueries } from './queries.ts';

export interface LocationTreeProps {
  treeId: string;
  /** Any place of the hierarchy to show (the whole hierarchy from its top is shown). */
  anchorId: string;
  /** The place the tree is about: highlighted and scrolled into view. */
  currentId?: string | null;
  /** The place being given a parent: it and its descendants cannot be chosen. */
  movingId?: string | null;
  /** The place chosen but not yet confirmed. */
  selectedId?: string | null;
  onShow?: (node: HierarchyNode) => void;
  /** With it, each node offers "choose". */
  onChoose?: (node: HierarchyNode) => void;
  /** The largest height of the scrolling area (a small hierarchy takes less). */
  maxHeight?: number | string;
  testId?: string;
}

/**
 * The location tree of SPEC §2: the hierarchy a place belongs to, one node per row, each level
 * indented and in a smaller font (SPEC §9 sizes). Nodes offer "show" and, when choosing a
 * parent, "choose"; places with children fold and unfold.
 */
export function LocationTree({
  treeId,
  anchorId,
  currentId = null,
  movingId = null,
  selectedId = null,
  onShow,
  onChoose,
  maxHeight = 420,
  testId = 'location-tree',
}: LocationTreeProps) {
  const { t } = useTranslation();
  const query = useQuery(locationQueries.hierarchy(treeId, anchorId));
  const { width: viewportWidth } = useViewportSize();
  const showsLabels = useShowsLabels();
  const nodes = query.data?.nodes;
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const [expandedFor, setExpandedFor] = useState<unknown>(null);
  // A new hierarchy (another place, or a change) starts folded along the path to the place again.
  if (nodes && expandedFor !== nodes) {
    setExpandedFor(nodes);
    setExpanded((previous) => {
      const next = initialExpanded(nodes, currentId ?? selectedId);
      if (previous) for (const id of previous) next.add(id);
      return next;
    });
  }
  const blocked = useMemo(() => selfAndDescendants(nodes ?? [], movingId), [nodes, movingId]);
  const layout = useMemo(() => {
    if (!nodes || !expanded) return null;
    // Before the first measurement the width is 0; the desktop size is the better guess until then.
    return layoutTree(visibleRows(nodes, expanded), treeNodeSize(viewportWidth || 1280));
  }, [nodes, expanded, viewportWidth]);

  const viewportRef = useRef<HTMLDivElement>(null);
  const hasLayout = layout !== null;
  useEffect(() => {
    if (!hasLayout || !currentId) return;
    const node = viewportRef.current?.querySelector<HTMLElement>(`[data-location-id="${CSS.escape(currentId)}"]`);
    node?.scrollIntoView({ block: 'center', inline: 'nearest' });
  }, [hasLayout, currentId]);

  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={60} width={180} />
        <Skeleton height={60} width={180} ml={40} />
        <Skeleton height={60} width={180} ml={80} />
      </Stack>
    );
  }
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  if (!layout) return null;

  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="xs">
      {query.data.truncated ? (
        <Alert color="yellow" variant="light" data-testid={`${testId}-truncated`}>
          {t('places.tree.truncated')}
        </Alert>
      ) : null}
      <div ref={viewportRef} className={classes.viewport} style={{ maxHeight }} data-testid={testId}>
        <div
          className={classes.canvas}
          style={{ width: layout.width + (showsLabels ? 120 : 48), height: layout.height }}
        >
          <svg className={classes.connectors} width={layout.width} height={layout.height} aria-hidden>
            {layout.connectors.map((connector) => (
              <path key={connector.id} d={connector.path} />
            ))}
          </svg>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('places.tree.label')}>
            {layout.nodes.map((placed) => {
              const { node } = placed;
              const isCurrent = node.id === currentId;
              const isSelected = node.id === selectedId;
              const isBlocked = blocked.has(node.id);
              const toggleLabel = placed.isExpanded
                ? t('places.tree.collapse', { name: node.name })
                : t('places.tree.expand', { name: node.name });
              return (
                <li
                  key={node.id}
                  className={classes.row}
                  style={{ left: placed.x, top: placed.y, height: placed.height }}
                  data-testid={`${testId}-node`}
                  data-location-id={node.id}
                  data-level={placed.level}
                  aria-current={isCurrent ? 'true' : undefined}
                >
                  <div
                    className={classes.node}
                    style={{ width: placed.width, height: placed.height }}
                    data-current={isCurrent || undefined}
                    data-selected={isSelected || undefined}
                    data-blocked={(onChoose && isBlocked) || undefined}
                  >
                    <Text
                      className={classes.name}
                      style={{ fontSize: placed.fontSize, paddingLeft: placed.paddingLeft }}
                      title={node.name}
                      data-testid={`${testId}-name`}
                    >
                      {node.name}
                    </Text>
                    <div className={classes.footer}>
                      <Text size="xs" c="dimmed" className={classes.type} title={node.type ?? undefined}>
                        {node.type ?? ''}
                      </Text>
                      {placed.childCount > 0 ? (
                        <UnstyledButton
                          onClick={() => toggle(node.id)}
                          aria-expanded={placed.isExpanded}
                          aria-label={toggleLabel}
                          title={toggleLabel}
                          data-testid={`${testId}-toggle`}
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 2, flexShrink: 0 }}
                        >
                          {placed.isExpanded ? (
                            <IconChevronDown aria-hidden size={14} />
                          ) : (
                            <IconChevronRight aria-hidden size={14} />
                          )}
                          <Text size="xs" fw={600} span>
                            {placed.childCount}
                          </Text>
                        </UnstyledButton>
                      ) : null}
                    </div>
                  </div>
                  <div className={classes.actions}>
                    {onShow ? (
                      <NodeAction
                        icon={<IconEye aria-hidden size={16} />}
                        label={t('places.tree.show')}
                        fullLabel={t('places.tree.showName', { name: node.name })}
                        showsLabel={showsLabels}
                        onClick={() => onShow(node)}
                        testId={`${testId}-show`}
                      />
                    ) : null}
                    {onChoose ? (
                      <NodeAction
                        icon={<IconPointer aria-hidden size={16} />}
                        label={t('places.tree.choose')}
                        fullLabel={
                          isBlocked ? t('places.tree.blocked') : t('places.tree.chooseName', { name: node.name })
                        }
                        showsLabel={showsLabels}
                        disabled={isBlocked}
                        onClick={() => onChoose(node)}
                        testId={`${testId}-choose`}
                      />
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </Stack>
  );
}

function NodeAction({
  icon,
  label,
  fullLabel,
  showsLabel,
  disabled,
  onClick,
  testId,
}: {
  icon: ReactNode;
  label: string;
  fullLabel: string;
  showsLabel: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
}) {
  if (!showsLabel) {
    return (
      <Tooltip label={fullLabel}>
        <ActionIcon
          variant="light"
          size="md"
          onClick={onClick}
          disabled={disabled}
          aria-label={fullLabel}
          data-testid={testId}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={fullLabel}>
      <Button
        variant="light"
        size="compact-sm"
        leftSection={icon}
        onClick={onClick}
        disabled={disabled}
        aria-label={fullLabel}
        data-testid={testId}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
