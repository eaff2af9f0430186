import {
  ActionIcon,
  Alert,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconCopy,
  IconCrown,
  IconExternalLink,
  IconEye,
  IconInfoCircle,
  IconRefresh,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorKey } from '../../i18n/messages.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { personHref } from '../person/paths.ts';
import { SubscriptionDialog } from '../pricing/SubscriptionDialog.tsx';
import { useRenewShareLink, useSetSharing } from './mutations.ts';
import { shareUrl, treeQueries } from './queries.ts';

/** The tree the dialog shares: its id, and its root person for "preview as visitor". */
export interface ShareTreeTarget {
  id: string;
  /** Shown under the title when given. */
  name?: string;
  rootId: string | null;
}

interface ShareTreeModalProps {
  /** The tree to share; null keeps the dialog closed. */
  tree: ShareTreeTarget | null;
  onClose: () => void;
}

/** Where "preview as visitor" leads: the root person's page, as a visitor of the shared tree sees it. */
export function visitorPreviewHref(treeId: string, rootId: string): string {
  return `${personHref(treeId, rootId)}?preview=visitor`;
}

/**
 * The tree share dialog of SPEC §2 (owner only; sharing is a paid feature, SPEC §1). A paying owner
 * turns sharing on and off, copies or opens the link, makes a new link (the old one stops working)
 * and previews the tree as a visitor sees it; a free owner is offered the subscription.
 */
export function ShareTreeModal({ tree, onClose }: ShareTreeModalProps) {
  const { t } = useTranslation();
  // The subscription dialog lies above this one; while it is open, Escape and clicks outside are its own.
  const [isSubscriptionOpen, setSubscriptionOpen] = useState(false);
  return (
    <>
      <Modal
        opened={tree !== null}
        onClose={onClose}
        closeOnEscape={!isSubscriptionOpen}
        closeOnClickOutside={!isSubscriptionOpen}
        title={t('share.title')}
        centered
        size="lg"
        data-testid="share-dialog"
      >
        {/* A fresh state for each tree. */}
        {tree ? (
          <ShareTreeContent key={tree.id} tree={tree} onClose={onClose} onSubscribe={() => setSubscriptionOpen(true)} />
        ) : null}
      </Modal>
      <SubscriptionDialog opened={isSubscriptionOpen} onClose={() => setSubscriptionOpen(false)} />
    </>
  );
}

function ShareTreeContent({
  tree,
  onClose,
  onSubscribe,
}: {
  tree: ShareTreeTarget;
  onClose: () => void;
  onSubscribe: () => void;
}) {
  const { t } = useTranslation();
  const share = useQuery(treeQueries.share(tree.id));

  const body = (() => {
    if (share.isPending) {
      return (
        <Center py="xl" data-testid="share-loading">
          <Loader aria-label={t('shell.loading')} />
        </Center>
      );
    }
    if (share.isError) return <ErrorView error={share.error} onRetry={() => void share.refetch()} />;
    return share.data.canShare ? (
      <SharingControls tree={tree} shared={share.data.shared} token={share.data.token} onClose={onClose} />
    ) : (
      <SubscriptionOffer treeId={tree.id} shared={share.data.shared} onClose={onClose} onSubscribe={onSubscribe} />
    );
  })();

  return (
    <Stack>
      {tree.name ? (
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="share-tree-name">
          {tree.name}
        </Text>
      ) : null}
      {body}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="share-close">
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function MutationError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="share-error">
      {t(errorKey(error))}
    </Alert>
  );
}

