import { Center, Loader } from '@mantine/core';

/** A Suspense fallback while the map code loads: a loader in a box of the map's height. */
export function MapFallback({ height = 400 }: { height?: number | string } = {}) {
  return (
    <Center h={height} w="100%">
      <Loader />
    </Center>
  );
}
