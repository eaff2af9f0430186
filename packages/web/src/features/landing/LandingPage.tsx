import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBooks,
  IconCalendarEvent,
  IconFileImport,
  IconLanguage,
  IconMapPin,
  type IconProps,
  IconShare,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useFormat } from '../../i18n/format.ts';
import type { TranslationKey } from '../../i18n/messages.ts';
import { planPrices } from '../pricing/plans.ts';
import { useSession } from '../session/queries.ts';
import { FamilyTreeIllustration } from './FamilyTreeIllustration.tsx';
import { useDemoPath } from './queries.ts';

interface Feature {
  icon: ComponentType<IconProps>;
  title: TranslationKey;
  text: TranslationKey;
}

const features: Feature[] = [
  { icon: IconUsers, title: 'landing.features.persons.title', text: 'landing.features.persons.text' },
  { icon: IconCalendarEvent, title: 'landing.features.events.title', text: 'landing.features.events.text' },
  { icon: IconMapPin, title: 'landing.features.places.title', text: 'landing.features.places.text' },
  { icon: IconBooks, title: 'landing.features.sources.title', text: 'landing.features.sources.text' },
  { icon: IconFileImport, title: 'landing.features.gedcom.title', text: 'landing.features.gedcom.text' },
  { icon: IconShare, title: 'landing.features.sharing.title', text: 'landing.features.sharing.text' },
];

function useGetStartedHref(): string {
  const { status } = useSession();
  return status === 'authenticated' ? '/trees' : '/register';
}

