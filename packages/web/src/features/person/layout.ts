import { useMediaQuery } from '@mantine/hooks';

/** SPEC §9: person modals fill the screen below 800 px; the fade lasts 200 ms. */
export function usePersonModalProps(size: string = 'lg') {
  const isSmall = useMediaQuery('(max-width: 800px)');
  return {
    fullScreen: isSmall,
    size,
    centered: true,
    transitionProps: { transition: 'fade', duration: 200 },
  } as const;
}

/** SPEC §9: button labels are hidden below 640 px; the icons stay, named by their tooltip and aria-label. */
export function useShowsLabels(): boolean {
  return useMediaQuery('(min-width: 640px)', true);
}
