import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import { withBase } from '../../app/basePath.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { BookingCard } from './BookingCard.js';
import { CalendarFeedPanel } from './CalendarFeedPanel.js';
import { EditBookingModal } from './EditBookingModal.js';
import { cancelBooking, checkInTo, EXPORT_PATH, getMyBookings, myBookingsKeys, PAST_PAGE, serverText } from './myBookingsApi.js';
import { bookingTitle } from './myBookingsView.js';
import { useNow } from './useNow.js';

/**
 * /menu/mybookings (SPEC 2.6): the person's upcoming and past desk and room bookings, their own and
 * those made on their behalf, with cancel ('Are you sure?'), edit, check-in, CSV export and a
 * personal calendar feed.
 */
export function MyBookingsPage() {
  const queryClient = useQueryClient();
  const now = useNow();
  const [pastLimit, setPastLimit] = useState(PAST_PAGE);
  const list = useQuery({
    queryKey: myBookingsKeys.list(pastLimit), queryFn: () => getMyBookings(pastLimit), placeholderData: keepPreviousData, refetchInterval: 60_000,
  });
  const [editing, setEditing] = useState<Booking | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: myBookingsKeys.all });

  const cancel = useMutation({
    mutationFn: (b: Booking) => cancelBooking(b),
    onSuccess: (_r, b) => {
      setActionError(null);
      notifications.show({ message: `Booking of ${bookingTitle(b)} cancelled`, color: 'green' });
      return refresh();
    },
    onError: (err) => setActionError(`Unable to cancel booking: ${serverText(err)}`),
  });
  const checkIn = useMutation({
    mutationFn: (b: Booking) => checkInTo(b.Id),
    onSuccess: (r) => {
      setActionError(null);
      notifications.show({ message: r.Message, color: 'green' });
      return refresh();
    },
    onError: (err) => setActionError(`An error occurred. Unable to check-in. ${serverText(err)}`),
  });

  const askCancel = (b: Booking) => modals.openConfirmModal({
    title: `Cancel booking of ${bookingTitle(b)}`,
    children: <Text>Are you sure?</Text>,
    labels: { confirm: 'Yes, cancel it', cancel: 'No, keep it' },
    confirmProps: { color: 'red' },
    onConfirm: () => cancel.mutate(b),
  });

  const card = (b: Booking) => (
    <BookingCard key={b.Id} booking={b} now={now} onCancel={askCancel} onEdit={setEditing} onCheckIn={(x) => checkIn.mutate(x)}
      checkingIn={checkIn.isPending && checkIn.variables?.Id === b.Id} />
  );
  const data = list.data;

  return (
    <>
      {list.error && <LoadErrorBar message="Unable to load bookings" onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      {actionError && <ErrorBar message={actionError} />}
      <Panel>
        <Group justify="space-between" align="flex-start">
          <PageHeading>My Bookings</PageHeading>
          <Button component="a" href={withBase(EXPORT_PATH)} download variant="default">Export CSV</Button>
        </Group>
        <Stack gap="lg">
          <Stack component="section" aria-labelledby="upcoming-heading" gap="sm">
            <Title order={2} size="h3" id="upcoming-heading">Upcoming</Title>
            {list.isPending && <LoadingState what="your bookings" />}
            {data?.Upcoming.length === 0 && <Text>You have no upcoming bookings.</Text>}
            {data?.Upcoming.map(card)}
          </Stack>
          <Stack component="section" aria-labelledby="past-heading" gap="sm">
            <Title order={2} size="h3" id="past-heading">Past</Title>
            {data?.Past.length === 0 && <Text>No past bookings.</Text>}
            {data?.Past.map(card)}
            {data?.HasMorePast && (
              <Button variant="subtle" onClick={() => setPastLimit((n) => Math.min(n + PAST_PAGE, 500))} loading={list.isFetching}>
                Show older bookings
              </Button>
            )}
          </Stack>
          <CalendarFeedPanel />
          <BackToMenu />
        </Stack>
      </Panel>
      {editing && <EditBookingModal booking={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </>
  );
}
