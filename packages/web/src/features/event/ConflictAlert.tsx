import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A save refused because the event changed elsewhere: take the stored version, or save over it knowingly. */
export function ConflictAlert({ onReload, onOverwrite }: { onReload: () => void; onOverwrite: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      data-testid="event-conflict"
    >
      <Stack gap="xs">
        <Text size="sm">{t('events.error.conflict')}</Text>
        <Text size="sm">{t('eventEditor.conflict.kept')}</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="filled" onClick={onReload} data-testid="event-conflict-reload">
            {t('eventEditor.conflict.reload')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={onOverwrite} data-testid="event-conflict-overwrite">
            {t('eventEditor.conflict.overwrite')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
