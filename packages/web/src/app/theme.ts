import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  '#176a3b',
];

export const theme = createTheme({
  primaryColor: 'forest',
  colors: { forest },
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif',
    fontWeight: '600',
  },
});
