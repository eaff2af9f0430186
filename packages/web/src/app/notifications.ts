// A module of its own, so that LazyNotifications' dynamic import asks for the component only.
export { Notifications } from '@mantine/notifications';
