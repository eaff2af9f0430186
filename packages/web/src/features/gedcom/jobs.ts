import { activeJobStates, type Job, jobListSchema, jobSchema } from '@anor/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, segment } from '../../api/client.ts';
import { sessionKeys } from '../session/queries.ts';
import { treeKeys } from '../trees/queries.ts';

/**
 * An import runs as a job on the server (issue 20): these read it while it runs (every second, so
 * the page shows its phase and percentage), list the user's running imports (for the trees page),
 * and cancel one. When a job ends with a new tree, the tree list and the session learn of it.
 */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (userId: string) => [...jobKeys.all, 'list', userId] as const,
  detail: (userId: string, jobId: string) => [...jobKeys.all, 'detail', userId, jobId] as const,
};

export const isActive = (job: Job) => activeJobStates.includes(job.state);

const pollMs = 1000;

/** After a job finished with a tree: the tree list and the user's tree ids change. */
function useTreesAfterDone(userId: string, jobs: readonly Job[]) {
  const queryClient = useQueryClient();
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const finished = jobs.filter((job) => job.state === 'done' && !seen.current.has(job.id));
    if (finished.length === 0) return;
    for (const job of finished) {
      seen.current.add(job.id);
      if (job.result) queryClient.setQueryData(treeKeys.detail(job.result.tree.id), job.result.tree);
    }
    void queryClient.invalidateQueries({ queryKey: treeKeys.list(userId) });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }, [jobs, userId, queryClient]);
}

export function useJob(userId: string, jobId: string) {
  const query = useQuery({
    queryKey: jobKeys.detail(userId, jobId),
    queryFn: async ({ signal }) =>
      jobSchema.parse(await api.get(`/api/user/${segment(userId)}/job/${segment(jobId)}`, { signal })),
    refetchInterval: (current) => (current.state.data && !isActive(current.state.data) ? false : pollMs),
  });
  // A job that was active when seen and is done now: the trees changed.
  const seenActive = useRef(false);
  if (query.data && isActive(query.data)) seenActive.current = true;
  useTreesAfterDone(userId, query.data && seenActive.current ? [query.data] : []);
  return query;
}

/** The user's running imports (and the last finished ones), asked again while one runs. */
export function useJobs(userId: string) {
  const query = useQuery({
    queryKey: jobKeys.list(userId),
    queryFn: async ({ signal }) =>
      jobListSchema.parse(await api.get(`/api/user/${segment(userId)}/job`, { signal })).jobs,
    refetchInterval: (current) => ((current.state.data ?? []).some(isActive) ? pollMs : false),
  });
  const active = useRef(new Set<string>());
  for (const job of query.data ?? []) if (isActive(job)) active.current.add(job.id);
  useTreesAfterDone(
    userId,
    (query.data ?? []).filter((job) => active.current.has(job.id)),
  );
  return query;
}

export function useCancelJob(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: string) =>
      jobSchema.parse(await api.post(`/api/user/${segment(userId)}/job/${segment(jobId)}/cancel`)),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(userId, job.id), job);
      return queryClient.invalidateQueries({ queryKey: jobKeys.list(userId) });
    },
  });
}

/** Confirms an import that waits with its preview: it goes on to write the tree. */
export function useConfirmJob(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: string) =>
      jobSchema.parse(await api.post(`/api/user/${segment(userId)}/job/${segment(jobId)}/confirm`)),
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(userId, job.id), job);
      return queryClient.invalidateQueries({ queryKey: jobKeys.list(userId) });
    },
  });
}
