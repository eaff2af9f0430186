import type { ChildSummary } from '@anor/core';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { groupChildren } from './children-groups.ts';
import { LabelledAction } from './LabelledAction.tsx';
import { PersonChip } from './PersonChip.tsx';
import { usePersonDialog } from './PersonDialogProvider.tsx';
import { personHref } from './paths.ts';
import { usePersonName } from './person-name.ts';
import { personQueries } from './queries.ts';

interface ChildrenViewProps {
  treeId: string;
  personId: string;
  canEdit: boolean;
  onAddChild: () => void;
  onRemoveChild: (child: ChildSummary) => void;
  /** Called before a child's page opens (a modal showing the view closes). */
  onNavigate?: () => void;
}

/**
 * The children view of SPEC §2: the person's children grouped by their other parent, with an
 * "unknown parent" group; each child can be shown (its page), previewed and, by editors, removed.
 */
export function ChildrenView({ treeId, personId, canEdit, onAddChild, onRemoveChild, onNavigate }: ChildrenViewProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const navigate = useNavigate();
  const { openPersonDialog } = usePersonDialog();
  const query = useQuery(personQueries.childrenOf(treeId, personId));

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={18} width="40%" />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;

  const groups = groupChildren(query.data.children, query.data.otherParents);
  const show = (child: ChildSummary) => {
    onNavigate?.();
    void navigate(personHref(treeId, child.id));
  };

  return (
    <Stack gap="md" data-testid="children-view">
      {groups.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="children-empty">
          {t('person.family.noChildren')}
        </Text>
      ) : null}
      {groups.map((group) => (
        <Stack
          key={group.key}
          gap={8}
          component="section"
          data-testid="children-group"
          data-other-parent-id={group.otherParent?.id ?? 'unknown'}
        >
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} c="dimmed" data-testid="children-group-title">
              {group.otherParent
                ? t('person.family.withParent', { name: personName(group.otherParent) })
                : t('person.family.unknownParent')}
            </Text>
          </Group>
          <Stack gap={6}>
            {group.children.map((child) => (
              <Group
                key={child.id}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid="child-row"
                data-person-id={child.id}
              >
                <PersonChip person={child} onClick={() => openPersonDialog(child.id)} testId="child-chip" />
                <Group gap={4} wrap="nowrap">
                  <LabelledAction
                    icon={IconEye}
                    label={t('person.family.show')}
                    fullLabel={t('person.family.showNamed', { name: personName(child) })}
                    onClick={() => show(child)}
                    testId="child-show"
                  />
                  {canEdit ? (
                    <LabelledAction
                      icon={IconUserMinus}
                      color="red"
                      label={t('person.family.remove')}
                      fullLabel={t('person.family.removeNamed', { name: personName(child) })}
                      onClick={() => onRemoveChild(child)}
                      testId="child-remove"
                    />
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        </Stack>
      ))}
      {canEdit ? (
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconUserPlus aria-hidden size={16} />}
            onClick={onAddChild}
            data-testid="add-child"
          >
            {t('person.family.addChild')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
