import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TranslationKey } from '../../i18n/messages.ts';
import { Modal } from '../../lib/Modal.tsx';
import { OverviewLink } from '../overview/OverviewLink.tsx';

/**
 * The subscription-limit dialog of SPEC §2: what limit was reached, and a way to get a
 * subscription; opened within a tree (`treeId`), also a way to its overview of unconnected items,
 * which may be removed to make room (SPEC §4).
 */
export function LimitDialog({
  code,
  onClose,
  treeId,
  zIndex,
  children,
}: {
  code: TranslationKey | null;
  onClose: () => void;
  /** The tree the limit was hit in: offers its overview. */
  treeId?: string;
  /** Above the dialog it comes from, when that lies above the default modal level. */
  zIndex?: number;
  /** What the limit was measured on, under the message (a GEDCOM file's size or counts). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={t('limitDialog.title')}
      centered
      zIndex={zIndex}
      data-testid="limit-dialog"
    >
      <Group align="flex-start" wrap="nowrap" mb="lg">
        <ThemeIcon size={40} radius="xl" variant="light" color="yellow">
          <IconCrown aria-hidden size={22} />
        </ThemeIcon>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Text>{code ? t(code) : null}</Text>
          {children}
          {treeId ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="dimmed">
                {t('overview.limitHint')}
              </Text>
              <OverviewLink treeId={treeId} onNavigate={onClose} variant="light" testId="limit-dialog-overview" />
            </Stack>
          ) : null}
        </Stack>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="limit-dialog-close">
          {t('common.close')}
        </Button>
        <Button component={Link} to="/pricing" onClick={onClose} data-testid="limit-dialog-subscribe">
          {t('limitDialog.getSubscription')}
        </Button>
      </Group>
    </Modal>
  );
}
