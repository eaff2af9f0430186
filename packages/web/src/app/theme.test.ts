import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme.ts';

function contrast(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

describe("the light scheme's text colours", () => {
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const { light } = cssVariablesResolver(resolved);
  const colour = (name: `--${string}`) => light[name] ?? '';

  it('reads at 4.5:1 or more for dimmed text on the light backgrounds it sits on', () => {
    for (const background of ['#ffffff', resolved.colors.gray[0], resolved.colors.gray[1], resolved.colors.gray[2]]) {
      expect(contrast(colour('--mantine-color-dimmed'), background), background).toBeGreaterThanOrEqual(4.5);
    }
  });

  // Gray 1 is darker than white and gray 0, so text that passes on it passes on them too.
  it.each(Object.keys(resolved.colors))(
    'reads at 4.5:1 or more in %s: its text, and its light variant hovered',
    (name) => {
      const shades = resolved.colors[name] ?? DEFAULT_THEME.colors.gray;
      expect(contrast(colour(`--mantine-color-${name}-text`), resolved.colors.gray[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour(`--mantine-color-${name}-light-color`), shades[2])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps the error red readable on white and on its own tint', () => {
    expect(contrast(colour('--mantine-color-error'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour('--mantine-color-error'), resolved.colors.red[0])).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens only what needs it: the primary green keeps its shade', () => {
    expect(colour('--mantine-color-forest-text')).toBe(resolved.colors.forest?.[8]);
  });
});
