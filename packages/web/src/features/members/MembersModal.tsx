import {
  FREE_NODE_LIMIT,
  INVITATION_DAYS,
  type Invitation,
  type Member,
  type MemberRole,
  memberRoles,
  type TreeInfo,
} from '@anor/core';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { errorKey } from '../../i18n/messages.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { useSession } from '../session/queries.ts';
import { useInvite, useRemoveMember, useRevokeInvitation, useSetMemberRole } from './mutations.ts';
import { memberQueries } from './queries.ts';

interface MembersModalProps {
  /** The tree whose members are managed (owner and co-owners); null keeps the dialog closed. */
  tree: TreeInfo | null;
  onClose: () => void;
}

/**
 * A tree's members (issue 26): the owner and co-owners invite by e-mail with a role, change a
 * member's role, remove a member and withdraw an invitation. The server decides; the dialog shows
 * its answer, and a refusal (a free owner's second member) where it was asked.
 */
export function MembersModal({ tree, onClose }: MembersModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={tree !== null}
      onClose={onClose}
      title={tree ? t('members.title', { tree: tree.name }) : ''}
      centered
      size="lg"
      data-testid="members-dialog"
    >
      {tree ? <MembersContent key={tree.id} tree={tree} /> : null}
    </Modal>
  );
}

function useRoleOptions() {
  const { t } = useTranslation();
  return memberRoles.map((role) => ({
    value: role,
    label: `${t(`members.roles.${role}`)}: ${t(`members.roleHelp.${role}`)}`,
  }));
}

function MembersContent({ tree }: { tree: TreeInfo }) {
  const { t } = useTranslation();
  const list = useQuery(memberQueries.list(tree.id));
  if (list.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t('shell.loading')} />
      </Center>
    );
  }
  if (list.isError) return <ErrorView error={list.error} onRetry={() => void list.refetch()} />;
  const { owner, members, invitations } = list.data;
  return (
    <Stack gap="md">
      <Text size="sm">{t('members.intro')}</Text>
      {tree.limit <= FREE_NODE_LIMIT ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t('members.freePlan')}
        </Alert>
      ) : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="members-list">
        <Group component="li" justify="space-between" wrap="nowrap" data-testid="members-owner">
          <div>
            <Text fw={600}>{owner.name}</Text>
            <Text size="xs" c="dimmed">
              {owner.email}
            </Text>
          </div>
          <Text size="sm">{t('members.owner')}</Text>
        </Group>
        {members.map((member) => (
          <MemberRow key={member.userId} tree={tree} member={member} />
        ))}
      </Stack>
      {members.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="members-none">
          {t('members.none')}
        </Text>
      ) : null}
      {invitations.length > 0 ? <Invitations treeId={tree.id} invitations={invitations} /> : null}
      <InviteForm treeId={tree.id} />
    </Stack>
  );
}

function MemberRow({ tree, member }: { tree: TreeInfo; member: Member }) {
  const treeId = tree.id;
  const { t } = useTranslation();
  const { user } = useSession();
  const options = useRoleOptions();
  const setRole = useSetMemberRole(treeId);
  const remove = useRemoveMember(treeId);
  const [isConfirming, setConfirming] = useState(false);
  const error = setRole.error ?? remove.error;
  return (
    <Stack component="li" gap={4} data-testid="member-row" data-user-id={member.userId}>
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {member.name} {user?.id === member.userId ? t('members.you') : null}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={t('members.role')}
            data={options}
            value={member.role}
            allowDeselect={false}
            w={220}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              if (value && value !== member.role) setRole.mutate({ userId: member.userId, role: value as MemberRole });
            }}
            data-testid="member-role"
          />
          <Tooltip label={t('members.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('members.remove')}: ${member.name}`}
              onClick={() => setConfirming(true)}
              data-testid="member-remove"
            >
              <IconTrash aria-hidden size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {isConfirming ? (
        <Alert color="red" variant="light" title={t('members.removeTitle', { name: member.name })}>
          <Stack gap="xs">
            <Text size="sm">{t('members.removeText', { name: member.name, tree: tree.name })}</Text>
            <Group justify="flex-end">
              <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                size="xs"
                loading={remove.isPending}
                onClick={() => remove.mutate(member.userId)}
                data-testid="member-remove-confirm"
              >
                {t('members.remove')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <FormError message={error ? t(errorKey(error)) : undefined} testId="member-error" />
    </Stack>
  );
}

function Invitations({ treeId, invitations }: { treeId: string; invitations: Invitation[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const revoke = useRevokeInvitation(treeId);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('members.invitations')}
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="members-invitations">
        {invitations.map((invitation) => (
          <Group key={invitation.id} component="li" justify="space-between" wrap="nowrap" data-testid="invitation-row">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {invitation.email} · {t(`members.roles.${invitation.role}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('members.validUntil', { date: format.date(invitation.expiresAt) })}
              </Text>
            </div>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              loading={revoke.isPending && revoke.variables === invitation.id}
              onClick={() => revoke.mutate(invitation.id)}
              data-testid="invitation-revoke"
            >
              {t('members.revoke')}
            </Button>
          </Group>
        ))}
      </Stack>
      <FormError message={revoke.error ? t(errorKey(revoke.error)) : undefined} testId="invitation-error" />
    </Stack>
  );
}

function InviteForm({ treeId }: { treeId: string }) {
  const { t } = useTranslation();
  const options = useRoleOptions();
  const invite = useInvite(treeId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('viewer');
  const link = invite.data ? `${window.location.origin}${invite.data.path}` : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="invite-form">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('members.inviteTitle')}
        </Title>
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label={t('members.email')}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            data-testid="invite-email"
          />
          <Select
            label={t('members.role')}
            data={options}
            value={role}
            allowDeselect={false}
            onChange={(value) => value && setRole(value as MemberRole)}
            w={260}
            comboboxProps={{ withinPortal: true }}
            data-testid="invite-role"
          />
          <Button type="submit" loading={invite.isPending} data-testid="invite-submit">
            {t('members.invite')}
          </Button>
        </Group>
        <FormError message={invite.error ? t(errorKey(invite.error)) : undefined} testId="invite-error" />
        {invite.data && link ? (
          <Alert color="forest" variant="light" data-testid="invite-sent">
            <Stack gap={6}>
              <Text size="sm">{t('members.invited', { email: invite.data.invitation.email })}</Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  readOnly
                  value={link}
                  aria-label={t('members.link')}
                  style={{ flex: 1 }}
                  onFocus={(event) => event.currentTarget.select()}
                  data-testid="invite-link"
                />
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button
                      variant="default"
                      onClick={copy}
                      leftSection={copied ? <IconCheck aria-hidden size={16} /> : <IconCopy aria-hidden size={16} />}
                    >
                      {copied ? t('members.linkCopied') : t('members.copyLink')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {t('members.linkHelp', { days: INVITATION_DAYS })}
              </Text>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
