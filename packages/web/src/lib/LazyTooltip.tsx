import type { TooltipProps } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Mantine's Tooltip brings floating-ui (some 15 KB gzipped). The shell's only tooltips are those of a
// tree's header icons, so pages outside a tree never load it; until it has loaded, the icon shows alone.
const Tooltip = lazy(async () => ({ default: (await import('./tooltip.ts')).Tooltip }));

/** Mantine's Tooltip, loaded when first shown, for components on the first page. */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
