import { type ChildSummary, type MainNodesAnswer, type Person, rootRelations } from '@anor/core';
import {
  ActionIcon,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBabyCarriage,
  IconBinaryTree,
  IconCalendarEvent,
  IconCrown,
  IconGitMerge,
  IconHierarchy,
  IconHome,
  IconNotes,
  IconPencil,
  IconPhoto,
  IconPlus,
  IconPrinter,
  IconTrash,
  IconUserSearch,
} from '@tabler/icons-react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { WhenOpened } from '../../lib/WhenOpened.tsx';
import { EventModalProvider, eventQueries } from '../event/index.ts';
import { ObjectHistory } from '../history/ObjectHistory.tsx';
import { LocationDialogProvider } from '../location/LocationDialogProvider.tsx';
import { MediaGallery, PersonPortrait } from '../media/index.ts';
import { NoteList } from '../note/index.ts';
import { LifeSummary } from '../person-events/LifeSummary.tsx';
import { PersonEventsSection } from '../person-events/PersonEventsSection.tsx';
import { PersonTimeline, PersonTimelineIcon } from '../person-timeline/PersonTimeline.tsx';
import { relationshipHref } from '../relationship/paths.ts';
import { RootKinship } from '../relationship/RootKinship.tsx';
import { reportHref } from '../report/paths.ts';
import { ChildrenView } from './ChildrenView.tsx';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { FamilySection } from './FamilySection.tsx';
import { GenderIcon } from './GenderIcon.tsx';
import { usePersonModalProps } from './layout.ts';
import { OtherNames } from './OtherNames.tsx';
import { PersonDialogProvider } from './PersonDialogProvider.tsx';
import { familyTreeHref, personHref } from './paths.ts';
import type { PersonFormMode } from './person-form-modes.ts';
import { usePersonName } from './person-name.ts';
import { personQueries } from './queries.ts';
import type { RemovalTarget } from './RemovePersonModal.tsx';
import { rootColors } from './root-colors.ts';
import { dismissWelcome, needsRootWelcome } from './root-welcome.ts';

// The page's dialogs load when first opened: the page does not download them with itself (issue 25).
const ChangeRootModal = lazy(async () => ({ default: (await import('./ChangeRootModal.tsx')).ChangeRootModal }));
const DeletePersonModal = lazy(async () => ({ default: (await import('./DeletePersonModal.tsx')).DeletePersonModal }));
const GenderEditModal = lazy(async () => ({ default: (await import('./GenderEditModal.tsx')).GenderEditModal }));
const GoToPersonModal = lazy(async () => ({ default: (await import('./GoToPersonModal.tsx')).GoToPersonModal }));
const NameEditModal = lazy(async () => ({ default: (await import('./NameEditModal.tsx')).NameEditModal }));
const OccupationEditModal = lazy(async () => ({
  default: (await import('./OccupationEditModal.tsx')).OccupationEditModal,
}));
const PersonFormDialog = lazy(async () => ({ default: (await import('./PersonFormDialog.tsx')).PersonFormDialog }));
const PersonMergePickModal = lazy(async () => ({
  default: (await import('../person-merge/PersonMergePickModal.tsx')).PersonMergePickModal,
}));
const RemovePersonModal = lazy(async () => ({ default: (await import('./RemovePersonModal.tsx')).RemovePersonModal }));

type OpenModal = 'name' | 'occupation' | 'gender' | 'delete' | 'root' | 'goTo' | 'children' | 'merge' | null;

/** The person page at /app/:treeId/person/:personId (SPEC §2). */
export function PersonPage() {
  const { treeId = '', personId = '' } = useParams();
  return (
    <PersonDialogProvider treeId={treeId}>
      <LocationDialogProvider treeId={treeId}>
        {/* Each person starts with closed dialogs. */}
        <PersonView key={personId} treeId={treeId} personId={personId} />
      </LocationDialogProvider>
    </PersonDialogProvider>
  );
}

