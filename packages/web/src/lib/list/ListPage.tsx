import type { TreeInfo } from '@anor/core';
import { Anchor, Box, Breadcrumbs, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorView } from '../ErrorView.tsx';
import classes from './ListPage.module.css';

/** Hidden below 640 px (SPEC §9), e.g. a button's label or a wide button with a narrow twin. */
export const wideOnlyClass = classes.wideOnly;
/** Shown only below 640 px, the narrow twin of a `wideOnlyClass` element. */
export const narrowOnlyClass = classes.narrowOnly;

export interface ListPageProps {
  /** The tree the list belongs to; while it fails, the page shows only the error. */
  tree: UseQueryResult<TreeInfo>;
  /** Where the breadcrumb's tree name leads (the root person's page); null while there is none. */
  treeHref: string | null;
  title: string;
  /** The line under the title, with the tree's name. */
  subtitle: (treeName: string) => string;
  /** Buttons beside the title. */
  actions?: ReactNode;
  /** Shown between the title and the list, e.g. a form. */
  beforeList?: ReactNode;
  /** The page's smallest height (the list's rows get the rest); more when `beforeList` takes room. */
  minHeight?: string;
  testId: string;
  /** The list; it fills the height left under the header. */
  children: ReactNode;
}

/**
 * The frame of a tree's list page (persons, places, events): breadcrumb, title with the tree's
 * name, optional actions, and the list filling the window's height below them.
 */
export function ListPage({
  tree,
  treeHref,
  title,
  subtitle,
  actions,
  beforeList,
  minHeight,
  testId,
  children,
}: ListPageProps) {
  const { t } = useTranslation();

  if (tree.isError) {
    return (
      <Container size="lg" py="xl">
        <ErrorView
          error={tree.error}
          onRetry={() => void tree.refetch()}
          backTo={{ href: '/trees', label: t('person.backToTrees') }}
        />
      </Container>
    );
  }

  return (
    <Container
      size="lg"
      py={{ base: 'md', sm: 'xl' }}
      className={classes.page}
      __vars={minHeight ? { '--list-page-min-height': minHeight } : undefined}
      data-testid={testId}
    >
      <Breadcrumbs mb="xs" separator="›" className={classes.breadcrumbs}>
        <Anchor component={Link} to="/trees" size="sm">
          {t('nav.familyTree')}
        </Anchor>
        {tree.data && treeHref ? (
          <Anchor component={Link} to={treeHref} size="sm" className={classes.crumb}>
            {tree.data.name}
          </Anchor>
        ) : (
          <Skeleton height={14} width={120} />
        )}
        <Text size="sm" c="dimmed" aria-current="page">
          {title}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="center" gap="sm" mb="md" wrap="nowrap">
        <Box miw={0}>
          <Title order={1}>{title}</Title>
          {/* One line, loaded or not: the list's height below must not shift when the tree's name arrives. */}
          <Skeleton visible={tree.isPending} className={classes.subtitle}>
            <Text c="dimmed" truncate="end">
              {tree.data ? subtitle(tree.data.name) : '\u00a0'}
            </Text>
          </Skeleton>
        </Box>
        {actions}
      </Group>
      {beforeList}
      <Stack gap={0} className={classes.listArea} mt={beforeList ? 'md' : undefined}>
        {children}
      </Stack>
    </Container>
  );
}
