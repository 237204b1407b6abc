import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { createFeed, getFeed, myBookingsKeys, revokeFeed, serverText } from './myBookingsApi.js';

/**
 * The personal iCalendar feed: a secret address Outlook or Google Calendar subscribes to. The
 * server keeps only a hash of it, so the address is shown once, right after it is made.
 */
export function CalendarFeedPanel() {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: myBookingsKeys.feed, queryFn: getFeed });
  const [url, setUrl] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: myBookingsKeys.feed });
  const create = useMutation({ mutationFn: createFeed, onSuccess: (f) => { setUrl(f.Url); return refresh(); } });
  const revoke = useMutation({ mutationFn: revokeFeed, onSuccess: () => { setUrl(null); return refresh(); } });
  const enabled = feed.data?.Enabled ?? false;
  const error = create.error ?? revoke.error;

  const askRevoke = () => modals.openConfirmModal({
    title: 'Turn off the calendar feed',
    children: <Text>Are you sure? Calendars subscribed to the address will stop updating.</Text>,
    labels: { confirm: 'Turn off', cancel: 'Keep it' },
    confirmProps: { color: 'red' },
    onConfirm: () => revoke.mutate(),
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="calendar-feed-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-heading">Calendar feed</Title>
        <Text size="sm">
          Subscribe to your bookings in Outlook or Google Calendar with a private address. Anyone with the address can see your
          bookings, so keep it to yourself; make a new one at any time and the old one stops working.
        </Text>
        {error && <Alert color="red" role="alert">{`Unable to change the calendar feed: ${serverText(error)}`}</Alert>}
        {url && (
          <Group align="flex-end" wrap="wrap">
            <TextInput label="Your calendar address" value={url} readOnly style={{ flex: 1, minWidth: 220 }} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={url}>
              {({ copied, copy }) => <Button onClick={copy} color={copied ? 'teal' : undefined}>{copied ? 'Copied' : 'Copy address'}</Button>}
            </CopyButton>
          </Group>
        )}
        {!url && enabled && <Text size="sm" c="gray.7">Your calendar feed is on. Its address was shown when it was made; make a new one if you need it again.</Text>}
        {/* Until the feed's state is in, "Create" might be offered for a feed that is already on. */}
        {feed.isPending ? <LoadingState what="your calendar feed" size="sm" minHeight={36} /> : (
          <Group>
            <Button variant="light" onClick={() => create.mutate()} loading={create.isPending}>
              {enabled ? 'Make a new address' : 'Create calendar feed'}
            </Button>
            {enabled && <Button variant="subtle" color="red" onClick={askRevoke} loading={revoke.isPending}>Turn off calendar feed</Button>}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
