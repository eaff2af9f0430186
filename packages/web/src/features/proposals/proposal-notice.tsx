import { Anchor, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProposalMade } from '../../api/client.ts';
import { navigateTo } from '../../app/navigation.ts';
import { i18n } from '../../i18n/index.ts';
import { proposalsHref } from './paths.ts';

/**
 * The notice of a contributor's change kept for review (issue 26). The form it came from has closed
 * (lib/Modal.tsx), so this is where the user learns what became of what they typed: it stays a while,
 * with a link to their proposals, where it waits (and can be withdrawn).
 */
export function showProposalNotice(proposal: ProposalMade, id: string): void {
  const href = proposal.treeId ? proposalsHref(proposal.treeId) : null;
  notifications.hide(id);
  notifications.show({
    id,
    color: 'forest',
    autoClose: 10_000,
    withBorder: true,
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap" data-testid="proposal-notice">
        <Text size="sm">{i18n.t('proposals.sentForReview')}</Text>
        {href ? (
          <Anchor
            href={href}
            size="sm"
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              navigateTo(href);
            }}
            data-testid="proposal-notice-link"
          >
            {i18n.t('proposals.showMine')}
          </Anchor>
        ) : null}
      </Group>
    ),
  });
}
