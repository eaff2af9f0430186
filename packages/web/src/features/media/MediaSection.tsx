import { Group, Paper, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MediaGallery, type MediaGalleryProps } from './MediaGallery.tsx';

/** The gallery as a card of its own ("Photos and documents"), for the event and place pages. */
export function MediaSection(props: MediaGalleryProps & { testId?: string }) {
  const { t } = useTranslation();
  const { testId = `${props.node.kind}-media`, ...gallery } = props;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" data-testid={testId}>
      <Group gap="xs" wrap="nowrap" mb="md">
        <IconPhoto aria-hidden size={22} color="var(--mantine-color-forest-7)" />
        <Title order={2} fz="h4">
          {t('media.gallery.title')}
        </Title>
      </Group>
      <MediaGallery {...gallery} />
    </Paper>
  );
}
