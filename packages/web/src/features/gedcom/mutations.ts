import { jobSchema } from '@anor/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { segment } from '../../api/client.ts';
import { jobKeys } from './jobs.ts';
import { type UploadOptions, uploadBytes } from './upload.ts';

export interface ImportGedcomVariables extends UploadOptions {
  file: Blob;
  /** The new tree's name; without it the server takes the file's own name (HEAD.FILE) or "GEDCOM". */
  treeName?: string;
}

/**
 * POST user/{userId}/tree/gedcom: the file's bytes as the body (so the server can tell the
 * encoding), the tree name in the query, and `Prefer: respond-async`: the server answers 202 with
 * the import's job as soon as the file has arrived, and the page follows the job (jobs.ts). With
 * `preview=true` the job waits, before writing anything, for the user to confirm what it found.
 * Errors of the upload itself stay with the import page (limits open the limit dialog).
 */
export function useImportGedcom(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, treeName, ...upload }: ImportGedcomVariables) => {
      // The job stops with a preview before it writes anything; the page asks for the confirmation.
      const query = `?preview=true${treeName ? `&treeName=${encodeURIComponent(treeName)}` : ''}`;
      const answer = await uploadBytes(`/api/user/${segment(userId)}/tree/gedcom${query}`, file, {
        ...upload,
        headers: { Prefer: 'respond-async' },
      });
      return jobSchema.parse(answer);
    },
    onSuccess: (job) => {
      queryClient.setQueryData(jobKeys.detail(userId, job.id), job);
      return queryClient.invalidateQueries({ queryKey: jobKeys.list(userId) });
    },
    meta: { errorDisplay: 'inline' },
  });
}
