import { Group, Text } from '@mantine/core';

/** The product mark: three generations joined, and the name. */
export function Logo({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 24 : 32;
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={box} height={box} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-forest-8)" />
        <g stroke="#fff" strokeWidth="4" strokeLinecap="round" fill="none">
          <path d="M32 50V30M32 30L20 20M32 30l12-10M20 20v-6M44 20v-6" />
        </g>
        <g fill="#fff">
          <circle cx="32" cy="52" r="5" />
          <circle cx="20" cy="14" r="5" />
          <circle cx="44" cy="14" r="5" />
        </g>
      </svg>
      <Text
        component="span"
        fw={700}
        fz={size === 'sm' ? 18 : 24}
        c="dark"
        ff="heading"
        style={{ letterSpacing: '0.02em' }}
      >
        Anor
      </Text>
    </Group>
  );
}
