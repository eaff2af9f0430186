import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow, centred card of the login, register and password pages. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Container size={460} py={{ base: 'xl', sm: 60 }}>
      <Title order={1} ta="center" fz={{ base: 28, sm: 34 }}>
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" ta="center" mt={6}>
          {subtitle}
        </Text>
      ) : null}
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} mt="xl" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
