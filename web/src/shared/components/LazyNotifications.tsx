import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

/** The container's chunk: a call that ends with a toast (the log-in's welcome) asks for it when it starts. */
export const loadNotifications = () => import('./notifications-container');

const Notifications = lazy(() => loadNotifications().then((module) => ({ default: module.Notifications })));

/**
 * The toasts (Mantine's Notifications), whose container loads with the first toast shown: the
 * screens call notifications.show() as usual, the toast waits in the store until the container is
 * there (a few ms; the log-in asks for it with its call, so its welcome shows at once) and shows
 * for its 4 s; a first screen without a toast does without it.
 */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
