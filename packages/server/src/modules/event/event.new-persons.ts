import { type eventInputSchema, type PersonValues, uuidv7 } from '@anor/core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { insertUnrelatedPersons } from '../person/person.service.ts';
import { assertWithinLimits } from '../tree/tree.access.ts';

type ParticipantValues = z.output<typeof eventInputSchema>['participants'][number];
/** A participant who is a person of the tree (a new one has its id by now). */
export type KnownParticipantValues = Extract<ParticipantValues, { personId: string }>;

export interface NewPersonWrite {
  id: string;
  values: PersonValues;
}

/**
 * An event's participants who are not in the tree yet (SPEC §3 `isNew`) get the ids of the persons
 * to create for them; the event's rules then see them as any other participant. The persons are
 * written by `writeNewPersons` in the event's transaction, so a refused event creates nobody.
 */
export function withNewPersonIds(participants: readonly ParticipantValues[]): {
  participants: KnownParticipantValues[];
  newPersons: NewPersonWrite[];
} {
  const newPersons: NewPersonWrite[] = [];
  const known = participants.map((participant): KnownParticipantValues => {
    if (participant.isNew !== true) return participant;
    const { isNew: _isNew, fName, lName, gender, ...rest } = participant;
    const id = uuidv7();
    newPersons.push({
      id,
      values: { fName, pName: null, lName, gender, occupation: null, description: null },
    });
    return { personId: id, ...rest };
  });
  return { participants: known, newPersons };
}

/** Writes the new participants' persons (before the event that names them) and checks the person limit. */
export async function writeNewPersons(
  tx: Db,
  treeId: string,
  newPersons: readonly NewPersonWrite[],
  counted: (tx: Db, treeId: string) => Promise<Parameters<typeof assertWithinLimits>[0]>,
): Promise<void> {
  if (newPersons.length === 0) return;
  await insertUnrelatedPersons(tx, treeId, newPersons);
  // Counted after inserting (the counters are kept by triggers in this transaction): over the limit rolls back.
  assertWithinLimits(await counted(tx, treeId), 'persons', 0);
}
