import {
  type CitationSummary,
  formatEventDate,
  isKnownRole,
  type Person,
  type PersonSummary,
  type Event as TreeEvent,
} from '@anor/core';
import { Button, Group, NativeSelect, Stack, Stepper, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconUsersPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { codeKey, errorKey } from '../../i18n/messages.ts';
import { emptyEventDateValue } from '../../lib/date-input/date-input-model.ts';
import { EventDateInput } from '../../lib/date-input/EventDateInput.tsx';
import { FormError } from '../../lib/FormError.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { useCreateEvent, useUpdateEvent } from '../event/index.ts';
import { emptyChoice, LocationPicker } from '../location/LocationPicker.tsx';
import { ConcurrentNotes, NoteList } from '../note/index.ts';
import { usePersonModalProps, useShowsLabels } from '../person/layout.ts';
import { usePersonName } from '../person/person-name.ts';
import { SourcePanel } from '../source/SourcePanel.tsx';
import { residenceQueries } from './queries.ts';
import { ResidenceHeading } from './ResidenceHeading.tsx';
import { SharePeopleStage } from './SharePeopleStage.tsx';
import {
  detailsChanged,
  hasErrors,
  type ResidenceWhenWhere,
  residenceInput,
  residenceRoles,
  residenceUpdate,
  stageZeroErrors,
} from './wizard-model.ts';

type Stage = 'whenWhere' | 'details' | 'choices' | 'people';

const stageIndex: Record<Stage, number> = { whenWhere: 0, details: 1, choices: 1, people: 2 };
const stageLabels = [
  'personEvents.wizard.stages.whenWhere',
  'personEvents.wizard.stages.details',
  'personEvents.wizard.stages.people',
] as const;

interface ResidenceWizardProps {
  treeId: string;
  /** The person the residence is for. */
  person: Person;
  opened: boolean;
  onClose: () => void;
}

/**
 * The residence wizard of SPEC §2 and §4: stage 0 date and place (saving creates the residence),
 * stage 1 details and contemporary residences, then the "additional choices" dialog, and stage 2
 * sharing the residence with family or anyone found by searching. Each opening starts afresh.
 */
export function ResidenceWizard({ treeId, person, opened, onClose }: ResidenceWizardProps) {
  return opened ? <ResidenceWizardFlow treeId={treeId} person={person} onClose={onClose} /> : null;
}

/** A role as its name in the language (the residence roles and "main person"). */
function useRoleOptions() {
  const { t } = useTranslation();
  return residenceRoles.map((role) => ({ value: role, label: isKnownRole(role) ? t(`events.roles.${role}`) : role }));
}

function ResidenceWizardFlow({ treeId, person, onClose }: Omit<ResidenceWizardProps, 'opened'>) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const modalProps = usePersonModalProps('lg');
  const showsLabels = useShowsLabels();
  const roleOptions = useRoleOptions();
  const [stage, setStage] = useState<Stage>('whenWhere');
  const [whenWhere, setWhenWhere] = useState<ResidenceWhenWhere>({ date: emptyEventDateValue, place: emptyChoice });
  const [role, setRole] = useState('primary');
  const [showsErrors, setShowsErrors] = useState(false);
  const [saved, setSaved] = useState<TreeEvent | null>(null);
  const [description, setDescription] = useState('');
  const [sources, setSources] = useState<CitationSummary[]>([]);
  const [isSourceModalOpen, setSourceModalOpen] = useState(false);
  const [isNoteModalOpen, setNoteModalOpen] = useState(false);
  const create = useCreateEvent(treeId);
  const update = useUpdateEvent(treeId);
  const name = personName(person);

  const errors = showsErrors ? stageZeroErrors(whenWhere) : {};
  const errorText = (code: string | undefined) => (code ? t(codeKey(code)) : undefined);
  const mutationError = create.error ?? update.error;

  const keep = (event: TreeEvent) => {
    setSaved(event);
    if (event.location) {
      const { id, name: placeName, text } = event.location;
      setWhenWhere((previous) => ({ ...previous, place: { kind: 'place', id, name: placeName, text } }));
    }
  };

  const saveWhenWhere = () => {
    setShowsErrors(true);
    if (hasErrors(stageZeroErrors(whenWhere))) return;
    const input = residenceInput(whenWhere, person.id, role, saved?.description ?? null);
    const next = (event: TreeEvent) => {
      keep(event);
      setDescription(event.description ?? '');
      setSources(event.sources);
      setStage('details');
    };
    if (saved) update.mutate({ oldEvent: saved, newEvent: input }, { onSuccess: ({ event }) => next(event) });
    else create.mutate(input, { onSuccess: ({ event }) => next(event) });
  };

  const saveDetails = () => {
    if (!saved) return;
    const sourceIds = sources.map((source) => source.id);
    if (!detailsChanged(saved, description, sourceIds)) {
      setStage('choices');
      return;
    }
    update.mutate(
      { oldEvent: saved, newEvent: residenceUpdate(saved, description, sourceIds) },
      {
        onSuccess: ({ event }) => {
          keep(event);
          setStage('choices');
        },
      },
    );
  };

  const finish = () => {
    notifications.show({ color: 'forest', message: t('personEvents.wizard.saved') });
    onClose();
  };

  const isBusy = create.isPending || update.isPending;

  return (
    <>
      <Modal
        {...modalProps}
        opened={stage !== 'choices'}
        onClose={onClose}
        title={t('personEvents.wizard.title', { name })}
        closeOnClickOutside={false}
        // Escape in the note modal belongs to the note modal.
        closeOnEscape={!isNoteModalOpen && !isSourceModalOpen}
        data-testid="residence-wizard"
        data-stage={stage}
      >
        <Stack gap="lg">
          <Stepper active={stageIndex[stage]} size="xs" allowNextStepsSelect={false}>
            {stageLabels.map((label, index) => (
              // SPEC §9: below 640 px only the current stage keeps its label, so the stages fit one row.
              <Stepper.Step key={label} label={showsLabels || index === stageIndex[stage] ? t(label) : undefined} />
            ))}
          </Stepper>

          {stage === 'whenWhere' ? (
            <Stack gap="md" data-testid="residence-stage-when-where">
              <EventDateInput
                value={whenWhere.date}
                onChange={(date) => setWhenWhere((previous) => ({ ...previous, date }))}
                allowRange
                errors={{ startDate: errors.startDate, endDate: errors.endDate }}
                testId="residence-date"
              />
              <LocationPicker
                treeId={treeId}
                value={whenWhere.place}
                onChange={(place) => setWhenWhere((previous) => ({ ...previous, place }))}
                label={t('personEvents.wizard.place')}
                description={t('personEvents.wizard.placeHint')}
                error={errorText(errors.location)}
                testId="residence-place"
              />
              <NativeSelect
                label={t('personEvents.wizard.role', { name })}
                data={roleOptions}
                value={role}
                onChange={(event) => setRole(event.currentTarget.value)}
                w={{ base: '100%', xs: 260 }}
                data-testid="residence-role"
              />
              <FormError message={mutationError ? t(errorKey(mutationError)) : undefined} testId="residence-error" />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  {t('personEvents.wizard.cancel')}
                </Button>
                <Button
                  onClick={saveWhenWhere}
                  loading={isBusy}
                  rightSection={<IconArrowRight aria-hidden size={16} />}
                  data-testid="residence-next"
                >
                  {t('personEvents.wizard.next')}
                </Button>
              </Group>
            </Stack>
          ) : null}

          {stage === 'details' && saved ? (
            <Stack gap="md" data-testid="residence-stage-details">
              <ResidenceHeading event={saved} />
              <Textarea
                label={t('personEvents.wizard.description')}
                placeholder={t('personEvents.wizard.descriptionPlaceholder')}
                value={description}
                onChange={(event) => setDescription(event.currentTarget.value)}
                autosize
                minRows={2}
                maxRows={8}
                data-testid="residence-description"
              />
              <SourcePanel
                treeId={treeId}
                sources={sources}
                onChange={setSources}
                canEdit
                nodeId={saved.id}
                nodeName={t('events.types.residence.name')}
                suggestFor={{
                  type: 'residence',
                  personIds: [person.id],
                  startDate: saved.startDate,
                  startDateType: saved.startDateType,
                  endDate: saved.endDate,
                  endDateType: saved.endDateType,
                  locationId: saved.location?.id ?? null,
                  exceptEventId: saved.id,
                }}
                contemporaryOf={{ eventId: saved.id }}
                onModalChange={setSourceModalOpen}
                testId="residence-sources"
              />
              <NoteList
                treeId={treeId}
                nodeId={saved.id}
                canEdit
                onModalChange={setNoteModalOpen}
                data-testid="residence-notes"
              />
              <ContemporaryResidences treeId={treeId} event={saved} />
              <FormError message={update.error ? t(errorKey(update.error)) : undefined} testId="residence-error" />
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft aria-hidden size={16} />}
                  onClick={() => setStage('whenWhere')}
                  data-testid="residence-back"
                >
                  {t('personEvents.wizard.back')}
                </Button>
                <Button
                  onClick={saveDetails}
                  loading={isBusy}
                  rightSection={<IconArrowRight aria-hidden size={16} />}
                  data-testid="residence-next"
                >
                  {t('personEvents.wizard.next')}
                </Button>
              </Group>
            </Stack>
          ) : null}

          {stage === 'people' && saved ? (
            <SharePeopleStage
              treeId={treeId}
              person={person}
              residence={saved}
              roleOptions={roleOptions}
              onCancel={onClose}
              onShared={finish}
            />
          ) : null}
        </Stack>
      </Modal>

      <Modal
        opened={stage === 'choices'}
        onClose={onClose}
        title={t('personEvents.wizard.choices.title')}
        centered
        transitionProps={{ transition: 'fade', duration: 200 }}
        data-testid="residence-choices"
      >
        <Stack gap="lg">
          <Text>{t('personEvents.wizard.choices.text', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={finish} data-testid="residence-choices-done">
              {t('personEvents.wizard.choices.done')}
            </Button>
            <Button
              leftSection={<IconUsersPlus aria-hidden size={16} />}
              onClick={() => setStage('people')}
              data-testid="residence-choices-share"
            >
              {t('personEvents.wizard.choices.share')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Residences at the place (or below it) whose dates overlap this one's (SPEC §5). */
function ContemporaryResidences({ treeId, event }: { treeId: string; event: TreeEvent }) {
  const { t } = useTranslation();
  const label = usePersonLabel();
  const query = useQuery(residenceQueries.contemporary(treeId, event.id));
  // Each resident with the life years (issue 19 item 12); the hover text names them in full.
  const names = (people: readonly PersonSummary[]) =>
    people.map((p, index) => {
      const parts = label(p);
      return (
        <span key={p.id} title={parts.full} data-testid="residence-contemporary-person">
          {index > 0 ? ', ' : null}
          {parts.name}
          {parts.years ? (
            <>
              <Text span size="xs" fw={400} c="dimmed" aria-hidden>
                {` ${parts.years}`}
              </Text>
              <VisuallyHidden component="span">{`, ${parts.yearsLong}`}</VisuallyHidden>
            </>
          ) : null}
        </span>
      );
    });
  return (
    <Stack gap={6} data-testid="residence-contemporary">
      <Title order={3} fz="sm" fw={700}>
        {t('personEvents.wizard.contemporary')}
      </Title>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          {t('shell.loading')}
        </Text>
      ) : query.isError ? (
        <FormError message={t(errorKey(query.error))} />
      ) : query.data.events.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="residence-contemporary-empty">
          {t('personEvents.wizard.noContemporary')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {query.data.events.map((other) => (
            <Text component="li" size="sm" key={other.id} data-testid="residence-contemporary-item">
              <Text span fw={600}>
                {names(other.participants)}
              </Text>
              {` · ${formatEventDate(other, currentLanguage())}`}
              {other.location ? ` · ${other.location.text}` : ''}
            </Text>
          ))}
        </Stack>
      )}
      {query.data && query.data.events.length > 0 ? (
        <ConcurrentNotes treeId={treeId} eventIds={query.data.events.map((other) => other.id)} />
      ) : null}
    </Stack>
  );
}
