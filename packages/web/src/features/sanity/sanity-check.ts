import {
  type EventDateInput,
  personIdSchema,
  type SanityCheckAnswer,
  type SanityCheckBody,
  sanityCheckAnswerSchema,
  toDateType,
} from '@anor/core';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { treePath } from '../person/queries.ts';

/** What the check needs of an event as the editor holds it (an `EventInput`, or anything shaped like one). */
export interface CheckedEvent extends EventDateInput {
  type: SanityCheckBody['type'];
  participants: readonly { personId?: string | null; role: string }[];
}

/**
 * The body of the sanity check for an event: its type, dates and the participants already in the
 * tree (new persons, kept under a temporary key until the save creates them, have no family yet).
 */
export function sanityBodyOf(event: CheckedEvent, eventId: string | null): SanityCheckBody {
  return {
    eventId,
    type: event.type,
    startDate: event.startDate ?? null,
    startDateType: toDateType(event.startDateType),
    endDate: event.endDate ?? null,
    endDateType: toDateType(event.endDateType),
    participants: event.participants.flatMap((participant) =>
      personIdSchema.safeParse(participant.personId).success && !('isNew' in participant && participant.isNew)
        ? [{ personId: participant.personId, role: participant.role }]
        : [],
    ),
  };
}

export interface SanityGate {
  /** Asks the server; calls `proceed` at once when there is nothing to warn of, or when the check itself fails. */
  check: (body: SanityCheckBody, proceed: () => void) => void;
  isChecking: boolean;
  /** The warnings shown, and the body they were found for. */
  shown: { body: SanityCheckBody; answer: SanityCheckAnswer } | null;
  dismiss: () => void;
}

/**
 * The save step's sanity check (issue 19 item 7): before an event is saved, the server's shared
 * rules say whether its dates look wrong; if they do, the warnings are shown with "save anyway",
 * and nothing is saved until the user chooses. A warning never blocks a save, and a check that
 * fails (offline, a server error) lets the save go on: the save's own answer then speaks.
 */
export function useSanityGate(treeId: string): SanityGate {
  const [shown, setShown] = useState<SanityGate['shown']>(null);
  const [isChecking, setChecking] = useState(false);
  return {
    isChecking,
    shown,
    dismiss: () => setShown(null),
    check: (body, proceed) => {
      setChecking(true);
      setShown(null);
      api
        .post(treePath(treeId, 'event/sanity'), body, { schema: sanityCheckAnswerSchema })
        .then(
          (answer) => {
            if (answer.warnings.length === 0) proceed();
            else setShown({ body, answer });
          },
          () => proceed(),
        )
        .finally(() => setChecking(false));
    },
  };
}