function PersonView({ treeId, personId }: { treeId: string; personId: string }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const mainNodes = useQuery({ ...personQueries.mainNodes(treeId), enabled: treeId !== '' });
  const query = useQuery({ ...personQueries.detail(treeId, personId), enabled: personId !== '' });
  // The events section's request goes with the person's instead of after it (issue 25).
  usePrefetchQuery(eventQueries.ofPerson(treeId, personId));
  usePageTitle(query.data ? personName(query.data) : (mainNodes.data?.name ?? t('person.title')));

  if (mainNodes.isError || query.isError) {
    const rootId = mainNodes.data?.rootId;
    const backTo =
      rootId && rootId !== personId
        ? { href: personHref(treeId, rootId), label: t('person.actions.goToRoot') }
        : { href: '/trees', label: t('person.backToTrees') };
    return (
      <Container size="lg" py="xl">
        <ErrorView
          error={mainNodes.error ?? query.error}
          onRetry={() => {
            void mainNodes.refetch();
            void query.refetch();
          }}
          backTo={backTo}
        />
      </Container>
    );
  }

  if (mainNodes.isPending || query.isPending) return <PersonPageSkeleton />;
  return (
    <EventModalProvider treeId={treeId} canEdit={mainNodes.data.canEdit}>
      <PersonContent treeId={treeId} mainNodes={mainNodes.data} person={query.data} />
    </EventModalProvider>
  );
}

