import type { Person, PersonInput } from '@anor/core';
import type { TestClient } from './client.ts';

/** Person-building helpers over the API, for tests and the seed script's checks. */
export class FamilyBuilder {
  constructor(
    private readonly client: TestClient,
    readonly treeId: string,
  ) {}

  async create(person: Partial<PersonInput> & { fName: string }, relation?: Record<string, unknown>, asRoot?: boolean) {
    const response = await this.client.post<Person>(`/api/${this.treeId}/person`, {
      person: { lName: 'Ek', ...person },
      ...(relation ? { relation } : {}),
      ...(asRoot ? { asRoot } : {}),
    });
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  parentOf(personId: string, person: Partial<PersonInput> & { fName: string }) {
    return this.create(person, { type: 'parent', personId });
  }

  childOf(personId: string, person: Partial<PersonInput> & { fName: string }, otherParentId?: string) {
    return this.create(person, { type: 'child', personId, ...(otherParentId ? { otherParentId } : {}) });
  }

  partnerOf(personId: string, person: Partial<PersonInput> & { fName: string }, childIds?: string[]) {
    return this.create(person, { type: 'partner', personId, ...(childIds ? { childIds } : {}) });
  }

  siblingOf(personId: string, person: Partial<PersonInput> & { fName: string }) {
    return this.create(person, { type: 'sibling', personId });
  }

  async get(id: string): Promise<Person> {
    const response = await this.client.get<Person>(`/api/${this.treeId}/person/${id}`);
    if (response.status !== 200) throw new Error(`get failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }
}
