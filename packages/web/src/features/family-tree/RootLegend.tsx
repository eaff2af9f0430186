import { rootRelations } from '@anor/core';
import { ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rootColors } from '../person/root-colors.ts';

/** What the colour marks on the boxes mean (SPEC §4). */
export function RootLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" component="ul" aria-label={t('familyTree.legend.title')} data-testid="root-legend" m={0} p={0}>
      {rootRelations.map((relation) => (
        <Group key={relation} component="li" gap={6} wrap="nowrap" style={{ listStyle: 'none' }}>
          <ColorSwatch
            aria-hidden
            size={12}
            radius="xs"
            withShadow={false}
            color={`var(--mantine-color-${rootColors[relation]}-6)`}
          />
          <Text size="sm" c="dimmed">
            {t(`familyTree.legend.${relation}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
