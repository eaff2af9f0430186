import { formatAge, formatEventDate, type LifeEventSummary, type Person } from '@anor/core';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { ageLine } from '../person/age.ts';

type LifeKind = 'born' | 'died';

/** "Born 12 March 1850 in Sunne, Värmland", "Born about 1850", "Died in Arvika"; null when nothing is known. */
function useLifeText(): (kind: LifeKind, summary: LifeEventSummary | null) => string | null {
  const { t } = useTranslation();
  return (kind, summary) => {
    if (!summary) return null;
    const date = formatEventDate(summary, currentLanguage());
    const place = summary.place;
    if (date && place) return t(`personEvents.life.${kind}DateAndPlace`, { date, place });
    if (date) return t(`personEvents.life.${kind}Date`, { date });
    if (place) return t(`personEvents.life.${kind}Place`, { place });
    return null;
  };
}

/**
 * The person page's birth and death summary and age line (SPEC §2): when and where the person was
 * born and died, and the age reached when both have a start date ("about 62" or "62–67" when the
 * dates are not exact days), otherwise "unknown age".
 */
export function LifeSummary({
  person,
  size,
  testId = 'person',
}: {
  person: Pick<Person, 'birth' | 'death'>;
  size?: 'sm';
  /** The prefix of the test ids (`person-birth`, `person-death`, `person-age`). */
  testId?: string;
}) {
  const { t } = useTranslation();
  const lifeText = useLifeText();
  const born = lifeText('born', person.birth);
  const died = lifeText('died', person.death);
  const age = ageLine(person.birth, person.death);
  return (
    <Stack gap={2} data-testid={`${testId}-life`}>
      {born ? (
        <Text size={size} data-testid={`${testId}-birth`} data-event-id={person.birth?.eventId}>
          {born}
        </Text>
      ) : null}
      {died ? (
        <Text size={size} data-testid={`${testId}-death`} data-event-id={person.death?.eventId}>
          {died}
        </Text>
      ) : null}
      <Text size={size} c="dimmed" data-testid={`${testId}-age`}>
        {age === null
          ? t('person.age.unknown')
          : age.kind === 'exact'
            ? t('person.age.lived', { count: age.years })
            : t('person.age.livedApprox', { age: formatAge(age, currentLanguage()) })}
      </Text>
    </Stack>
  );
}
