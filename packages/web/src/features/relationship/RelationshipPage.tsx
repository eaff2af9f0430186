import { Alert, Anchor, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowsExchange, IconUserSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { ErrorView } from '../../lib/ErrorView.tsx';
import { Modal } from '../../lib/Modal.tsx';
import { usePersonModalProps } from '../person/layout.ts';
import { personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { personQueries } from '../person/queries.ts';
import { PersonSearchList } from '../person-search/PersonSearchList.tsx';
import { relationshipHref } from './paths.ts';
import { relationshipQueries } from './queries.ts';
import { RelationshipChart } from './RelationshipChart.tsx';

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The relationship calculator (issue 24): how the chosen person (`?to=`) is related to the page's
 * person, every path shortest first, each in words and as a small chart. Either person can be
 * changed with the person search, and the two swapped.
 */
export function RelationshipPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const personName = usePersonName();
  const modalProps = usePersonModalProps();
  const { treeId = '', personId = '' } = useParams();
  const [search] = useSearchParams();
  const otherId = search.get('to');
  const [picking, setPicking] = useState<'person' | 'other' | null>(null);
  const language = currentLanguage();
  const person = useQuery({ ...personQueries.detail(treeId, personId), enabled: personId !== '' });
  const other = useQuery({ ...personQueries.detail(treeId, otherId ?? ''), enabled: Boolean(otherId) });
  const answer = useQuery({
    ...relationshipQueries.between(treeId, personId, otherId ?? '', language),
    enabled: Boolean(otherId) && personId !== '',
  });
  const personLabel = person.data ? personName(person.data) : '…';
  const otherLabel = other.data ? personName(other.data) : '…';
  usePageTitle(t('relationship.title'));
  const persons = new Map((answer.data?.persons ?? []).map((each) => [each.id, each]));

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} data-testid="relationship-page">
      <Anchor component={Link} to={personHref(treeId, personId)} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft aria-hidden size={16} />
          {personLabel}
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} mt="sm" mb="md">
        {t('relationship.title')}
      </Title>
      <Group gap="sm" mb="lg" data-testid="relationship-pickers">
        <Button
          variant="default"
          leftSection={<IconUserSearch aria-hidden size={18} />}
          onClick={() => setPicking('person')}
          data-testid="relationship-pick-person"
        >
          {personLabel}
        </Button>
        <Button
          variant="subtle"
          disabled={!otherId}
          aria-label={t('relationship.swap')}
          onClick={() => otherId && void navigate(relationshipHref(treeId, otherId, personId))}
          data-testid="relationship-swap"
        >
          <IconArrowsExchange aria-hidden size={18} />
        </Button>
        <Button
          variant={otherId ? 'default' : 'filled'}
          leftSection={<IconUserSearch aria-hidden size={18} />}
          onClick={() => setPicking('other')}
          data-testid="relationship-pick-other"
        >
          {otherId ? otherLabel : t('relationship.chooseOther')}
        </Button>
      </Group>

      {!otherId ? (
        <Text c="dimmed">{t('relationship.intro')}</Text>
      ) : answer.isError ? (
        <ErrorView error={answer.error} onRetry={() => void answer.refetch()} />
      ) : answer.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('shell.loading')} />
        </Center>
      ) : answer.data.paths.length === 0 ? (
        <Alert color="gray" data-testid="relationship-none">
          {t('relationship.none', { person: personLabel, other: otherLabel })}
        </Alert>
      ) : (
        <Stack gap="md" data-testid="relationship-paths">
          <Text>{t('relationship.lead', { person: personLabel, other: otherLabel })}</Text>
          {answer.data.paths.map((path, index) => (
            <Card
              withBorder
              radius="lg"
              key={`${path.steps.join()}-${path.personIds.join()}`}
              data-testid="relationship-path"
            >
              <Group justify="space-between" align="baseline" mb="sm">
                <Title order={2} fz="h3" data-testid="relationship-words">
                  {capitalise(path.words)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('relationship.pathNumber', { number: index + 1, steps: path.steps.length })}
                </Text>
              </Group>
              <RelationshipChart treeId={treeId} path={path} persons={persons} />
            </Card>
          ))}
          {answer.data.truncated ? <Text c="dimmed">{t('relationship.truncated')}</Text> : null}
        </Stack>
      )}

      <Modal
        {...modalProps}
        opened={picking !== null}
        onClose={() => setPicking(null)}
        title={t('relationship.choose')}
      >
        <div data-testid="relationship-picker">
          <PersonSearchList
            treeId={treeId}
            excludeIds={[picking === 'person' ? (otherId ?? '') : personId].filter(Boolean)}
            selectLabel={t('relationship.choose')}
            onSelect={(chosen) => {
              const next =
                picking === 'person'
                  ? relationshipHref(treeId, chosen.id, otherId)
                  : relationshipHref(treeId, personId, chosen.id);
              setPicking(null);
              void navigate(next);
            }}
          />
        </div>
      </Modal>
    </Container>
  );
}
