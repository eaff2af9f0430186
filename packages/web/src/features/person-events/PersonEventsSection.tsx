import type { Person } from '@anor/core';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconHome, IconHomePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../lib/Modal.tsx';
import { WhenOpened } from '../../lib/WhenOpened.tsx';
import { eventQueries, useEventModal } from '../event/index.ts';
import { usePersonModalProps } from '../person/layout.ts';
import { usePersonName } from '../person/person-name.ts';
import { ContemporaryNotes } from '../residence/ContemporaryNotes.tsx';
import { ContemporaryPeople } from '../residence/ContemporaryPeople.tsx';
import { groupPersonEvents } from './event-order.ts';
import { PersonEventList } from './PersonEventList.tsx';
import { PersonEventRow } from './PersonEventRow.tsx';
import classes from './PersonEvents.module.css';

/** Loaded when first opened (it brings the place picker and the source and note lists). */
const ResidenceWizard = lazy(async () => ({
  default: (await import('../residence/ResidenceWizard.tsx')).ResidenceWizard,
}));

interface PersonEventsSectionProps {
  treeId: string;
  person: Person;
  canEdit: boolean;
  /** More buttons for the section's button row (the person page's children button). */
  actions?: ReactNode;
}

/**
 * The person page's events (SPEC §2): grouped and sorted by type (§4), residences apart in their
 * own modal, an add-event button (the event modal) and an add-residence button (the residence
 * wizard). Clicking an event opens it; clicking a person opens their page.
 */
export function PersonEventsSection({ treeId, person, canEdit, actions }: PersonEventsSectionProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const modalProps = usePersonModalProps();
  const { openNew, openExisting } = useEventModal();
  const query = useQuery(eventQueries.ofPerson(treeId, person.id));
  const [openModal, setOpenModal] = useState<'residences' | 'wizard' | null>(null);
  const groups = query.data ? groupPersonEvents(query.data.events, person.id) : null;
  const residenceCount = groups?.residences.length ?? 0;

  return (
    <Stack gap="md">
      <PersonEventList treeId={treeId} personId={person.id} onOpen={openExisting} testId="person-events" />
      <Group gap="xs">
        {canEdit ? (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconCalendarPlus aria-hidden size={16} />}
            onClick={() => openNew({ personId: person.id })}
            data-testid="person-add-event"
          >
            {t('personEvents.list.add')}
          </Button>
        ) : null}
        {canEdit ? (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconHomePlus aria-hidden size={16} />}
            onClick={() => setOpenModal('wizard')}
            data-testid="person-add-residence"
          >
            {t('personEvents.residences.add')}
          </Button>
        ) : null}
        <Button
          variant="default"
          size="sm"
          leftSection={<IconHome aria-hidden size={16} />}
          rightSection={
            groups ? (
              <Badge size="sm" variant="light" circle={residenceCount < 10} data-testid="person-residences-count">
                {residenceCount}
              </Badge>
            ) : null
          }
          onClick={() => setOpenModal('residences')}
          data-testid="person-residences-button"
        >
          {t('person.events.residences')}
        </Button>
        {actions}
      </Group>

      <Modal
        {...modalProps}
        opened={openModal === 'residences'}
        onClose={() => setOpenModal(null)}
        title={t('personEvents.residences.title', { name: personName(person) })}
        data-testid="person-residences-modal"
      >
        <Stack gap="md">
          {groups && groups.residences.length > 0 ? (
            <ul
              className={classes.list}
              aria-label={t('person.events.residences')}
              data-testid="person-residences-list"
            >
              {groups.residences.map((event) => (
                <PersonEventRow key={event.id} treeId={treeId} event={event} personId={person.id} onOpen={openExisting}>
                  <ContemporaryPeople treeId={treeId} eventId={event.id} personId={person.id} />
                  <ContemporaryNotes treeId={treeId} eventId={event.id} />
                </PersonEventRow>
              ))}
            </ul>
          ) : (
            <Text c="dimmed" size="sm" data-testid="person-residences-empty">
              {t('personEvents.residences.empty')}
            </Text>
          )}
          {canEdit ? (
            <Group>
              <Button
                variant="light"
                leftSection={<IconHomePlus aria-hidden size={16} />}
                onClick={() => setOpenModal('wizard')}
                data-testid="person-residences-add"
              >
                {t('personEvents.residences.add')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Modal>

      {canEdit ? (
        <WhenOpened isOpen={openModal === 'wizard'}>
          <ResidenceWizard
            treeId={treeId}
            person={person}
            opened={openModal === 'wizard'}
            onClose={() => setOpenModal(null)}
          />
        </WhenOpened>
      ) : null}
    </Stack>
  );
}
