import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const NotificationsHost = lazy(() => import('./NotificationsHost.js'));

const anyShown = (state: ReturnType<typeof notificationsStore.getState>) => state.notifications.length > 0 || state.queue.length > 0;

/**
 * The toast container, fetched when the first toast is shown rather than with every screen (it and
 * its transitions are ~10 kB compressed that most visits never use). `notifications.show()` works
 * before it is in: the toast waits in @mantine/notifications' store and appears when it mounts.
 */
export function LazyNotifications() {
  const [needed, setNeeded] = useState(() => anyShown(notificationsStore.getState()));
  useEffect(() => {
    if (needed) return undefined;
    if (anyShown(notificationsStore.getState())) setNeeded(true);
    const unsubscribe = notificationsStore.subscribe((state) => { if (anyShown(state)) setNeeded(true); });
    return () => { unsubscribe(); };
  }, [needed]);
  return needed ? <Suspense fallback={null}><NotificationsHost /></Suspense> : null;
}
