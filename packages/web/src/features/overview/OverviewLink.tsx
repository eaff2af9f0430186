import { Button, type ButtonProps } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { overviewHref } from './paths.ts';

export interface OverviewLinkProps {
  treeId: string;
  /** Called as the link is followed, e.g. to close the dialog it sits in. */
  onNavigate?: () => void;
  variant?: ButtonProps['variant'];
  testId?: string;
}

/** A button to the tree's overview of unconnected items (SPEC §2), for dialogs such as the limit dialog. */
export function OverviewLink({ treeId, onNavigate, variant = 'default', testId = 'overview-link' }: OverviewLinkProps) {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={overviewHref(treeId)}
      onClick={onNavigate}
      variant={variant}
      leftSection={<IconUnlink aria-hidden size={18} />}
      data-testid={testId}
    >
      {t('overview.open')}
    </Button>
  );
}
