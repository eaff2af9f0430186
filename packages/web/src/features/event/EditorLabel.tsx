import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small upper-case label over a group of the event editor's fields. */
export function EditorLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}
