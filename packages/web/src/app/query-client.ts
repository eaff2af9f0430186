import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import {
  changeSetMark,
  changeSetsSince,
  isApiError,
  isProposalMade,
  isSessionRequiredError,
  type RecordedChangeSet,
} from '../api/client.ts';
import { showUndoableNotice } from '../features/history/undo-notice.tsx';
import { showProposalNotice } from '../features/proposals/proposal-notice.tsx';
import { sessionKeys } from '../features/session/queries.ts';
import { i18n } from '../i18n/index.ts';
import { errorKey } from '../i18n/messages.ts';
import { showGlobalError } from './global-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** `inline`: the page shows the failure itself (a whole-view error), so no global dialog. */
      errorDisplay?: 'inline' | 'dialog';
    };
    mutationMeta: {
      /** `inline`: the form shows the failure under its fields, so no notification. */
      errorDisplay?: 'inline' | 'notification';
      /**
       * A short notice when the change succeeded ("Saved", "Deleted"; issue 19 item 22). A mutation
       * asks for it here, so that every save and delete confirms the same way.
       */
      notice?: MutationNotice;
    };
  }
}

const MUTATION_ERROR_NOTIFICATION_ID = 'mutation-error';
const MUTATION_NOTICE_ID = 'mutation-notice';

export type MutationNotice = 'saved' | 'deleted';

/**
 * Shows the short notice of a successful save or delete; a newer one replaces the one still showing.
 * With the change sets the save recorded (issue 21), it offers "Undo" of exactly them.
 */
export function showMutationNotice(
  notice: MutationNotice,
  undoable?: { changeSets: readonly RecordedChangeSet[]; queryClient: QueryClient },
): void {
  if (undoable && undoable.changeSets.length > 0) {
    showUndoableNotice(i18n.t(`common.notice.${notice}`), undoable.changeSets, undoable.queryClient);
    return;
  }
  notifications.hide(MUTATION_NOTICE_ID);
  notifications.show({
    id: MUTATION_NOTICE_ID,
    color: 'forest',
    message: i18n.t(`common.notice.${notice}`),
    autoClose: 2500,
    withBorder: true,
  });
}

/** Client errors (4xx) will not go away by asking again; network and server failures might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isProposalMade(error)) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

const changeSetMarks = new WeakMap<object, number>();

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isSessionRequiredError(error)) {
          // The session ended elsewhere: refresh it, and RequireSession sends the user to the login page.
          void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
          return;
        }
        if (query.meta?.errorDisplay === 'inline') return;
        showGlobalError();
      },
    }),
    mutationCache: new MutationCache({
      // Where the change sets the tab's writes recorded stood when the mutation began (its undo).
      onMutate: (_variables, mutation) => {
        changeSetMarks.set(mutation, changeSetMark());
      },
      onSuccess: (_data, _variables, _result, mutation) => {
        const mark = changeSetMarks.get(mutation);
        if (mutation.meta?.notice) {
          showMutationNotice(mutation.meta.notice, {
            changeSets: mark === undefined ? [] : changeSetsSince(mark),
            queryClient,
          });
        }
      },
      onError: (error, _variables, _result, mutation) => {
        if (isProposalMade(error)) {
          // A contributor's change kept for review (issue 26): told as a notice, never as an error (the
          // form it came from closes, lib/Modal.tsx), with the way to the proposals.
          showProposalNotice(error, MUTATION_NOTICE_ID);
          void queryClient.invalidateQueries({ queryKey: ['proposals'] });
          return;
        }
        if (isSessionRequiredError(error)) void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        if (mutation.meta?.errorDisplay === 'inline') return;
        notifications.show({
          id: MUTATION_ERROR_NOTIFICATION_ID,
          color: 'red',
          title: i18n.t('shell.errorTitle'),
          message: i18n.t(errorKey(error)),
        });
      },
    }),
    defaultOptions: {
      queries: {
        // The product's data does not refetch on window focus (SPEC §9); the session query opts back in.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
