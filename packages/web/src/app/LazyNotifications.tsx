import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useState } from 'react';

// Mantine's notification container (with its transitions, some 7 KB gzipped) is not part of the first
// page: `notifications.show()` only fills the store, and the container loads with the first notification
// and shows it. Should it fail to load (offline), nothing shows, but the app goes on.
const Notifications = lazy<ComponentType<NotificationsProps>>(() =>
  import('./notifications.ts').then(
    (module) => ({ default: module.Notifications }),
    () => ({ default: () => null }),
  ),
);

/** Mantine's `<Notifications>`, from the first notification on. */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (notifications.length > 0 && !isNeeded) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
