import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Created and updated times of a saved event. */
export function Timestamps({
  createdAt,
  updatedAt,
  format,
}: {
  createdAt: string;
  updatedAt: string;
  format: (value: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" data-testid="event-created">
        {t('eventEditor.created', { date: format(createdAt) })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="event-updated">
        {t('eventEditor.updated', { date: format(updatedAt) })}
      </Text>
    </Stack>
  );
}
