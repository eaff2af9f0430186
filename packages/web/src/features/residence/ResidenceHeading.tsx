import { formatEventDate, type Event as TreeEvent } from '@anor/core';
import { Group, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';

/** The saved residence in one line: when and where. */
export function ResidenceHeading({ event }: { event: TreeEvent }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" data-testid="residence-summary">
      <IconCheck aria-hidden size={18} color="var(--mantine-color-forest-7)" style={{ flex: 'none' }} />
      <Text fw={600}>
        {t('personEvents.wizard.summary', {
          date: formatEventDate(event, currentLanguage()),
          place: event.location?.text ?? '',
        })}
      </Text>
    </Group>
  );
}
