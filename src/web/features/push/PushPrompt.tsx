import { Alert, Box, Button, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { basePath } from '../../app/basePath.js';
import { isSnoozed, snoozeCookie } from './pushSnooze.js';
import { currentSubscription, pushSupported, saveSubscription, subscribeToPush } from './pushClient.js';
import { pushFailureText, type PushFailureText } from './pushFailure.js';

/** Asked at most once per page load, whatever happens (React StrictMode mounts effects twice). */
let handledThisPage = false;

const snooze = () => {
  document.cookie = snoozeCookie(new Date(), basePath, window.location.protocol === 'https:');
};

/**
 * The push notification dialog (SPEC 2.9): on the home menu, signed in, when this browser can take
 * push messages but has no subscription, permission is not denied, and 'Not now' was not chosen in
 * the last month (cookie). Non-modal and placed after the page's own content, so it never covers or
 * precedes the menu. A browser already subscribed is silently re-registered for whoever is signed in (with a new
 * endpoint when the old one is another person's: saveSubscription).
 */
export function PushPrompt() {
  const { pathname } = useLocation();
  const onMenu = pathname === '/menu';
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set when turning on did not work: the panel stays, saying why and what to do, until closed.
  const [failure, setFailure] = useState<PushFailureText | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!onMenu || handledThisPage || !pushSupported()) return;
    if (Notification.permission === 'denied') return;
    handledThisPage = true;
    if (Notification.permission === 'default') {
      if (!isSnoozed(document.cookie)) setOpen(true);
      return;
    }
    // Permission granted earlier: keep the server's record in step; ask only if there is no subscription.
    void currentSubscription()
      .then((sub) => {
        if (sub) return saveSubscription(sub);
        if (!isSnoozed(document.cookie)) setOpen(true);
        return undefined;
      })
      .catch((err: unknown) => console.error('Unable to refresh the push subscription', err));
  }, [onMenu]);

  if (!open || !onMenu) return null;

  const notNow = () => {
    snooze();
    setOpen(false);
  };

  const turnOn = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        // Blocked or dismissed: do not ask again for a month, and say so.
        snooze();
        setFailure(pushFailureText(permission === 'denied' ? 'blocked' : 'dismissed'));
        return;
      }
      await subscribeToPush();
      notifications.show({ color: 'green', message: 'Notifications are on for this browser.' });
      setOpen(false);
    } catch (err) {
      // SPEC 7: the failure is logged; the person is also told what happened. Not asking again for a
      // month stops a nag loop on browsers whose push service cannot be reached.
      console.error('Unable to subscribe to push notifications', err);
      snooze();
      setFailure(pushFailureText('failed', err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box maw={1000} mx="auto" px={{ base: 'sm', sm: 'md' }} pb="lg">
      <Paper role="dialog" aria-labelledby={titleId} withBorder shadow="sm" p="md" radius="md" data-push-prompt>
        <Title order={2} size="h4" id={titleId}>{failure ? failure.title : 'Get notified about your bookings?'}</Title>
        {failure ? (
          <>
            <Alert mt="xs" color="orange" role="alert" data-push-failure>{failure.body}</Alert>
            <Group mt="md" justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>Close</Button>
            </Group>
          </>
        ) : (
          <>
            <Text mt="xs" size="sm">
              Hotdesk can send a notification to this device when a room request is approved or rejected, or when one of
              your bookings is cancelled for you.
            </Text>
            <Group mt="md" gap="sm" justify="flex-end">
              <Button variant="default" onClick={notNow} disabled={busy}>Not now</Button>
              <Button onClick={() => void turnOn()} loading={busy}>Turn on notifications</Button>
            </Group>
          </>
        )}
      </Paper>
    </Box>
  );
}
