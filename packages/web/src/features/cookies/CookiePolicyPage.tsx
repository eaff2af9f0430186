import { Alert, Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { type CookieConsent, saveCookieConsent, useCookieConsent } from './consent.ts';

export function CookiePolicyPage() {
  const { t } = useTranslation();
  usePageTitle(t('cookies.policy.title'));
  const consent = useCookieConsent();
  const [hasSavedHere, setHasSavedHere] = useState(false);
  const choose = (choice: CookieConsent) => {
    saveCookieConsent(choice);
    setHasSavedHere(true);
  };

  const rows = [
    {
      name: t('cookies.policy.sessionName'),
      purpose: t('cookies.policy.sessionPurpose'),
      kind: t('cookies.necessary'),
    },
    { name: 'anor.language', purpose: t('cookies.policy.languagePurpose'), kind: t('cookies.necessary') },
    { name: 'anor.cookieConsent', purpose: t('cookies.policy.consentPurpose'), kind: t('cookies.necessary') },
  ];

  return (
    <Container size="md" py="xl" data-testid="cookie-policy-page">
      <Title order={1} mb="sm">
        {t('cookies.policy.title')}
      </Title>
      <Text mb="lg">{t('cookies.policy.intro')}</Text>

      <Stack gap="lg">
        <section aria-labelledby="cookies-necessary">
          <Title order={2} fz="h3" id="cookies-necessary" mb="xs">
            {t('cookies.policy.necessaryTitle')}
          </Title>
          <Text mb="sm">{t('cookies.policy.necessaryText')}</Text>
          <Table.ScrollContainer minWidth={480}>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('cookies.policy.columnName')}</Table.Th>
                  <Table.Th scope="col">{t('cookies.policy.columnPurpose')}</Table.Th>
                  <Table.Th scope="col">{t('cookies.policy.columnKind')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.name}>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{row.purpose}</Table.Td>
                    <Table.Td>{row.kind}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>

        <section aria-labelledby="cookies-analytics">
          <Title order={2} fz="h3" id="cookies-analytics" mb="xs">
            {t('cookies.policy.analyticsTitle')}
          </Title>
          <Text>{t('cookies.policy.analyticsText')}</Text>
        </section>

        <Paper withBorder p="lg" component="section" aria-labelledby="cookies-choice">
          <Title order={2} fz="h3" id="cookies-choice" mb="xs">
            {t('cookies.policy.choiceTitle')}
          </Title>
          <Text mb="md" data-testid="cookie-current-choice">
            {consent === null
              ? t('cookies.policy.noChoice')
              : t('cookies.policy.currentChoice', {
                  choice: consent === 'all' ? t('cookies.acceptAllChoice') : t('cookies.onlyNecessaryChoice'),
                })}
          </Text>
          <Group>
            <Button
              variant={consent === 'necessary' ? 'filled' : 'default'}
              onClick={() => choose('necessary')}
              aria-pressed={consent === 'necessary'}
              data-testid="cookie-policy-only-necessary"
            >
              {t('cookies.onlyNecessary')}
            </Button>
            <Button
              variant={consent === 'all' ? 'filled' : 'default'}
              onClick={() => choose('all')}
              aria-pressed={consent === 'all'}
              data-testid="cookie-policy-accept-all"
            >
              {t('cookies.acceptAll')}
            </Button>
          </Group>
          {hasSavedHere ? (
            <Alert mt="md" variant="light" icon={<IconCheck aria-hidden />} role="status">
              {t('cookies.policy.saved')}
            </Alert>
          ) : null}
        </Paper>
      </Stack>
    </Container>
  );
}