function Hero() {
  const { t } = useTranslation();
  // "See example" opens the shared demonstration tree; without one (DEMO_TREE=0) there is no button.
  const demoPath = useDemoPath();
  return (
    <Box
      component="section"
      aria-labelledby="landing-title"
      py={{ base: 40, md: 80 }}
      style={{
        background:
          'radial-gradient(circle at 85% 20%, var(--mantine-color-forest-1) 0, transparent 45%), linear-gradient(180deg, var(--mantine-color-forest-0) 0%, #fff 100%)',
      }}
    >
      <Container size="lg">
        <Grid gap={{ base: 32, md: 48 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" w="fit-content" leftSection={<IconLanguage size={14} />}>
                {t('landing.eyebrow')}
              </Badge>
              <Title id="landing-title" order={1} fz={{ base: 36, sm: 48, md: 54 }} lh={1.1}>
                {t('landing.title')}
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dark.5" maw={520}>
                {t('landing.lead')}
              </Text>
              <Group gap="sm">
                <Button
                  component={Link}
                  to="/register"
                  size="lg"
                  rightSection={<IconArrowRight aria-hidden size={20} />}
                  data-testid="landing-try-free"
                >
                  {t('landing.tryFree')}
                </Button>
                {demoPath ? (
                  <Button component={Link} to={demoPath} size="lg" variant="default" data-testid="landing-see-example">
                    {t('landing.seeExample')}
                  </Button>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {t('landing.noCard')}
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper
              radius="lg"
              p={{ base: 'sm', sm: 'lg' }}
              shadow="md"
              withBorder
              style={{ background: 'rgba(255, 255, 255, 0.85)' }}
            >
              <FamilyTreeIllustration />
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function Features() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 48, md: 80 }} component="section" aria-labelledby="landing-features">
      <Stack align="center" ta="center" gap="xs" mb={40}>
        <Title order={2} id="landing-features" fz={{ base: 28, sm: 36 }}>
          {t('landing.features.title')}
        </Title>
        <Text c="dimmed" maw={600}>
          {t('landing.features.lead')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {features.map((feature) => (
          <Card key={feature.title} withBorder padding="lg" radius="md">
            <ThemeIcon size={44} radius="md" variant="light">
              <feature.icon aria-hidden size={24} />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="md" mb={6}>
              {t(feature.title)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(feature.text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

/** A person page as it will look, with an invented person. */
function ExamplePerson() {
  const { t } = useTranslation();
  const format = useFormat();
  const events = [
    { type: t('landing.example.birth'), date: format.date(new Date(1921, 2, 12)), place: 'Uppsala' },
    { type: t('landing.example.baptism'), date: format.date(new Date(1921, 3, 3)), place: 'Uppsala domkyrka' },
    { type: t('landing.example.marriage'), date: format.date(new Date(1945, 5, 16)), place: 'Uppsala' },
    { type: t('landing.example.residence'), date: '1950–1985', place: 'Stockholm, Södermalm' },
    { type: t('landing.example.death'), date: format.date(new Date(2004, 10, 2)), place: 'Stockholm' },
  ];
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group gap="md" wrap="nowrap" mb="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <Text fw={700} fz="lg">
            AL
          </Text>
        </ThemeIcon>
        <div>
          <Title order={3} fz="h3">
            Anna Lindqvist
          </Title>
          <Text size="sm" c="dimmed">
            {t('landing.example.lifeLine', { occupation: t('landing.example.occupation'), age: 83 })}
          </Text>
        </div>
      </Group>
      <Timeline active={events.length} bulletSize={22} lineWidth={2}>
        {events.map((event) => (
          <Timeline.Item key={event.type} title={event.type} bullet={<IconCalendarEvent aria-hidden size={12} />}>
            <Text size="sm" c="dimmed">
              {event.date} · {event.place}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <Group gap="xs" mt="lg">
        <Badge variant="outline" color="gray" tt="none" fw={500} leftSection={<IconBooks size={12} />}>
          Uppsala domkyrkoförsamling C:12
        </Badge>
        <Badge variant="outline" color="gray" tt="none" fw={500} leftSection={<IconBooks size={12} />}>
          Husförhör 1950–1955
        </Badge>
      </Group>
    </Paper>
  );
}

function Example() {
  const { t } = useTranslation();
  const getStartedHref = useGetStartedHref();
  return (
    <Box
      component="section"
      id="example"
      aria-labelledby="landing-example"
      py={{ base: 48, md: 80 }}
      bg="gray.0"
      style={{ scrollMarginTop: 64 }}
    >
      <Container size="lg">
        <Grid gap={{ base: 32, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Title order={2} id="landing-example" fz={{ base: 28, sm: 36 }}>
                {t('landing.example.title')}
              </Title>
              <Text c="dark.5">{t('landing.example.text')}</Text>
              <Button
                component={Link}
                to={getStartedHref}
                w="fit-content"
                rightSection={<IconArrowRight aria-hidden size={18} />}
                data-testid="landing-example-get-started"
              >
                {t('landing.getStarted')}
              </Button>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ExamplePerson />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function Steps() {
  const { t } = useTranslation();
  const format = useFormat();
  const getStartedHref = useGetStartedHref();
  const steps: { title: TranslationKey; text: TranslationKey }[] = [
    { title: 'landing.steps.account.title', text: 'landing.steps.account.text' },
    { title: 'landing.steps.tree.title', text: 'landing.steps.tree.text' },
    { title: 'landing.steps.grow.title', text: 'landing.steps.grow.text' },
  ];
  return (
    <Container size="lg" py={{ base: 48, md: 80 }} component="section" aria-labelledby="landing-steps">
      <Title order={2} id="landing-steps" ta="center" fz={{ base: 28, sm: 36 }} mb={40}>
        {t('landing.steps.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Box component="li" key={step.title}>
            <Group gap="md" align="flex-start" wrap="nowrap">
              <ThemeIcon size={40} radius="xl" aria-hidden>
                <Text fw={700} c="white">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <div>
                <Title order={3} fz="lg" mb={4}>
                  {t(step.title)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(step.text)}
                </Text>
              </div>
            </Group>
          </Box>
        ))}
      </SimpleGrid>
      <Paper
        mt={56}
        radius="lg"
        p={{ base: 'lg', sm: 40 }}
        bg="forest.9"
        c="white"
        component="aside"
        aria-labelledby="landing-cta"
      >
        <Group justify="space-between" align="center" gap="lg">
          <div>
            <Title order={2} id="landing-cta" fz={{ base: 24, sm: 30 }} c="white">
              {t('landing.cta.title')}
            </Title>
            <Text c="forest.1" mt={6}>
              {t('landing.cta.text', { monthly: format.number(planPrices.monthly) })}
            </Text>
          </div>
          <Group gap="sm">
            <Button
              component={Link}
              to={getStartedHref}
              size="lg"
              color="white"
              c="forest.9"
              data-testid="landing-get-started"
            >
              {t('landing.getStarted')}
            </Button>
            <Button component={Link} to="/pricing" size="lg" variant="outline" color="white">
              {t('landing.cta.pricing')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Container>
  );
}

/** The landing presentation of SPEC §2: try for free, see example, get started. */
export function LandingPage() {
  usePageTitle(undefined);
  return (
    <div data-testid="landing-page">
      <Hero />
      <Features />
      <Example />
      <Steps />
    </div>
  );
}
