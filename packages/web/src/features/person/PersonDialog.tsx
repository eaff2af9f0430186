import { ActionIcon, Badge, Button, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowRight, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { NoteList } from '../note/index.ts';
import { LifeSummary } from '../person-events/LifeSummary.tsx';
import { PersonEventList } from '../person-events/PersonEventList.tsx';
import { GenderEditModal } from './GenderEditModal.tsx';
import { GenderIcon } from './GenderIcon.tsx';
import { usePersonModalProps } from './layout.ts';
import { PersonChip } from './PersonChip.tsx';
import { personHref } from './paths.ts';
import { usePersonName } from './person-name.ts';
import { personQueries } from './queries.ts';
import { rootColors } from './root-colors.ts';

interface PersonDialogProps {
  treeId: string;
  /** The person to show; the dialog is closed while it is null. */
  personId: string | null;
  onClose: () => void;
}

/**
 * The person dialog of SPEC §2: a compact view of a person shown inside another view (a chart, a
 * list, an event), with a link to the full person page. Its parents open in the same dialog; a
 * link inside it (a person in an event) leaves for that page, and the dialog closes behind it.
 */
export function PersonDialog({ treeId, personId, onClose }: PersonDialogProps) {
  const modalProps = usePersonModalProps('md');
  // The provider outlives a move to another person's page, so the dialog closes itself when a link in it leaves.
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (pathname === shownAt.current) return;
    shownAt.current = pathname;
    onClose();
  }, [pathname, onClose]);
  const [shownId, setShownId] = useState(personId);
  const [openedWith, setOpenedWith] = useState(personId);
  if (personId !== openedWith) {
    setOpenedWith(personId);
    setShownId(personId);
  }
  return (
    <Modal
      {...modalProps}
      opened={personId !== null}
      onClose={onClose}
      title={shownId ? <PersonDialogTitle treeId={treeId} personId={shownId} /> : null}
      data-testid="person-dialog"
    >
      {shownId ? (
        <PersonDialogContent treeId={treeId} personId={shownId} onShow={setShownId} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

/** The person's name with the root colour as a bar, and what the colour means. */
function PersonDialogTitle({ treeId, personId }: { treeId: string; personId: string }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const query = useQuery(personQueries.detail(treeId, personId));
  if (!query.data) return <Skeleton height={28} width={220} />;
  const person = query.data;
  const color = rootColors[person.rootRelation];
  return (
    <Stack gap={4} pl="sm" style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)`, minWidth: 0 }}>
      <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }} data-testid="person-dialog-name">
        {personName(person)}
      </Title>
      {person.rootRelation !== 'none' ? (
        <Badge color={color} variant="light" size="sm">
          {t(`person.relation.${person.rootRelation}`)}
        </Badge>
      ) : null}
    </Stack>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={4} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      {children}
    </div>
  );
}

function PersonDialogContent({
  treeId,
  personId,
  onShow,
  onClose,
}: {
  treeId: string;
  personId: string;
  onShow: (personId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mainNodes = useQuery(personQueries.mainNodes(treeId));
  const query = useQuery(personQueries.detail(treeId, personId));
  const [isEditingGender, setEditingGender] = useState(false);
  const canEdit = mainNodes.data?.canEdit ?? false;

  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height={28} width="70%" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={80} />
      </Stack>
    );
  }
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;

  const person = query.data;
  return (
    <Stack gap="md" data-person-id={person.id} data-root-relation={person.rootRelation}>
      <Field label={t('person.fields.gender')} testId="person-dialog-gender">
        <Group gap="xs">
          <GenderIcon gender={person.gender} />
          <Text>{t(`person.gender.${person.gender}`)}</Text>
          {canEdit ? (
            <Tooltip label={t('person.gender.edit')}>
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => setEditingGender(true)}
                aria-label={t('person.gender.edit')}
                data-testid="person-dialog-gender-edit"
              >
                <IconPencil aria-hidden size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Field>

      <Field label={t('personDialog.view.birthDeath')}>
        <LifeSummary person={person} size="sm" testId="person-dialog" />
      </Field>

      <Field label={t('person.fields.occupation')}>
        <Text c={person.occupation ? undefined : 'dimmed'} size={person.occupation ? undefined : 'sm'}>
          {person.occupation ?? t('person.occupation.none')}
        </Text>
      </Field>

      <Field label={t('person.description.title')}>
        <Text size="sm" c={person.description ? undefined : 'dimmed'} lineClamp={6} style={{ whiteSpace: 'pre-wrap' }}>
          {person.description ?? t('person.description.empty')}
        </Text>
      </Field>

      <Field label={t('person.family.parents')}>
        {person.parents.length > 0 ? (
          <Group gap="xs">
            {person.parents.map((parent) => (
              <PersonChip
                key={parent.id}
                person={parent}
                onClick={() => onShow(parent.id)}
                testId="person-dialog-parent"
              />
            ))}
          </Group>
        ) : (
          <Text c="dimmed" size="sm">
            {t('person.family.noParents')}
          </Text>
        )}
      </Field>

      <Field label={t('person.events.title')}>
        <PersonEventList treeId={treeId} personId={person.id} testId="person-dialog-events" />
      </Field>

      <Field label={t('person.notes.title')}>
        {/* Read-only here, like the events: edits happen on the person page (SPEC §2 person dialog). */}
        <NoteList treeId={treeId} nodeId={person.id} canEdit={false} label={null} data-testid="person-dialog-notes" />
      </Field>

      <Group justify="flex-end" mt="xs">
        <Button
          component={Link}
          to={personHref(treeId, person.id)}
          onClick={onClose}
          rightSection={<IconArrowRight aria-hidden size={16} />}
          data-testid="person-dialog-open-page"
        >
          {t('personDialog.view.openPage')}
        </Button>
      </Group>
      <GenderEditModal
        treeId={treeId}
        person={person}
        opened={isEditingGender}
        onClose={() => setEditingGender(false)}
      />
    </Stack>
  );
}
