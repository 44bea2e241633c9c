// The toasts' container (~10 KB gzip with its transitions), loaded by LazyNotifications.
export { Notifications } from '@mantine/notifications';
