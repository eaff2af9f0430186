import { type EventType, hasParticipantDates, normaliseRole, type PersonSummary, textLimits } from '@anor/core';
import { Autocomplete, Button, type ComboboxParsedItem, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconUserPlus, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeKey } from '../../i18n/messages.ts';
import { emptyEventDateValue, eventDateValueErrors } from '../../lib/date-input/date-input-model.ts';
import { EventDateInput } from '../../lib/date-input/EventDateInput.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { type ParticipantDraft, participantRoleError, roleOptions } from './editor-state.ts';
import { NewPersonFields } from './NewPersonFields.tsx';
import { namesOfTyped, newParticipantKey, newPersonErrors } from './new-participant.ts';
import { ParticipantName } from './ParticipantName.tsx';
import { useRoleLabel } from './roles.ts';

/** What the dialog is opened for: a new participant (with a suggested role), or one already in the event. */
export type ParticipantDialogTarget =
  | { kind: 'new'; role: string }
  | { kind: 'existing'; participant: ParticipantDraft };

interface ParticipantDialogProps {
  treeId: string;
  type: EventType;
  /** The event's participants as the editor has them (for the free main-person places and the search). */
  participants: readonly ParticipantDraft[];
  /** The dialog is closed while it is null. */
  target: ParticipantDialogTarget | null;
  onClose: () => void;
  /** The participant as edited; the editor puts it into its list (nothing is saved until the event is). */
  onDone: (participant: ParticipantDraft) => void;
}

/**
 * The participant edit dialog of SPEC §2: the person (chosen by search for a new participant),
 * the role (free text, with the type's roles as suggestions), a description, and for
 * occupation-like types the person's own period.
 */
export function ParticipantDialog(props: ParticipantDialogProps) {
  const { t } = useTranslation();
  const modalProps = usePersonModalProps('lg');
  const { target, onClose } = props;
  return (
    <Modal
      {...modalProps}
      opened={target !== null}
      onClose={onClose}
      zIndex={250}
      title={
        <Text fw={600} fz="lg" component="span">
          {target?.kind === 'existing' ? t('eventEditor.participant.editTitle') : t('eventEditor.participant.newTitle')}
        </Text>
      }
      data-testid="participant-dialog"
    >
      {target ? (
        <ParticipantForm
          {...props}
          key={target.kind === 'existing' ? target.participant.personId : 'new'}
          target={target}
        />
      ) : null}
    </Modal>
  );
}