function SharingControls({
  tree,
  shared,
  token,
  onClose,
}: {
  tree: ShareTreeTarget;
  shared: boolean;
  token: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSharing = useSetSharing(tree.id);
  const renew = useRenewShareLink(tree.id);
  const [isConfirmingRenew, setConfirmingRenew] = useState(false);
  const isBusy = setSharing.isPending || renew.isPending;
  // The switch follows the click at once; the server's answer settles it.
  const isOn = setSharing.isPending ? (setSharing.variables ?? shared) : shared;
  const link = shared && token ? shareUrl(token) : null;

  const preview = () => {
    if (!tree.rootId) return;
    onClose();
    void navigate(visitorPreviewHref(tree.id, tree.rootId));
  };

  return (
    <Stack gap="md">
      <Switch
        checked={isOn}
        onChange={(event) => {
          setConfirmingRenew(false);
          renew.reset();
          setSharing.mutate(event.currentTarget.checked);
        }}
        disabled={isBusy}
        label={t('share.shared')}
        description={isOn ? t('share.sharedOn') : t('share.sharedOff')}
        size="md"
        data-testid="share-switch"
      />

      {link ? (
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('share.linkLabel')}
              value={link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="share-link"
            />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('share.copied') : t('share.copy')}>
                  <ActionIcon
                    size={36}
                    variant={copied ? 'filled' : 'default'}
                    onClick={copy}
                    aria-label={copied ? t('share.copied') : t('share.copy')}
                    data-copied={copied || undefined}
                    data-testid="share-copy"
                  >
                    {copied ? <IconCheck aria-hidden size={18} /> : <IconCopy aria-hidden size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Tooltip label={t('share.openLink')}>
              <ActionIcon
                component="a"
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                size={36}
                variant="default"
                aria-label={t('share.openLink')}
                data-testid="share-open"
              >
                <IconExternalLink aria-hidden size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {isConfirmingRenew ? (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              data-testid="share-renew-confirm"
            >
              <Stack gap="xs">
                <Text size="sm">{t('share.newLinkQuestion')}</Text>
                <Group gap="xs" justify="flex-end">
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => setConfirmingRenew(false)}
                    data-testid="share-renew-cancel"
                  >
                    {t('common.cancel')}
                  </Button>
                  <Button
                    size="xs"
                    color="yellow"
                    loading={renew.isPending}
                    onClick={() => renew.mutate(undefined, { onSuccess: () => setConfirmingRenew(false) })}
                    data-testid="share-renew-submit"
                  >
                    {t('share.newLinkConfirm')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconRefresh aria-hidden size={16} />}
                onClick={() => {
                  setSharing.reset();
                  setConfirmingRenew(true);
                }}
                disabled={isBusy}
                data-testid="share-renew"
              >
                {t('share.newLink')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}

      <MutationError error={setSharing.error ?? renew.error} />

      <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} data-testid="share-visitors">
        {t('share.visitors')}
      </Alert>

      {tree.rootId ? (
        <Group>
          <Button
            variant="light"
            leftSection={<IconEye aria-hidden size={18} />}
            onClick={preview}
            data-testid="share-preview"
          >
            {t('share.preview')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A free owner: sharing is part of the subscription. A link left from a lapsed subscription can still be removed. */
function SubscriptionOffer({
  treeId,
  shared,
  onClose,
  onSubscribe,
}: {
  treeId: string;
  shared: boolean;
  onClose: () => void;
  onSubscribe: () => void;
}) {
  const { t } = useTranslation();
  const setSharing = useSetSharing(treeId);

  return (
    <Stack gap="md" data-testid="share-offer">
      <Paper withBorder p="md" radius="md">
        <Group align="flex-start" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="yellow">
            <IconCrown aria-hidden size={22} />
          </ThemeIcon>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{t('share.paidTitle')}</Text>
            <Text size="sm">{t('share.paidText')}</Text>
            <Text size="sm" c="dimmed">
              {t('share.visitors')}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="xs" mt="md">
          <Button component={Link} to="/pricing" variant="default" onClick={onClose} data-testid="share-pricing">
            {t('share.pricing')}
          </Button>
          <Button leftSection={<IconCrown aria-hidden size={18} />} onClick={onSubscribe} data-testid="share-subscribe">
            {t('share.subscribe')}
          </Button>
        </Group>
      </Paper>
      {shared ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="share-lapsed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('share.lapsed')}</Text>
            <Button
              size="xs"
              variant="default"
              loading={setSharing.isPending}
              onClick={() => setSharing.mutate(false)}
              data-testid="share-stop"
            >
              {t('share.stopSharing')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <MutationError error={setSharing.error} />
    </Stack>
  );
}
