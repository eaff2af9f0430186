import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKey } from '../i18n/messages.ts';

interface ErrorViewProps {
  error: unknown;
  onRetry?: () => void;
  backTo?: { href: string; label: string };
}

/** The whole-view error of SPEC §8, shown where a page's data could not be fetched. */
export function ErrorView({ error, onRetry, backTo }: ErrorViewProps) {
  const { t } = useTranslation();
  return (
    <Center py={60} data-testid="error-view">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconMoodSad aria-hidden size={32} />
        </ThemeIcon>
        <Title order={2} fz="h3">
          {t('shell.errorTitle')}
        </Title>
        <Text c="dimmed" role="alert">
          {t(errorKey(error))}
        </Text>
        <Group mt="sm">
          {onRetry ? <Button onClick={onRetry}>{t('shell.retry')}</Button> : null}
          {backTo ? (
            <Button component={Link} to={backTo.href} variant="default">
              {backTo.label}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Center>
  );
}
