import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDayTime } from '../../../domain/dateFormat.js';
import { FREE_BUSY_FUTURE_DAYS, FREE_BUSY_PAST_DAYS, type RoomFreeBusyFeed } from '../../../domain/wire/roomFreeBusy.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { withReason } from '../sites/errorText.js';
import { getRoomFreeBusy, makeRoomFreeBusy, roomFreeBusyKey, turnOffRoomFreeBusy } from './roomFreeBusyApi.js';

/** One secret address with its copy button. */
function FeedAddress({ label, hint, url }: { label: string; hint: string; url: string }) {
  return (
    <Group align="flex-end" wrap="wrap" gap="xs">
      <TextInput label={label} description={hint} value={url} readOnly style={{ flex: 1, minWidth: 220 }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button onClick={copy} color={copied ? 'teal' : undefined} aria-label={`Copy the ${label.toLowerCase()} address`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The room's free/busy feed in its settings (admins): a secret address that calendar apps and room
 * finders read to show when the room is taken, with no names or meeting titles. The server keeps
 * only a hash of the secret, so the addresses are shown once, right after they are made; rotating
 * makes new ones and stops the old ones at once.
 */
export function RoomFreeBusySection({ roomId }: { roomId: number }) {
  const queryClient = useQueryClient();
  const key = roomFreeBusyKey(roomId);
  const feed = useQuery({ queryKey: key, queryFn: () => getRoomFreeBusy(roomId) });
  const [made, setMade] = useState<RoomFreeBusyFeed | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const make = useMutation({ mutationFn: () => makeRoomFreeBusy(roomId), onSuccess: (f) => { setMade(f); return refresh(); } });
  const turnOff = useMutation({ mutationFn: () => turnOffRoomFreeBusy(roomId), onSuccess: () => { setMade(null); return refresh(); } });
  const enabled = feed.data?.Enabled ?? false;
  const changeError = make.error ?? turnOff.error;

  const askRotate = () => modals.openConfirmModal({
    title: 'Rotate the free/busy addresses',
    children: <Text size="sm">New addresses are made and the current ones stop working at once. Every calendar or room finder that reads them must be given the new ones.</Text>,
    labels: { confirm: 'Rotate', cancel: 'Keep the current ones' },
    confirmProps: { color: 'red' },
    onConfirm: () => make.mutate(),
  });
  const askTurnOff = () => modals.openConfirmModal({
    title: 'Turn off the free/busy feed',
    children: <Text size="sm">The addresses stop working at once; calendars and room finders that read them no longer see this room's busy times.</Text>,
    labels: { confirm: 'Turn off', cancel: 'Keep it on' },
    confirmProps: { color: 'red' },
    onConfirm: () => turnOff.mutate(),
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} mt="md" component="section" aria-labelledby="room-free-busy-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="room-free-busy-heading">Free/busy feed</Title>
        <Text size="sm">
          Let calendar apps (Outlook, Google Calendar, Apple Calendar) and room finders show when this room is taken, from{' '}
          {FREE_BUSY_PAST_DAYS} days back to {FREE_BUSY_FUTURE_DAYS} days ahead. They see only busy times: no names, meeting
          titles or descriptions. Anyone with the address can see them.
        </Text>
        {feed.error && (
          <Alert color="red" role="alert" title="Unable to load the free/busy feed">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{withReason('The server answered', feed.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void feed.refetch()} loading={feed.isFetching}>Try again</Button>
            </Group>
          </Alert>
        )}
        {changeError && <Alert color="red" role="alert">{withReason('Unable to change the free/busy feed', changeError)}</Alert>}
        {made?.EventsUrl && made.FreeBusyUrl && (
          <Stack gap="xs">
            <Alert color="blue" title="Copy the addresses now">
              Only a fingerprint of them is kept, so they are not shown again. If they are lost, rotate to make new ones.
            </Alert>
            <FeedAddress label="Calendar subscription" hint="Busy times as events: subscribe from Outlook, Google or Apple Calendar." url={made.EventsUrl} />
            <FeedAddress label="Free/busy" hint="One VFREEBUSY object, for room finders and free/busy readers." url={made.FreeBusyUrl} />
          </Stack>
        )}
        {feed.isPending ? <LoadingState what="the free/busy feed" size="sm" minHeight={36} /> : !feed.error && (
          <>
            {enabled && !made && feed.data?.Since && (
              <Text size="sm" c="gray.7">
                On since {formatDayTime(feed.data.Since)}. The addresses were shown when they were made; rotate to get new ones.
              </Text>
            )}
            {!enabled && <Text size="sm" c="gray.7">The free/busy feed is off.</Text>}
            <Group>
              {enabled ? (
                <>
                  <Button variant="light" onClick={askRotate} loading={make.isPending}>Rotate addresses</Button>
                  <Button variant="subtle" color="red" onClick={askTurnOff} loading={turnOff.isPending}>Turn off</Button>
                </>
              ) : (
                <Button variant="light" onClick={() => make.mutate()} loading={make.isPending}>Turn on free/busy feed</Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
