import type { EventSummary } from '@anor/core';
import { useCallback } from 'react';
import { nameWithYears, usePersonLabel } from '../../lib/person-label/person-label.ts';

/**
 * An event's main persons as the source lists name them: "Anna Rud 1850–1920, Per Rud f. 1848",
 * with the life years that tell namesakes apart (issue 19 item 12); "Private" alone for a living
 * person a visitor may not see.
 */
export function useEventPersons(): (event: EventSummary) => string {
  const personLabel = usePersonLabel();
  return useCallback(
    (event: EventSummary) =>
      event.primaries.map((person) => nameWithYears(personLabel({ ...person, pName: null }))).join(', '),
    [personLabel],
  );
}
