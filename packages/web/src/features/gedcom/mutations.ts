import { gedcomImportAnswerSchema } from '@anor/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { segment } from '../../api/client.ts';
import { sessionKeys } from '../session/queries.ts';
import { treeKeys } from '../trees/queries.ts';
import { type UploadOptions, uploadBytes } from './upload.ts';

export interface ImportGedcomVariables extends UploadOptions {
  file: Blob;
  /** The new tree's name; without it the server takes the file's own name (HEAD.FILE) or "GEDCOM". */
  treeName?: string;
}

/**
 * POST user/{userId}/tree/gedcom: the file's bytes as the body (so the server can tell the
 * encoding), the tree name in the query. A new tree: the tree list and the user's treeIds change.
 * Errors stay with the import page (limits open the limit dialog, the rest show in the page).
 */
export function useImportGedcom(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, treeName, ...upload }: ImportGedcomVariables) => {
      const query = treeName ? `?treeName=${encodeURIComponent(treeName)}` : '';
      const answer = await uploadBytes(`/api/user/${segment(userId)}/tree/gedcom${query}`, file, upload);
      return gedcomImportAnswerSchema.parse(answer);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(treeKeys.detail(answer.tree.id), answer.tree);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: treeKeys.list(userId) }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]);
    },
    meta: { errorDisplay: 'inline' },
  });
}
