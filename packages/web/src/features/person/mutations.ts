import {
  type CreateChildBody,
  type CreatePersonBody,
  deletedAnswerSchema,
  type Gender,
  genderAnswerSchema,
  mainNodesAnswerSchema,
  type NameBody,
  type Person,
  type PersonInput,
  personSchema,
  type UpdatePersonBody,
} from '@anor/core';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, segment } from '../../api/client.ts';
import { storedOfConflict } from '../../lib/conflict.ts';
import { treeKeys } from '../trees/queries.ts';
import { mainNodesKeys, personKeys, treePath } from './queries.ts';

/*
 * What each kind of change invalidates:
 * - a person's own fields (name, occupation, gender): the person (set from the answer), the
 *   relatives whose pages and children lists show them, search lists and charts, and the main
 *   nodes when the person is the root (their summary is there);
 * - the description: only the person;
 * - a relation added or removed, a person created or deleted, a new root: every person query of
 *   the tree, because root relations (colours) and sibling lists can change anywhere in it;
 * - a person created or deleted: also the counts (main nodes, the tree and the tree list).
 */

function personPath(treeId: string, personId: string, rest = ''): string {
  return treePath(treeId, `person/${segment(personId)}${rest}`);
}

function invalidateRelatives(queryClient: QueryClient, treeId: string, person: Person): Promise<unknown> {
  const relatives = [...person.parentIds, ...person.childIds, ...person.partnerIds, ...person.siblingIds];
  // A parent's or partner's children view names this person (as child or as other parent).
  const childViews = [...person.parentIds, ...person.partnerIds];
  return Promise.all([
    ...relatives.map((id) => queryClient.invalidateQueries({ queryKey: personKeys.detail(treeId, id) })),
    ...childViews.map((id) => queryClient.invalidateQueries({ queryKey: personKeys.childrenOf(treeId, id) })),
    queryClient.invalidateQueries({ queryKey: personKeys.lists(treeId) }),
    queryClient.invalidateQueries({ queryKey: personKeys.charts(treeId) }),
    person.isRoot ? queryClient.invalidateQueries({ queryKey: mainNodesKeys.detail(treeId) }) : null,
  ]);
}

/** The stored person of a 409 `person.error.conflict` answer, when it is one. */
export function personConflictOf(error: unknown): Person | null {
  return storedOfConflict(error, 'person.error.conflict', personSchema);
}

/**
 * After a change of a person's own fields (or when an edit's conflict answer brings the stored
 * person): the person as given, then whoever shows them.
 */
export function refreshPerson(queryClient: QueryClient, treeId: string, person: Person): Promise<unknown> {
  queryClient.setQueryData(personKeys.detail(treeId, person.id), person);
  return invalidateRelatives(queryClient, treeId, person);
}

function refreshRelations(queryClient: QueryClient, treeId: string): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: personKeys.tree(treeId) });
}

function refreshCounts(queryClient: QueryClient, treeId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: mainNodesKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.detail(treeId) }),
    queryClient.invalidateQueries({ queryKey: treeKeys.lists() }),
  ]);
}

// ---- A person's own fields ----
// Each sends the revision the edit started from: a change saved since (another tab or session)
// is answered 409 `person.error.conflict` with the stored person, and nothing is written.

export function useUpdateName(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, body }: { personId: string; body: NameBody & { revision: number } }) =>
      api.put(personPath(treeId, personId, '/name'), body, { schema: personSchema }),
    onSuccess: (person) => refreshPerson(queryClient, treeId, person),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

export function useUpdateOccupation(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      personId,
      occupation,
      revision,
    }: {
      personId: string;
      occupation: string | null;
      revision: number;
    }) => api.put(personPath(treeId, personId, '/occ'), { occupation, revision }, { schema: personSchema }),
    onSuccess: (person) => refreshPerson(queryClient, treeId, person),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** SPEC §4: after a gender edit the person, the tree (charts) and the parents' caches are updated. */
export function useUpdateGender(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, gender, revision }: { personId: string; gender: Gender; revision: number }) =>
      api.put(personPath(treeId, personId, '/gender'), { gender, revision }, { schema: genderAnswerSchema }),
    onSuccess: ({ gender, revision }, { personId }) => {
      const key = personKeys.detail(treeId, personId);
      const person = queryClient.getQueryData<Person>(key);
      if (!person) return refreshRelations(queryClient, treeId);
      // Saved over a change made elsewhere: the cached copy is older than the answer, so it is
      // fetched again rather than given a revision its other fields are not at.
      if (revision !== person.revision + 1) return refreshRelations(queryClient, treeId);
      const updated = { ...person, gender, revision };
      queryClient.setQueryData(key, updated);
      return invalidateRelatives(queryClient, treeId, updated);
    },
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

export function useUpdateDescription(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      personId,
      description,
      revision,
    }: {
      personId: string;
      description: string | null;
      revision: number;
    }) =>
      api.put(
        treePath(treeId, `node/${segment(personId)}/description`),
        { description, revision },
        { schema: personSchema },
      ),
    onSuccess: (person) => {
      queryClient.setQueryData(personKeys.detail(treeId, person.id), person);
    },
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/**
 * The root-person intro: the root (created without a name with the tree) gets its names and
 * gender in one call (PUT person/{id}), so a failure leaves nothing half-saved.
 */
export function useIntroducePerson(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, person }: { personId: string; person: UpdatePersonBody & { revision: number } }) =>
      api.put(personPath(treeId, personId), person, { schema: personSchema }),
    onSuccess: (person) => refreshPerson(queryClient, treeId, person),
    // Named elsewhere meanwhile: the form says so and keeps its values; the stored person comes
    // in, so the dialog sees it, and a second save knowingly goes over it.
    onError: (error) => {
      const stored = personConflictOf(error);
      return stored ? refreshPerson(queryClient, treeId, stored) : undefined;
    },
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

