import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import { withBase } from '../../app/basePath.js';
import { useLiveEvents } from '../../app/live/useLiveEvents.js';
import { siteZonesQuery } from '../appShell/useSiteZones.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { BookingCard } from './BookingCard.js';
import { CalendarFeedPanel } from './CalendarFeedPanel.js';
import { CancelSeriesModal } from './CancelSeriesModal.js';
import { EditBookingModal } from './EditBookingModal.js';
import { EditSeriesModal } from './EditSeriesModal.js';
import { cancelBooking, checkInTo, EXPORT_PATH, getMyBookings, myBookingsKeys, PAST_PAGE, serverText } from './myBookingsApi.js';
import { bookingTitle } from './myBookingsView.js';
import { SeriesCard } from './SeriesCard.js';
import { groupBySeries, type CancelScope } from './seriesGroups.js';
import { useNow } from './useNow.js';

/** An occurrence of a repeating booking being cancelled: which one, its series' bookings here, what is preselected. */
interface SeriesCancel { booking: Booking; seriesId: string; members: Booking[]; scope: CancelScope }
/** An occurrence being edited: the same choices (this one, this and the following, the whole series). */
type SeriesEdit = SeriesCancel;

/**
 * /menu/mybookings (SPEC 2.6): the person's upcoming and past desk and room bookings, their own and
 * those made on their behalf, with cancel ('Are you sure?'), edit, check-in, CSV export and a
 * personal calendar feed. A repeating booking is one card (issue 22) that opens to its occurrences;
 * cancelling one of them asks whether to cancel it, it and the following ones, or the whole series.
 */
export function MyBookingsPage() {
  const queryClient = useQueryClient();
  const now = useNow();
  const [pastLimit, setPastLimit] = useState(PAST_PAGE);
  const list = useQuery({
    queryKey: myBookingsKeys.list(pastLimit), queryFn: () => getMyBookings(pastLimit), placeholderData: keepPreviousData, refetchInterval: 60_000,
  });
  // The cards show times on their site's clock: the sites' zones load with the list, not after the
  // first card asks for them (times would otherwise jump from the browser's zone to the site's).
  const zones = useQuery(siteZonesQuery);
  const [editing, setEditing] = useState<Booking | null>(null);
  const [seriesCancel, setSeriesCancel] = useState<SeriesCancel | null>(null);
  const [seriesEdit, setSeriesEdit] = useState<SeriesEdit | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: myBookingsKeys.all });
  // One's own bookings changed anywhere (approved, released, cancelled by an admin or a closure) show
  // without a reload (issue 24); the minute's poll stays as the fallback if the live channel drops.
  useLiveEvents((m) => m.type === 'resync' || (m.type === 'booking' && m.booking.Mine), () => void refresh());

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

  const seriesMembers = (seriesId: string) => (list.data?.Upcoming ?? []).filter((x) => x.SeriesId === seriesId);
  const askCancelSeries = (b: Booking, seriesId: string, scope: CancelScope) =>
    setSeriesCancel({ booking: b, seriesId, members: seriesMembers(seriesId), scope });
  const askEditSeries = (b: Booking, seriesId: string, scope: CancelScope) =>
    setSeriesEdit({ booking: b, seriesId, members: seriesMembers(seriesId), scope });
  // Editing an occurrence asks which bookings, as calendars do; a single booking opens its own form.
  const askEdit = (b: Booking) => (b.SeriesId ? askEditSeries(b, b.SeriesId, 'This') : setEditing(b));

  const askCancel = (b: Booking) => b.SeriesId ? askCancelSeries(b, b.SeriesId, 'This') : modals.openConfirmModal({
    title: `Cancel booking of ${bookingTitle(b)}`,
    children: <Text>Are you sure?</Text>,
    labels: { confirm: 'Yes, cancel it', cancel: 'No, keep it' },
    confirmProps: { color: 'red' },
    onConfirm: () => cancel.mutate(b),
  });

  const card = (b: Booking, headingOrder: 3 | 4 = 3) => (
    <BookingCard key={b.Id} booking={b} now={now} onCancel={askCancel} onEdit={askEdit} onCheckIn={(x) => checkIn.mutate(x)}
      checkingIn={checkIn.isPending && checkIn.variables?.Id === b.Id} headingOrder={headingOrder} />
  );
  /** A section's bookings with each series gathered into one card. */
  const cards = (bookings: Booking[], upcoming: boolean) => groupBySeries(bookings).map((entry) => entry.kind === 'single'
    ? card(entry.item)
    : (
      <SeriesCard key={`series-${entry.seriesId}`} seriesId={entry.seriesId} members={entry.items} now={now} upcoming={upcoming}
        renderOccurrence={(b) => card(b, 4)} onCancelSeries={(next) => askCancelSeries(next, entry.seriesId, 'Series')}
        onChangeSeries={(next) => askEditSeries(next, entry.seriesId, 'Series')} />
    ));
  const data = zones.isPending ? undefined : list.data;

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
            {(list.isPending || zones.isPending) && <LoadingState what="your bookings" />}
            {data?.Upcoming.length === 0 && <Text>You have no upcoming bookings.</Text>}
            {data && cards(data.Upcoming, true)}
          </Stack>
          <Stack component="section" aria-labelledby="past-heading" gap="sm">
            <Title order={2} size="h3" id="past-heading">Past</Title>
            {data?.Past.length === 0 && <Text>No past bookings.</Text>}
            {data && cards(data.Past, false)}
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
      {seriesCancel && (
        <CancelSeriesModal booking={seriesCancel.booking} seriesId={seriesCancel.seriesId} members={seriesCancel.members}
          initialScope={seriesCancel.scope} now={now} onClose={() => setSeriesCancel(null)}
          onCancelled={() => { setActionError(null); return refresh(); }} />
      )}
      {seriesEdit && (
        <EditSeriesModal booking={seriesEdit.booking} seriesId={seriesEdit.seriesId} members={seriesEdit.members}
          initialScope={seriesEdit.scope} now={now} onClose={() => setSeriesEdit(null)}
          onSaved={() => { setActionError(null); return refresh(); }} />
      )}
      {editing && <EditBookingModal booking={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </>
  );
}
