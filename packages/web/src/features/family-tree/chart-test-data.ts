import type { ChartAnswer, ChartPerson } from '@anor/core';

/** Chart answers for unit tests and measurements, shaped as the API sends them. */

export function chartPerson(id: string, overrides: Partial<ChartPerson> = {}): ChartPerson {
  return {
    id,
    fName: id,
    pName: null,
    lName: 'Test',
    gender: 'unknown',
    occupation: null,
    rootRelation: 'none',
    parentIds: [],
    partnerIds: [],
    generation: 0,
    isPartner: false,
    ...overrides,
  };
}

/** A complete pedigree of `generations` generations, the start included: 2^generations − 1 persons. */
export function fullPedigree(generations: number): ChartAnswer {
  const total = 2 ** generations - 1;
  const persons: ChartPerson[] = [];
  for (let index = 1; index <= total; index++) {
    const hasParents = 2 * index + 1 <= total;
    persons.push(
      chartPerson(`p${index}`, {
        gender: index === 1 ? 'female' : index % 2 === 0 ? 'male' : 'female',
        generation: Math.floor(Math.log2(index)),
        parentIds: hasParents ? [`p${2 * index + 1}`, `p${2 * index}`] : [],
        rootRelation: index === 1 ? 'root' : 'ancestor',
      }),
    );
  }
  return { startId: 'p1', persons, truncated: false };
}

/**
 * A descendant chart of exactly `total` persons: every descendant has one partner and up to
 * `childrenEach` children with them, breadth first.
 */
export function descendantTree(total: number, childrenEach = 3): ChartAnswer {
  const start = chartPerson('d0', { rootRelation: 'root' });
  const persons: ChartPerson[] = [start];
  const queue: ChartPerson[] = [start];
  let next = 1;
  for (let index = 0; index < queue.length && persons.length < total; index++) {
    const person = queue[index] as ChartPerson;
    const partner = chartPerson(`d${next++}`, {
      generation: person.generation,
      partnerIds: [person.id],
      isPartner: true,
    });
    person.partnerIds.push(partner.id);
    persons.push(partner);
    for (let child = 0; child < childrenEach && persons.length < total; child++) {
      const descendant = chartPerson(`d${next++}`, {
        generation: person.generation + 1,
        parentIds: [person.id, partner.id],
        rootRelation: 'descendant',
      });
      persons.push(descendant);
      queue.push(descendant);
    }
  }
  return { startId: start.id, persons, truncated: false };
}