function PersonPageSkeleton() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl" aria-busy="true" aria-label={t('shell.loading')}>
      <Skeleton height={14} width={220} mb="lg" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={200} radius="lg" mb="lg" />
          <Skeleton height={260} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={180} radius="lg" mb="lg" />
          <Skeleton height={140} radius="lg" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function Section({
  title,
  icon,
  children,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid={testId}>
      <Group gap="xs" wrap="nowrap" mb="md">
        {icon}
        <Title order={2} fz="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.05em' }}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function RootColourLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" mt="lg" role="group" aria-label={t('person.relation.legend')} data-testid="root-colour-legend">
      {rootRelations.map((relation) => (
        <Group key={relation} gap={6} wrap="nowrap">
          <Box w={12} h={12} bg={`${rootColors[relation]}.6`} style={{ borderRadius: 3 }} aria-hidden />
          <Text size="xs" c="dimmed">
            {t(`person.relation.${relation}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function PersonContent({ treeId, mainNodes, person }: { treeId: string; mainNodes: MainNodesAnswer; person: Person }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const navigate = useNavigate();
  const modalProps = usePersonModalProps();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const [formMode, setFormMode] = useState<PersonFormMode | null>(null);
  const [removal, setRemoval] = useState<RemovalTarget | null>(null);

  const { canEdit, rootId } = mainNodes;
  const isRoot = person.isRoot || rootId === person.id;
  const name = personName(person);
  const color = rootColors[person.rootRelation];
  const [welcomeClosed, setWelcomeClosed] = useState(false);
  const needsIntro = !welcomeClosed && needsRootWelcome(person, mainNodes);
  const close = () => setOpenModal(null);

  const goToRootAfterDeleting = (deletedIds: string[]) => {
    if (deletedIds.includes(person.id) && rootId) void navigate(personHref(treeId, rootId), { replace: true });
  };
  const removeChild = (child: ChildSummary) => setRemoval({ person: child, relation: 'child' });

  return (
    <Container
      size="lg"
      py={{ base: 'md', sm: 'xl' }}
      data-testid="person-page"
      data-person-id={person.id}
      data-root-relation={person.rootRelation}
    >
      <Breadcrumbs mb="sm" separator="›">
        <Anchor component={Link} to="/trees" size="sm">
          {t('nav.familyTree')}
        </Anchor>
        {rootId ? (
          <Anchor component={Link} to={personHref(treeId, rootId)} size="sm" data-testid="person-tree-name">
            {mainNodes.name}
          </Anchor>
        ) : (
          <Text size="sm" data-testid="person-tree-name">
            {mainNodes.name}
          </Text>
        )}
      </Breadcrumbs>

      <Group gap="xs" mb="lg" data-testid="person-toolbar">
        <Button
          component={Link}
          to={familyTreeHref(treeId, person.id)}
          variant="light"
          size="sm"
          leftSection={<IconBinaryTree aria-hidden size={18} />}
          data-testid="person-family-tree-link"
        >
          {t('person.actions.familyTree')}
        </Button>
        {rootId && !isRoot ? (
          <Button
            component={Link}
            to={personHref(treeId, rootId)}
            variant="default"
            size="sm"
            leftSection={<IconHome aria-hidden size={18} />}
            data-testid="person-go-to-root"
          >
            {t('person.actions.goToRoot')}
          </Button>
        ) : null}
        {!rootId && canEdit ? (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCrown aria-hidden size={18} />}
            onClick={() => setFormMode('root')}
            data-testid="person-create-root"
          >
            {t('person.actions.createRoot')}
          </Button>
        ) : null}
        <Button
          variant="default"
          size="sm"
          leftSection={<IconUserSearch aria-hidden size={18} />}
          onClick={() => setOpenModal('goTo')}
          data-testid="person-go-to-person"
        >
          {t('person.actions.goToPerson')}
        </Button>
        <Button
          component={Link}
          to={reportHref(treeId, person.id)}
          variant="default"
          size="sm"
          leftSection={<IconPrinter aria-hidden size={18} />}
          data-testid="person-reports-link"
        >
          {t('report.menu')}
        </Button>
        <Button
          component={Link}
          to={rootId && !isRoot ? relationshipHref(treeId, rootId, person.id) : relationshipHref(treeId, person.id)}
          variant="default"
          size="sm"
          leftSection={<IconHierarchy aria-hidden size={18} />}
          data-testid="person-relationship-link"
        >
          {t('relationship.menu')}
        </Button>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'lg' }}
              style={{ borderTop: `6px solid var(--mantine-color-${color}-6)` }}
              data-testid="person-header"
              data-root-relation={person.rootRelation}
            >
              <Group align="flex-start" wrap="nowrap" gap="md">
                <PersonPortrait
                  treeId={treeId}
                  personId={person.id}
                  portrait={person.portrait}
                  name={name}
                  size={96}
                  canEdit={canEdit}
                  fallback={
                    <ThemeIcon size={64} radius="xl" color={color} variant="light" visibleFrom="xs">
                      <GenderIcon gender={person.gender} size={34} />
                    </ThemeIcon>
                  }
                />
                <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <Title
                      order={1}
                      fz={{ base: 'h2', sm: 'h1' }}
                      style={{ overflowWrap: 'anywhere' }}
                      c={person.fName || person.lName ? undefined : 'dimmed'}
                      data-testid="person-name"
                    >
                      {name}
                    </Title>
                    {canEdit ? (
                      <Tooltip label={t('person.name.edit')}>
                        <ActionIcon
                          variant="subtle"
                          mt={6}
                          onClick={() => setOpenModal('name')}
                          aria-label={t('person.name.edit')}
                          data-testid="person-name-edit"
                        >
                          <IconPencil aria-hidden size={18} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                  {person.rootRelation !== 'none' ? (
                    <Group gap="xs">
                      <Text
                        size="xs"
                        fw={700}
                        tt="uppercase"
                        // The light variant's text colour: readable on its tint in every root colour (theme.ts).
                        c={`var(--mantine-color-${color}-light-color)`}
                        bg={`${color}.1`}
                        px={8}
                        py={2}
                        style={{ borderRadius: 4, letterSpacing: '0.05em' }}
                        data-testid="person-relation"
                      >
                        {t(`person.relation.${person.rootRelation}`)}
                      </Text>
                    </Group>
                  ) : null}
                  {rootId && !isRoot ? <RootKinship treeId={treeId} rootId={rootId} personId={person.id} /> : null}
                  <LifeSummary person={person} />
                </Stack>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mt="lg">
                <Field label={t('person.fields.occupation')} testId="person-occupation">
                  <Group gap={4} wrap="nowrap">
                    <Text c={person.occupation ? undefined : 'dimmed'} data-testid="person-occupation-text">
                      {person.occupation ?? t('person.occupation.none')}
                    </Text>
                    {canEdit ? (
                      <Tooltip label={person.occupation ? t('person.occupation.edit') : t('person.occupation.add')}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={() => setOpenModal('occupation')}
                          aria-label={person.occupation ? t('person.occupation.edit') : t('person.occupation.add')}
                          data-testid="person-occupation-edit"
                        >
                          {person.occupation ? (
                            <IconPencil aria-hidden size={16} />
                          ) : (
                            <IconPlus aria-hidden size={16} />
                          )}
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Field>
                <Field label={t('person.fields.gender')} testId="person-gender">
                  <Group gap={6} wrap="nowrap">
                    <GenderIcon gender={person.gender} />
                    <Text data-testid="person-gender-text">{t(`person.gender.${person.gender}`)}</Text>
                    {canEdit ? (
                      <Tooltip label={t('person.gender.edit')}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={() => setOpenModal('gender')}
                          aria-label={t('person.gender.edit')}
                          data-testid="person-gender-edit"
                        >
                          <IconPencil aria-hidden size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Group>
                </Field>
              </SimpleGrid>
              <OtherNames treeId={treeId} person={person} canEdit={canEdit} />
            </Paper>

            <Section title={t('person.family.title')} testId="person-family">
              <FamilySection
                treeId={treeId}
                person={person}
                canEdit={canEdit}
                onAdd={setFormMode}
                onRemove={setRemoval}
              />
              <RootColourLegend />
            </Section>

            <Section
              title={t('person.family.children')}
              icon={<IconBabyCarriage aria-hidden size={22} color="var(--mantine-color-forest-7)" />}
              testId="person-children"
            >
              <ChildrenView
                treeId={treeId}
                personId={person.id}
                canEdit={canEdit}
                onAddChild={() => setFormMode('child')}
                onRemoveChild={removeChild}
              />
            </Section>

            {person.private ? null : (
              <Section
                title={t('media.gallery.title')}
                icon={<IconPhoto aria-hidden size={22} color="var(--mantine-color-forest-7)" />}
                testId="person-media"
              >
                <MediaGallery
                  treeId={treeId}
                  node={{ id: person.id, kind: 'person' }}
                  canEdit={canEdit}
                  portrait={{ personId: person.id, current: person.portrait ?? null }}
                />
              </Section>
            )}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section
              title={t('person.events.title')}
              icon={<IconCalendarEvent aria-hidden size={22} color="var(--mantine-color-forest-7)" />}
              testId="person-events"
            >
              <PersonEventsSection
                treeId={treeId}
                person={person}
                canEdit={canEdit}
                actions={
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconBabyCarriage aria-hidden size={16} />}
                    onClick={() => setOpenModal('children')}
                    data-testid="person-children-button"
                  >
                    {t('person.family.children')}
                  </Button>
                }
              />
            </Section>

            {person.private ? null : (
              <Section title={t('timeline.title')} icon={<PersonTimelineIcon />} testId="person-timeline-section">
                <PersonTimeline treeId={treeId} person={person} />
              </Section>
            )}

            <Section title={t('person.description.title')} testId="person-description">
              <DescriptionEditor treeId={treeId} person={person} canEdit={canEdit} />
            </Section>

            <Section
              title={t('person.notes.title')}
              icon={<IconNotes aria-hidden size={22} color="var(--mantine-color-forest-7)" />}
              testId="person-notes"
            >
              <NoteList
                treeId={treeId}
                nodeId={person.id}
                canEdit={canEdit}
                label={null}
                data-testid="person-note-list"
              />
            </Section>

            {canEdit ? <ObjectHistory treeId={treeId} path="person" id={person.id} /> : null}

            {canEdit ? (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="person-danger-zone">
                <Stack gap="lg">
                  {!isRoot ? (
                    <Stack gap="xs" align="flex-start">
                      <Text size="sm">{t('person.makeRoot.hint')}</Text>
                      <Button
                        variant="default"
                        leftSection={<IconCrown aria-hidden size={18} color="var(--mantine-color-yellow-7)" />}
                        onClick={() => setOpenModal('root')}
                        data-testid="person-make-root"
                      >
                        {t('person.actions.makeRoot')}
                      </Button>
                    </Stack>
                  ) : null}
                  <Stack gap="xs" align="flex-start">
                    <Button
                      variant="default"
                      leftSection={<IconGitMerge aria-hidden size={18} />}
                      onClick={() => setOpenModal('merge')}
                      data-testid="person-merge"
                    >
                      {t('personMerge.action')}
                    </Button>
                  </Stack>
                  <Stack gap="xs" align="flex-start">
                    <Text
                      size="sm"
                      c={isRoot ? 'dimmed' : undefined}
                      data-testid={isRoot ? 'person-delete-root-explanation' : undefined}
                    >
                      {isRoot ? t('person.delete.rootExplanation') : t('person.delete.hint')}
                    </Text>
                    <Button
                      variant="light"
                      color="red"
                      leftSection={<IconTrash aria-hidden size={18} />}
                      disabled={isRoot}
                      onClick={() => setOpenModal('delete')}
                      data-testid="person-delete"
                    >
                      {t('person.actions.delete')}
                    </Button>
                  </Stack>
                </Stack>
              </Paper>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>

      <WhenOpened isOpen={needsIntro || formMode !== null}>
        <PersonFormDialog
          treeId={treeId}
          mode={needsIntro ? 'intro' : formMode}
          anchor={person}
          rootId={rootId}
          onClose={() => {
            if (needsIntro) {
              dismissWelcome(treeId);
              setWelcomeClosed(true);
            }
            setFormMode(null);
          }}
          onSaved={(saved) => {
            if (formMode === 'root') void navigate(personHref(treeId, saved.id));
          }}
        />
      </WhenOpened>
      <WhenOpened isOpen={removal !== null}>
        <RemovePersonModal
          treeId={treeId}
          anchor={person}
          target={removal}
          onClose={() => setRemoval(null)}
          onDeleted={goToRootAfterDeleting}
        />
      </WhenOpened>
      <WhenOpened isOpen={openModal === 'name'}>
        <NameEditModal treeId={treeId} person={person} opened={openModal === 'name'} onClose={close} />
      </WhenOpened>
      <WhenOpened isOpen={openModal === 'occupation'}>
        <OccupationEditModal treeId={treeId} person={person} opened={openModal === 'occupation'} onClose={close} />
      </WhenOpened>
      <WhenOpened isOpen={openModal === 'gender'}>
        <GenderEditModal treeId={treeId} person={person} opened={openModal === 'gender'} onClose={close} />
      </WhenOpened>
      <WhenOpened isOpen={openModal === 'delete'}>
        <DeletePersonModal
          treeId={treeId}
          person={person}
          opened={openModal === 'delete'}
          onClose={close}
          onDeleted={goToRootAfterDeleting}
        />
      </WhenOpened>
      <WhenOpened isOpen={openModal === 'root'}>
        <ChangeRootModal treeId={treeId} person={person} opened={openModal === 'root'} onClose={close} />
      </WhenOpened>
      <WhenOpened isOpen={openModal === 'goTo'}>
        <GoToPersonModal treeId={treeId} currentId={person.id} opened={openModal === 'goTo'} onClose={close} />
      </WhenOpened>
      <WhenOpened isOpen={openModal === 'merge'}>
        <PersonMergePickModal treeId={treeId} personId={person.id} opened={openModal === 'merge'} onClose={close} />
      </WhenOpened>
      <Modal
        {...modalProps}
        opened={openModal === 'children'}
        onClose={close}
        title={t('person.childrenOf', { name })}
        data-testid="person-children-modal"
      >
        <ChildrenView
          treeId={treeId}
          personId={person.id}
          canEdit={canEdit}
          onAddChild={() => {
            close();
            setFormMode('child');
          }}
          onRemoveChild={(child) => {
            close();
            removeChild(child);
          }}
          onNavigate={close}
        />
      </Modal>
    </Container>
  );
}
