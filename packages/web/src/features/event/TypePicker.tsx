import { type EventType, eventTypes } from '@anor/core';
import { Button, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TypePickerProps {
  /** Types that cannot be chosen (a second birth or death of the person): greyed out, with the reason. */
  restricted: ReadonlySet<EventType>;
  onChoose: (type: EventType) => void;
}

/** The first step of the event modal (SPEC §2): the types in their order, restricted ones greyed out. */
export function TypePicker({ restricted, onChoose }: TypePickerProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="event-type-picker">
      <Text size="sm" c="dimmed">
        {t('eventEditor.picker.hint')}
      </Text>
      {/* Three columns at most: the longest names ("Medborgarskap", "Bouppteckning") stay whole. */}
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
        {eventTypes.map((type) => {
          const restriction = restricted.has(type) && (type === 'birth' || type === 'death') ? type : null;
          const button = (
            <Button
              key={type}
              variant="light"
              fullWidth
              // Looks and acts disabled but stays focusable, so its tooltip can say why (Mantine's way).
              data-disabled={restriction ? true : undefined}
              aria-disabled={restriction ? true : undefined}
              onClick={(event) => {
                if (restriction) event.preventDefault();
                else onChoose(type);
              }}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
              h="auto"
              mih={44}
              py={6}
              data-testid="event-type-option"
              data-type={type}
              data-restricted={restriction ? true : undefined}
            >
              {t(`events.types.${type}.name`)}
            </Button>
          );
          if (!restriction) return button;
          return (
            <Tooltip key={type} label={t(`eventEditor.picker.restricted.${restriction}`)} multiline w={240}>
              {button}
            </Tooltip>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
