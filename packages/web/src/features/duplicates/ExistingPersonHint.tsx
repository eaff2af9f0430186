import type { DuplicateSuggestion, Gender } from '@anor/core';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { useTreeRoute } from '../visitor/use-tree-route.ts';
import { duplicateQueries } from './queries.ts';

/** How long typing must pause before the tree is asked. */
const TYPING_PAUSE_MS = 400;

export interface ExistingPersonHintProps {
  /** The names and gender typed so far in the person dialog. */
  values: { fName: string; lName: string; gender?: Gender };
}

/**
 * While a person is added (the person dialog's form), the persons of the tree the new one may
 * already be, by the duplicate finder's Nordic-aware matching: "There is already a Johan Andersson
 * born 1850 in Stenbrohult", each a link to that person. Nothing is shown until a first and a last
 * name are typed, or when nobody matches; it never blocks saving.
 */
export function ExistingPersonHint({ values }: ExistingPersonHintProps) {
  const { t } = useTranslation();
  const { treeId, token } = useTreeRoute();
  // A string, so that the pause is measured from the last change of what was typed.
  const [typed] = useDebouncedValue(
    [values.fName.trim(), values.lName.trim(), values.gender ?? ''].join('\n'),
    TYPING_PAUSE_MS,
  );
  const [fName = '', lName = '', gender = ''] = typed.split('\n');
  const query = { fName, lName, ...(gender ? { gender: gender as Gender } : {}) };
  const suggestions = useQuery({
    ...duplicateQueries.suggest(treeId ?? '', query),
    // The owner's only: a visitor's address (with a share token) never asks.
    enabled: Boolean(treeId) && token === null && fName !== '' && lName !== '',
  });
  const found = suggestions.data?.suggestions ?? [];
  if (!treeId || found.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconUsers aria-hidden size={18} />}
      title={t('duplicate.suggest.title')}
      data-testid="existing-person-hint"
    >
      <Stack gap={4}>
        {found.map((suggestion) => (
          <Suggestion key={suggestion.person.id} treeId={treeId} suggestion={suggestion} />
        ))}
      </Stack>
    </Alert>
  );
}

function Suggestion({ treeId, suggestion }: { treeId: string; suggestion: DuplicateSuggestion }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const { person } = suggestion;
  const name = nameOf(person);
  const text =
    person.birthYear === null
      ? t('duplicate.suggest.already', { name })
      : person.birthPlace
        ? t('duplicate.suggest.alreadyBornIn', { name, year: person.birthYear, place: person.birthPlace })
        : t('duplicate.suggest.alreadyBorn', { name, year: person.birthYear });
  return (
    <Text size="sm" data-testid="existing-person">
      {text}{' '}
      <Anchor component={Link} to={personHref(treeId, person.id)} size="sm" target="_blank">
        {t('duplicate.suggest.open')}
      </Anchor>
    </Text>
  );
}
