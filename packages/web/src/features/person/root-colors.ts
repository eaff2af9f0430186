import type { RootRelation } from '@anor/core';
import type { MantineColor } from '@mantine/core';

/** SPEC §4 root colours: the root yellow, its ancestors red, its descendants blue, everyone else neutral. */
export const rootColors: Record<RootRelation, MantineColor> = {
  root: 'yellow',
  ancestor: 'red',
  descendant: 'blue',
  none: 'gray',
};
