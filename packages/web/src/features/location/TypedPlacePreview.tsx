import type { TypedPlaceAnswer } from '@anor/core';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Suggestion = TypedPlaceAnswer['existing'][number];

interface TypedPlacePreviewProps {
  answer: TypedPlaceAnswer;
  /** An existing place named by the whole text was chosen. */
  onChoose: (place: Suggestion) => void;
  /** Of several places the new levels could go within, this one was chosen. */
  onWithin: (place: Suggestion) => void;
  testId: string;
}

function PlaceButton({ place, onClick, testId }: { place: Suggestion; onClick: () => void; testId: string }) {
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<IconMapPin aria-hidden size={14} />}
      onClick={onClick}
      // The input keeps its focus: choosing does not blur it first.
      onMouseDown={(event) => event.preventDefault()}
      styles={{ root: { height: 'auto', minHeight: 26 }, label: { whiteSpace: 'normal', textAlign: 'left' } }}
      data-testid={testId}
      data-location-id={place.id}
    >
      {place.text}
    </Button>
  );
}

/**
 * Under a place picker holding typed text: what the text names before anything is created
 * (issue 19, item 8). The existing place (or, where several fit, each of them to choose from), or
 * the new places that would be created and the place they would go within.
 */
export function TypedPlacePreview({ answer, onChoose, onWithin, testId }: TypedPlacePreviewProps) {
  const { t } = useTranslation();
  // No chosen place among several that fit (with none at all, the new places go at the top).
  const isAmbiguous = answer.chosenId === null && (answer.existing.length > 0 || answer.within.length > 0);
  if (answer.existing.length > 0) {
    return (
      <Stack gap={4} data-testid={testId} data-kind="exists" role="status" aria-label={t('places.picker.preview')}>
        <Text size="xs" c="dimmed">
          {isAmbiguous ? t('places.picker.existsMany') : t('places.picker.exists')}
        </Text>
        <Group gap={6}>
          {answer.existing.map((place) => (
            <PlaceButton key={place.id} place={place} onClick={() => onChoose(place)} testId={`${testId}-existing`} />
          ))}
        </Group>
      </Stack>
    );
  }
  const chosen = answer.within.find((place) => place.id === answer.chosenId) ?? null;
  return (
    <Stack gap={4} data-testid={testId} data-kind="create" role="status" aria-label={t('places.picker.preview')}>
      <Group gap={6} wrap="wrap">
        <IconPlus aria-hidden size={14} />
        <Text size="xs" c="dimmed">
          {t('places.picker.willCreate')}
        </Text>
        <Text size="sm" fw={600} data-testid={`${testId}-create`}>
          {[...answer.create].reverse().join(', ')}
        </Text>
        <Text size="sm" c="dimmed" data-testid={`${testId}-where`}>
          {chosen ? t('places.picker.within', { place: chosen.text }) : isAmbiguous ? null : t('places.picker.atTop')}
        </Text>
      </Group>
      {isAmbiguous ? (
        <>
          <Text size="xs" c="dimmed">
            {t('places.picker.chooseWithin')}
          </Text>
          <Group gap={6}>
            {answer.within.map((place) => (
              <PlaceButton key={place.id} place={place} onClick={() => onWithin(place)} testId={`${testId}-within`} />
            ))}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