function ParticipantForm({
  treeId,
  type,
  participants,
  target,
  onClose,
  onDone,
}: ParticipantDialogProps & { target: ParticipantDialogTarget }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const existing = target.kind === 'existing' ? target.participant : null;
  const [person, setPerson] = useState<Pick<ParticipantDraft, 'personId' | 'person' | 'newPerson'> | null>(
    existing ? { personId: existing.personId, person: existing.person, newPerson: existing.newPerson } : null,
  );
  const [role, setRole] = useState(() => roleLabel(existing?.role ?? (target.kind === 'new' ? target.role : '')));
  const [description, setDescription] = useState(existing?.description ?? '');
  const [date, setDate] = useState(existing?.date ?? emptyEventDateValue);
  const [errors, setErrors] = useState<Partial<Record<'role' | 'startDate' | 'endDate' | 'fName' | 'lName', string>>>(
    {},
  );
  const withDates = hasParticipantDates(type);

  const options = roleOptions(type, participants, existing?.personId ?? null).map(roleLabel);
  const inEvent = participants.map((participant) => participant.personId).filter((id) => id !== existing?.personId);

  if (!person) {
    return (
      <Stack gap="sm" data-testid="participant-search">
        <Group gap="xs">
          <IconUserSearch aria-hidden size={18} />
          <Text fw={500}>{t('eventEditor.participant.choosePerson')}</Text>
        </Group>
        <PersonSearchList
          treeId={treeId}
          excludeIds={inEvent}
          selectLabel={t('eventEditor.participant.choose')}
          onSelect={(chosen: PersonSummary) => setPerson({ personId: chosen.id, person: chosen })}
          toolbar={(query) => (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconUserPlus aria-hidden size={16} />}
              onClick={() =>
                setPerson({
                  personId: newParticipantKey(),
                  person: null,
                  newPerson: { ...namesOfTyped(query), gender: 'unknown' },
                })
              }
              style={{ alignSelf: 'flex-start' }}
              data-testid="participant-new-person"
            >
              {query.trim()
                ? t('eventEditor.participant.newPerson', { name: query.trim() })
                : t('eventEditor.participant.newPersonEmpty')}
            </Button>
          )}
        />
      </Stack>
    );
  }

  const submit = () => {
    const next: typeof errors = {};
    const roleError = participantRoleError(type, participants, person.personId, role);
    if (roleError) next.role = roleError;
    if (person.newPerson) Object.assign(next, newPersonErrors(person.newPerson));
    if (withDates) Object.assign(next, eventDateValueErrors(date));
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const { newPerson } = person;
    onDone({
      personId: person.personId,
      person: newPerson ? { fName: newPerson.fName.trim(), pName: null, lName: newPerson.lName.trim() } : person.person,
      ...(newPerson ? { newPerson } : {}),
      role: normaliseRole(role, type),
      description,
      date: withDates ? date : emptyEventDateValue,
    });
  };

  /** All suggestions while the text is one of them (so a chosen role does not hide the others). */
  const filter = ({ options: all, search }: { options: ComboboxParsedItem[]; search: string }) => {
    const folded = search.trim().toLocaleLowerCase();
    const items = all.filter((item): item is { value: string; label: string } => 'value' in item);
    if (folded === '' || items.some((item) => item.label.toLocaleLowerCase() === folded)) return all;
    return items.filter((item) => item.label.toLocaleLowerCase().includes(folded));
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        submit();
      }}
      data-testid="participant-form"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
            {t('eventEditor.participant.person')}
          </Text>
          <Group gap="sm" justify="space-between">
            {person.newPerson ? (
              <Text fw={600} data-testid="participant-person-name">
                {t('eventEditor.participant.newPersonEmpty')}
              </Text>
            ) : (
              <Text fw={600} miw={0} style={{ display: 'flex' }} data-testid="participant-person-name">
                <ParticipantName treeId={treeId} personId={person.personId} person={person.person} withPlace />
              </Text>
            )}
            {existing ? null : (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setPerson(null)}
                data-testid="participant-other"
              >
                {t('eventEditor.participant.otherPerson')}
              </Button>
            )}
          </Group>
          {person.newPerson ? (
            <NewPersonFields
              value={person.newPerson}
              onChange={(newPerson) => {
                setPerson({ ...person, newPerson });
                setErrors(({ fName: _f, lName: _l, ...rest }) => rest);
              }}
              errors={errors}
            />
          ) : null}
        </Stack>
        <Autocomplete
          label={t('eventEditor.participant.role')}
          description={t('eventEditor.participant.roleHint')}
          data={options}
          value={role}
          onChange={(value) => {
            setRole(value);
            setErrors(({ role: _role, ...rest }) => rest);
          }}
          filter={filter}
          maxLength={textLimits.role}
          required
          data-autofocus
          error={errors.role ? t(codeKey(errors.role)) : undefined}
          comboboxProps={{ zIndex: 350 }}
          data-testid="participant-role"
        />
        {withDates ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('eventEditor.participant.dates')}
            </Text>
            <EventDateInput value={date} onChange={setDate} allowRange errors={errors} testId="participant-dates" />
          </Stack>
        ) : null}
        <Textarea
          label={t('eventEditor.participant.description')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={textLimits.participantDescription}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          data-testid="participant-description"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-testid="participant-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" data-testid="participant-done">
            {t('eventEditor.participant.done')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
