import { may, PAID_NODE_LIMIT, type TierLimits, type TreeInfo, tierLimits } from '@anor/core';
import { ActionIcon, Anchor, Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBooks,
  IconCalendarEvent,
  IconDoorExit,
  IconMapPin,
  IconPencil,
  type IconProps,
  IconShare,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { type ComponentType, type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFormat } from '../../i18n/format.ts';
import type { TranslationKey } from '../../i18n/messages.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { GedcomExportMenu } from '../gedcom/GedcomExportMenu.tsx';
import { bindingLimit } from './binding-limit.ts';
import { ShareTreeModal } from './ShareTreeModal.tsx';

/** Where a tree opens: its root person (SPEC §2 "go to tree"). */
export function treeHref(tree: TreeInfo): string | null {
  return tree.rootId ? `/app/${encodeURIComponent(tree.id)}/person/${encodeURIComponent(tree.rootId)}` : null;
}

interface Count {
  label: TranslationKey;
  value: number;
  icon: ComponentType<IconProps>;
  testId: string;
}

interface TreeCardProps {
  tree: TreeInfo;
  /** The owner's tier limits: the card shows the one that binds (a free account's 20 persons). */
  limits: TierLimits;
  onRename: (tree: TreeInfo) => void;
  onDelete: (tree: TreeInfo) => void;
  /** Members and invitations (owner and co-owners). */
  onMembers: (tree: TreeInfo) => void;
  /** Leaving a tree shared with the user. */
  onLeave: (tree: TreeInfo) => void;
}

export function TreeCard({ tree, limits: ownLimits, onRename, onDelete, onMembers, onLeave }: TreeCardProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const href = treeHref(tree);
  const [isSharing, setSharing] = useState(false);
  // What the role allows (issue 26; the server checks again); a shared tree counts against its owner's plan.
  const canManage = may(tree.role, 'manage');
  const canEdit = may(tree.role, 'edit');
  const limits = tree.isOwner ? ownLimits : tierLimits[tree.limit >= PAID_NODE_LIMIT ? 'paid' : 'free'];

  const counts: Count[] = [
    { label: 'trees.card.persons', value: tree.personsAmount, icon: IconUsers, testId: 'tree-card-persons' },
    { label: 'trees.card.places', value: tree.locationsAmount, icon: IconMapPin, testId: 'tree-card-places' },
    { label: 'trees.card.events', value: tree.eventsAmount, icon: IconCalendarEvent, testId: 'tree-card-events' },
    { label: 'trees.card.sources', value: tree.sourcesAmount, icon: IconBooks, testId: 'tree-card-sources' },
  ];
  const binding = bindingLimit(tree, limits);
  const usage = binding.limit > 0 ? Math.min(100, (binding.used / binding.limit) * 100) : 0;
  const limitLabel = t(`trees.card.limitOf.${binding.kind}`);

  // The whole card is a click target for the pointer; keyboard users reach the same place through the name link.
  const openTree = (event: MouseEvent<HTMLDivElement>) => {
    if (!href || event.defaultPrevented) return;
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    void navigate(href);
  };

  return (
    <>
      <Card
        withBorder
        shadow="xs"
        padding="lg"
        onClick={openTree}
        style={{ cursor: href ? 'pointer' : undefined }}
        data-testid="tree-card"
        data-tree-id={tree.id}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {href ? (
            <Anchor
              component={Link}
              to={href}
              fw={600}
              fz="lg"
              c="dark"
              lh={1.3}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="tree-card-name"
            >
              {tree.name}
            </Anchor>
          ) : (
            <Text fw={600} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }} data-testid="tree-card-name">
              {tree.name}
            </Text>
          )}
          <Group gap={4} wrap="nowrap">
            {canManage ? (
              <Tooltip label={t('share.action')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('share.actionNamed', { name: tree.name })}
                  onClick={() => setSharing(true)}
                  data-testid="tree-card-share"
                >
                  <IconShare aria-hidden size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {canManage ? (
              <Tooltip label={t('members.navLink')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`${t('members.navLink')}: ${tree.name}`}
                  onClick={() => onMembers(tree)}
                  data-testid="tree-card-members"
                >
                  <IconUserPlus aria-hidden size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {canEdit ? <GedcomExportMenu tree={tree} /> : null}
            {canManage ? (
              <Tooltip label={t('trees.card.rename')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('trees.card.renameNamed', { name: tree.name })}
                  onClick={() => onRename(tree)}
                  data-testid="tree-card-edit"
                >
                  <IconPencil aria-hidden size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {tree.isOwner ? (
              <Tooltip label={t('trees.card.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('trees.card.deleteNamed', { name: tree.name })}
                  onClick={() => onDelete(tree)}
                  data-testid="tree-card-delete"
                >
                  <IconTrash aria-hidden size={18} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label={t('members.leave')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('members.leave')}: ${tree.name}`}
                  onClick={() => onLeave(tree)}
                  data-testid="tree-card-leave"
                >
                  <IconDoorExit aria-hidden size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>

        {tree.isOwner ? null : (
          <Badge variant="light" mt="xs" data-testid="tree-card-role">
            {t(`members.roles.${tree.role}`)}
          </Badge>
        )}
        <SimpleGrid cols={2} spacing="md" verticalSpacing="xs" component="dl" m={0} pt="md">
          {counts.map((count) => (
            <Group key={count.testId} gap={8} wrap="nowrap">
              <count.icon aria-hidden size={18} color="var(--mantine-color-forest-7)" />
              <Text component="dt" size="sm" c="dimmed">
                {t(count.label)}
              </Text>
              <Text
                component="dd"
                size="sm"
                fw={600}
                style={{ margin: 0, marginLeft: 'auto' }}
                data-testid={count.testId}
              >
                {format.number(count.value)}
              </Text>
            </Group>
          ))}
        </SimpleGrid>

        <Stack gap={4} mt="md">
          <Group justify="space-between">
            <Text size="xs" c="dimmed" data-testid="tree-card-limit-label">
              {limitLabel}
            </Text>
            <Text size="xs" c="dimmed" data-testid="tree-card-total" data-limit-kind={binding.kind}>
              {t('trees.card.totalOfLimit', {
                total: format.number(binding.used),
                limit: format.number(binding.limit),
              })}
            </Text>
          </Group>
          <Progress value={usage} size="sm" color={usage > 90 ? 'red' : 'forest'} aria-label={limitLabel} />
          {tree.mediaBytes !== undefined && tree.mediaBytes > 0 ? (
            <Text size="xs" c="dimmed" data-testid="tree-card-media">
              {t('media.page.storage', { used: formatBytes(tree.mediaBytes, i18n.language) })}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {/* Beside the card, not in it: clicks in the dialog must not reach the card's "open the tree". */}
      {canManage ? <ShareTreeModal tree={isSharing ? tree : null} onClose={() => setSharing(false)} /> : null}
    </>
  );
}
