import { formatEventDate, type Person, type PersonSummary, type Event as TreeEvent } from '@anor/core';
import { Badge, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { errorKey } from '../../i18n/messages.ts';
import { FormError } from '../../lib/FormError.tsx';
import { PersonLabelView } from '../../lib/person-label/PersonLabel.tsx';
import { usePersonLabel } from '../../lib/person-label/person-label.ts';
import { useCreateEvents } from '../event/index.ts';
import { personQueries } from '../person/queries.ts';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { residenceQueries } from './queries.ts';
import { ResidenceHeading } from './ResidenceHeading.tsx';
import {
  type ChosenResident,
  candidateFromFamily,
  candidateFromSearch,
  type ResidenceCandidate,
  sharedResidenceEvents,
  withChosen,
} from './wizard-model.ts';

interface SharePeopleStageProps {
  treeId: string;
  person: Person;
  /** The residence saved in stage 0 (its dates and place are shared). */
  residence: TreeEvent;
  roleOptions: { value: string; label: string }[];
  onCancel: () => void;
  onShared: () => void;
}

/**
 * Stage 2 of the residence wizard: the person's family with the dates clamped to each life (those
 * who cannot take part greyed out with the reason), and anyone else found by searching. The chosen
 * get their residences in one call, all or none.
 */
export function SharePeopleStage({
  treeId,
  person,
  residence,
  roleOptions,
  onCancel,
  onShared,
}: SharePeopleStageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locationId = residence.location?.id ?? null;
  const planned = {
    startDate: residence.startDate,
    startDateType: residence.startDateType,
    endDate: residence.endDate,
    endDateType: residence.endDateType,
    locationId,
  };
  const family = useQuery(residenceQueries.candidates(treeId, person.id, planned));
  const share = useCreateEvents(treeId);
  /** Chosen persons by id, each with their role. */
  const [chosen, setChosen] = useState<Map<string, ChosenResident>>(new Map());
  /** Persons added by searching, in the order added (the unavailable ones too, to say why). */
  const [found, setFound] = useState<ResidenceCandidate[]>([]);
  const [isSearching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<unknown>(null);
  const [isJudging, setJudging] = useState(false);

  const familyCandidates = (family.data?.persons ?? []).map(candidateFromFamily);
  const familyIds = new Set(familyCandidates.map((candidate) => candidate.person.id));

  const toggle = (candidate: ResidenceCandidate, isChecked: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous);
      if (isChecked)
        next.set(candidate.person.id, { candidate, role: previous.get(candidate.person.id)?.role ?? 'primary' });
      else next.delete(candidate.person.id);
      return next;
    });
  const changeRole = (personId: string, role: string) =>
    setChosen((previous) => {
      const current = previous.get(personId);
      if (!current) return previous;
      return new Map(previous).set(personId, { ...current, role });
    });

  /** A person picked in the search: judged against their life and residences, then chosen if they can be. */
  const addFound = async (picked: PersonSummary) => {
    setSearching(false);
    setSearchError(null);
    setJudging(true);
    try {
      const [detail, residences] = await Promise.all([
        queryClient.fetchQuery(personQueries.detail(treeId, picked.id)),
        queryClient.fetchQuery(residenceQueries.residencesOf(treeId, picked.id)),
      ]);
      const candidate = candidateFromSearch(picked, planned, detail, residences.events);
      setFound((previous) => [...previous.filter((c) => c.person.id !== picked.id), candidate]);
      if (candidate.available) toggle(candidate, true);
    } catch (error) {
      setSearchError(error);
    } finally {
      setJudging(false);
    }
  };

  const removeFound = (personId: string) => {
    setFound((previous) => previous.filter((candidate) => candidate.person.id !== personId));
    setChosen((previous) => {
      const next = new Map(previous);
      next.delete(personId);
      return next;
    });
  };

  const save = () => {
    if (!locationId) return;
    share.mutate(sharedResidenceEvents([...chosen.values()], locationId), { onSuccess: onShared });
  };

  const excludeIds = [person.id, ...familyIds, ...found.map((candidate) => candidate.person.id)];
  const count = chosen.size;

  return (
    <Stack gap="md" data-testid="residence-stage-people">
      <ResidenceHeading event={residence} />

      <Stack gap="xs" data-testid="residence-family">
        <Title order={3} fz="sm" fw={700}>
          {t('personEvents.wizard.people.family')}
        </Title>
        {family.isPending ? (
          <Text size="sm" c="dimmed">
            {t('shell.loading')}
          </Text>
        ) : family.isError ? (
          <FormError message={t(errorKey(family.error))} />
        ) : familyCandidates.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="residence-family-empty">
            {t('personEvents.wizard.people.noFamily')}
          </Text>
        ) : (
          familyCandidates.map((candidate) => (
            <CandidateRow
              key={candidate.person.id}
              candidate={candidate}
              chosen={chosen.get(candidate.person.id)}
              roleOptions={roleOptions}
              onToggle={toggle}
              onRoleChange={changeRole}
            />
          ))
        )}
      </Stack>

      <Stack gap="xs" data-testid="residence-others">
        <Title order={3} fz="sm" fw={700}>
          {t('personEvents.wizard.people.others')}
        </Title>
        {found.map((candidate) => (
          <CandidateRow
            key={candidate.person.id}
            candidate={withChosen(candidate, familyIds)}
            chosen={chosen.get(candidate.person.id)}
            roleOptions={roleOptions}
            onToggle={toggle}
            onRoleChange={changeRole}
            onRemove={() => removeFound(candidate.person.id)}
          />
        ))}
        {isSearching ? (
          <Paper withBorder radius="md" p="sm">
            <PersonSearchList
              treeId={treeId}
              onSelect={(picked) => void addFound(picked)}
              excludeIds={excludeIds}
              selectLabel={t('personEvents.wizard.people.add')}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="subtle" size="xs" onClick={() => setSearching(false)}>
                {t('personEvents.wizard.people.closeSearch')}
              </Button>
            </Group>
          </Paper>
        ) : (
          <Group>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconSearch aria-hidden size={16} />}
              onClick={() => setSearching(true)}
              loading={isJudging}
              data-testid="residence-search"
            >
              {t('personEvents.wizard.people.search')}
            </Button>
          </Group>
        )}
        <FormError message={searchError ? t(errorKey(searchError)) : undefined} />
      </Stack>

      <FormError message={share.error ? t(errorKey(share.error)) : undefined} testId="residence-error" />
      <Group justify="space-between">
        <Button variant="default" onClick={onCancel} data-testid="residence-skip">
          {t('personEvents.wizard.people.skip')}
        </Button>
        <Button
          onClick={save}
          disabled={count === 0 || !locationId}
          loading={share.isPending}
          data-testid="residence-share"
        >
          {t('personEvents.wizard.people.save', { count })}
        </Button>
      </Group>
    </Stack>
  );
}

