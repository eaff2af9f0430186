/*
 * The event feature (SPEC §2 event modal, editor, participant dialog, event page). Other
 * features use what this file exports; everything else in the folder is internal.
 */
export {
  type EventModalControls,
  EventModalProvider,
  type EventModalProviderProps,
  type OpenNewEventOptions,
  useEventModal,
} from './EventModalProvider.tsx';
export { eventLimitCodeOf } from './limit-error.ts';
export {
  useAddParticipant,
  useCreateEvent,
  useCreateEvents,
  useDeleteEvent,
  useRemoveParticipant,
  useUpdateEvent,
  useUpdateParticipant,
} from './mutations.ts';
export { eventHref } from './paths.ts';
export { eventKeys, eventPath, eventQueries } from './queries.ts';
export { useRoleLabel } from './roles.ts';
export {
  EventTypeLabel,
  formatEventDateLabel,
  type NamedEventType,
  useEventTypeName,
  useEventTypeVerb,
} from './type-names.tsx';
