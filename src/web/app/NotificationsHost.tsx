import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Where toasts appear (top right): its own chunk, loaded with the first toast (LazyNotifications). */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