interface CandidateRowProps {
  candidate: ResidenceCandidate;
  chosen: ChosenResident | undefined;
  roleOptions: { value: string; label: string }[];
  onToggle: (candidate: ResidenceCandidate, isChecked: boolean) => void;
  onRoleChange: (personId: string, role: string) => void;
  onRemove?: () => void;
}

/** One person who may share the residence: checkbox, relation, their dates, the role when chosen, or why not. */
function CandidateRow({ candidate, chosen, roleOptions, onToggle, onRoleChange, onRemove }: CandidateRowProps) {
  const { t } = useTranslation();
  // The name with life years and birthplace (issue 19 item 12): namesakes in the family told apart.
  const label = usePersonLabel()(candidate.person);
  const { name } = label;
  const dates = formatEventDate(candidate.dates, currentLanguage());
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid="residence-candidate"
      data-person-id={candidate.person.id}
      data-available={candidate.available}
      data-reason={candidate.reason ?? undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          checked={chosen !== undefined}
          disabled={!candidate.available}
          onChange={(event) => onToggle(candidate, event.currentTarget.checked)}
          label={
            <Group gap={6} wrap="wrap">
              <Text
                size="sm"
                fw={600}
                c={candidate.available ? undefined : 'dimmed'}
                miw={0}
                style={{ display: 'flex' }}
                component="span"
              >
                <PersonLabelView parts={label} withPlace testId="residence-candidate-label" />
              </Text>
              {candidate.relation ? (
                <Badge size="sm" variant="light" color="gray">
                  {t(`personEvents.wizard.relation.${candidate.relation}`)}
                </Badge>
              ) : null}
            </Group>
          }
          description={
            candidate.reason ? (
              <Text span size="xs" c="red.8" data-testid="residence-candidate-reason">
                {t(`personEvents.wizard.reason.${candidate.reason}`)}
              </Text>
            ) : (
              <Text span size="xs" data-testid="residence-candidate-dates">
                {dates}
              </Text>
            )
          }
          aria-label={label.full}
          data-testid="residence-candidate-check"
        />
        <Group gap="xs" wrap="nowrap">
          {chosen ? (
            <NativeSelect
              size="xs"
              aria-label={t('personEvents.wizard.people.roleOf', { name })}
              data={roleOptions}
              value={chosen.role}
              onChange={(event) => onRoleChange(candidate.person.id, event.currentTarget.value)}
              data-testid="residence-candidate-role"
            />
          ) : null}
          {onRemove ? (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              px={6}
              onClick={onRemove}
              aria-label={t('personEvents.wizard.people.removeNamed', { name })}
            >
              <IconX aria-hidden size={14} />
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
