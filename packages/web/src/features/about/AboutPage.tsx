import { Button, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.title'));
  const principles = [
    t('about.principles.own'),
    t('about.principles.sources'),
    t('about.principles.privacy'),
    t('about.principles.gedcom'),
  ];

  return (
    <Container size="md" py="xl" data-testid="about-page">
      <Stack gap="lg">
        <div>
          <Title order={1} mb="sm">
            {t('about.title')}
          </Title>
          <Text fz="lg">{t('about.lead')}</Text>
        </div>
        <section aria-labelledby="about-name">
          <Title order={2} fz="h3" id="about-name" mb="xs">
            {t('about.nameTitle')}
          </Title>
          <Text>{t('about.nameText')}</Text>
        </section>
        <section aria-labelledby="about-who">
          <Title order={2} fz="h3" id="about-who" mb="xs">
            {t('about.whoTitle')}
          </Title>
          <Text>{t('about.whoText')}</Text>
        </section>
        <section aria-labelledby="about-principles">
          <Title order={2} fz="h3" id="about-principles" mb="xs">
            {t('about.principlesTitle')}
          </Title>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={20} radius="xl" variant="light">
                <IconCheck aria-hidden size={14} />
              </ThemeIcon>
            }
          >
            {principles.map((principle) => (
              <List.Item key={principle}>{principle}</List.Item>
            ))}
          </List>
        </section>
        <Group>
          <Button component={Link} to="/register">
            {t('landing.tryFree')}
          </Button>
          <Button component={Link} to="/contact" variant="default">
            {t('shell.contactUs')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
