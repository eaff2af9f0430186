import {
  type CSSVariablesResolver,
  createTheme,
  type DrawerProps,
  darken,
  luminance,
  type MantineColorsTuple,
  type ModalProps,
  Notification,
} from '@mantine/core';

/** A deep, calm green: leaves of a family tree, and readable on white. */
const forest: MantineColorsTuple = [
  '#ecf7f0',
  '#dbede2',
  '#b3dac2',
  '#88c6a0',
  '#64b583',
  '#4daa70',
  '#3f9f64',
  '#318b54',
  '#287b49',
  '#135f34',
];

export const theme = createTheme({
  primaryColor: 'forest',
  colors: { forest },
  primaryShade: { light: 8, dark: 6 },
  // Filled buttons and badges of light colours (yellow, lime) get dark text, not white.
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif',
    fontWeight: '600',
  },
});

/**
 * The theme with the words Mantine's own controls need, in the interface's language: the close
 * button of every modal, drawer and notification is an icon, named "Close" unless it says otherwise.
 */
export function themeWithLabels(labels: { close: string }) {
  const closeButtonProps = { 'aria-label': labels.close };
  return createTheme({
    ...theme,
    components: {
      // Plain objects rather than Modal.extend(…): that would put the dialogs' code (some 20 KB
      // gzipped) into the first page, which has none.
      Modal: { defaultProps: { closeButtonProps } satisfies Partial<ModalProps> },
      Drawer: { defaultProps: { closeButtonProps } satisfies Partial<DrawerProps> },
      Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
    },
  });
}

/** WCAG AA for normal text. */
const minimumContrast = 4.5;

function contrast(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** The colour, darkened in small steps until it reads at 4.5:1 on the background. */
function readableOn(color: string, background: string): string {
  let readable = color;
  for (let step = 1; step <= 20 && contrast(readable, background) < minimumContrast; step += 1) {
    readable = darken(color, step * 0.05);
  }
  return readable;
}

/**
 * Mantine's light-scheme text colours fall below WCAG AA's 4.5:1 in many palettes: dimmed text
 * (gray 6, 3.3:1 on white), a colour's text (`c="teal"`: its shade 8), the light variant's text
 * (shade 9 on shade 1, or 2 when hovered: 2.7:1 for yellow) and the error red (shade 6). Each is
 * darkened just enough to pass on the light backgrounds it sits on; the dark scheme keeps Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    // A step lighter than the text, and 4.8:1 or more on white, gray 0 to 2 and the light tints.
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-error': readableOn(resolved.colors.red[8], resolved.colors.red[0]),
  };
  for (const [name, shades] of Object.entries(resolved.colors)) {
    light[`--mantine-color-${name}-text`] = readableOn(shades[8], resolved.colors.gray[1]);
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
  }
  return { variables: {}, light, dark: {} };
};