// ---- New persons ----

function useCreation<V>(treeId: string, mutationFn: (variables: V) => Promise<Person>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (person) => {
      queryClient.setQueryData(personKeys.detail(treeId, person.id), person);
      return Promise.all([refreshRelations(queryClient, treeId), refreshCounts(queryClient, treeId)]);
    },
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** POST person: a new person, attached as parent, child, partner or sibling, or made the root. */
export function useCreatePerson(treeId: string) {
  return useCreation(treeId, (body: CreatePersonBody) =>
    api.post(treePath(treeId, 'person'), body, { schema: personSchema }),
  );
}

/** POST person/{id}/parent: a new parent of the person. */
export function useCreateParent(treeId: string) {
  return useCreation(treeId, ({ childId, parent }: { childId: string; parent: PersonInput }) =>
    api.post(personPath(treeId, childId, '/parent'), parent, { schema: personSchema }),
  );
}

/** POST person/child: a new child of one or two parents. */
export function useCreateChild(treeId: string) {
  return useCreation(treeId, (body: CreateChildBody) =>
    api.post(treePath(treeId, 'person/child'), body, { schema: personSchema }),
  );
}

// ---- Relations between existing persons ----

function useRelationChange<V, R>(treeId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshRelations(queryClient, treeId),
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/** PUT person/{id}/parent: an existing person becomes a parent of {id}. */
export function useAttachParent(treeId: string) {
  return useRelationChange(treeId, ({ personId, parentId }: { personId: string; parentId: string }) =>
    api.put(personPath(treeId, personId, '/parent'), { parentId }, { schema: personSchema }),
  );
}

/** PUT person/{id}/partner: an existing person becomes a partner, and the other parent of childIds. */
export function useAttachPartner(treeId: string) {
  return useRelationChange(
    treeId,
    ({ personId, partnerId, childIds }: { personId: string; partnerId: string; childIds: string[] }) =>
      api.put(personPath(treeId, personId, '/partner'), { partnerId, childIds }, { schema: personSchema }),
  );
}

/** PUT person/{id}/sibling: an existing person becomes a sibling of {id}. */
export function useAttachSibling(treeId: string) {
  return useRelationChange(treeId, ({ personId, siblingId }: { personId: string; siblingId: string }) =>
    api.put(personPath(treeId, personId, '/sibling'), { siblingId }, { schema: personSchema }),
  );
}

/** PUT person/{id}/child: an existing person becomes a child of {id} (and of partnerId). */
export function useAttachChild(treeId: string) {
  return useRelationChange(
    treeId,
    ({ personId, childId, partnerId }: { personId: string; childId: string; partnerId: string | null }) =>
      api.put(personPath(treeId, personId, '/child'), { childId, partnerId }, { schema: personSchema }),
  );
}

export interface RemoveParentVariables {
  childId: string;
  parentId: string;
  removeBothParents?: boolean;
  removeFromSiblings?: boolean;
}

/** DELETE person/{childId}/parent: the child loses the parent (and maybe the other parent and its siblings). */
export function useRemoveParent(treeId: string) {
  return useRelationChange(treeId, ({ childId, ...body }: RemoveParentVariables) =>
    api.delete(personPath(treeId, childId, '/parent'), body, { schema: personSchema }),
  );
}

export function useRemovePartner(treeId: string) {
  return useRelationChange(treeId, ({ personId, partnerId }: { personId: string; partnerId: string }) =>
    api.delete(personPath(treeId, personId, '/partner'), { partnerId }, { schema: personSchema }),
  );
}

export function useRemoveSibling(treeId: string) {
  return useRelationChange(treeId, ({ personId, siblingId }: { personId: string; siblingId: string }) =>
    api.delete(personPath(treeId, personId, '/sibling'), { siblingId }, { schema: personSchema }),
  );
}

// ---- Root and deletion ----

/** PUT tree/root: every root relation (colour) is recomputed, and the tree's root id changes. */
export function useSetRoot(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rootId: string) =>
      api.put(treePath(treeId, 'tree/root'), { rootId }, { schema: mainNodesAnswerSchema }),
    onSuccess: (mainNodes) => {
      queryClient.setQueryData(mainNodesKeys.detail(treeId), mainNodes);
      return Promise.all([
        refreshRelations(queryClient, treeId),
        queryClient.invalidateQueries({ queryKey: treeKeys.detail(treeId) }),
        queryClient.invalidateQueries({ queryKey: treeKeys.lists() }),
      ]);
    },
    meta: { errorDisplay: 'inline', notice: 'saved' },
  });
}

/**
 * DELETE person/{id}. The deleted persons' own queries are only marked stale (a page still
 * showing one must not refetch it into a 404 before it navigates away); the rest of the tree's
 * persons and the counts are refreshed.
 */
export function useDeletePerson(treeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: string) =>
      api.delete(personPath(treeId, personId), undefined, { schema: deletedAnswerSchema }),
    onSuccess: ({ deletedIds }) => {
      const deleted = new Set(deletedIds);
      const isAboutDeleted = (queryKey: readonly unknown[]) =>
        queryKey.some((part) => typeof part === 'string' && deleted.has(part));
      return Promise.all([
        queryClient.invalidateQueries({
          queryKey: personKeys.tree(treeId),
          predicate: (query) => !isAboutDeleted(query.queryKey),
        }),
        queryClient.invalidateQueries({
          queryKey: personKeys.tree(treeId),
          predicate: (query) => isAboutDeleted(query.queryKey),
          refetchType: 'none',
        }),
        refreshCounts(queryClient, treeId),
      ]);
    },
    meta: { errorDisplay: 'inline', notice: 'deleted' },
  });
}
