import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '../../../domain/wire/bookings.js';
import { ApiError } from '../../app/api.js';
import { useDateFormat } from '../appShell/index.js';
import { myBookingsKeys } from '../myBookings/myBookingsApi.js';
import { useNow } from '../myBookings/useNow.js';
import { deskCheckInAction, mayNeedCheckIn, type Span } from './deskCheckInAction.js';
import { checkInAtDesk, deskCheckInKeys, getDeskCheckInState } from './deskCheckInApi.js';

/** Green with enough contrast for text (as the room check-in page uses). */
const GREEN = '#237032';

interface Props {
  floorplanId: number;
  deskId: string;
  /** The booking this is about (My Bookings); null on the desk map: whichever booking of mine the desk has now or next. */
  bookingId: number | null;
  /** Words for the button's accessible name, e.g. the desk's name. */
  what: string;
  /** The desk map's chosen times: the action only for a booking overlapping them. */
  during?: Span | null;
}

/**
 * "Check in" for the caller's own desk booking (issue 24), for My Bookings and the desk map: asks the
 * scan route (GET /api/desk-check-in/{floorplanId}/{deskId}) for the booking's window, then offers the
 * button while it is open, says when it opens before that, and nothing where no check-in is needed.
 */
export function DeskCheckInAction({ floorplanId, deskId, bookingId, what, during }: Props) {
  const queryClient = useQueryClient();
  const now = useNow();
  const key = deskCheckInKeys.state(floorplanId, deskId);
  // The window is in the answer and `now` moves between its states, so there is no need to ask again often.
  const state = useQuery({ queryKey: key, queryFn: () => getDeskCheckInState(floorplanId, deskId), staleTime: 5 * 60_000, retry: false });
  const dates = useDateFormat(state.data?.Desk.TimeZone);
  const checkIn = useMutation({
    mutationFn: () => checkInAtDesk(floorplanId, deskId),
    onSuccess: async (r) => {
      notifications.show({ message: r.Message, color: 'green' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: myBookingsKeys.all })]);
    },
  });

  // Loading or failing quietly: the card is still whole without this line, and the scan page remains.
  if (!state.data) return null;
  const action = checkIn.isSuccess ? { kind: 'checkedIn' as const } : deskCheckInAction(state.data, bookingId, now, during);
  switch (action.kind) {
    case 'none':
      return null;
    case 'checkedIn':
      return <Text size="sm" c={GREEN} fw={600} data-desk-check-in="done"><span aria-hidden="true">✓ </span>Checked in</Text>;
    case 'early': {
      const opens = dates.day(action.opens) === dates.day(now) ? dates.time(action.opens) : dates.dayTime(action.opens);
      return <Text size="sm" c="gray.7" data-desk-check-in="early">Check-in opens at {opens}</Text>;
    }
    case 'open':
      return (
        <div data-desk-check-in="open">
          <Button size="xs" color={GREEN} loading={checkIn.isPending} onClick={() => checkIn.mutate()} aria-label={`Check in at ${what}`}>Check in</Button>
          {checkIn.isError && (
            <Text size="sm" c="red.9" role="alert" mt={4}>
              {checkIn.error instanceof ApiError ? checkIn.error.serverMessage : 'Check-in failed. Please try again.'}
            </Text>
          )}
        </div>
      );
  }
}

/**
 * The action on a My Bookings card. Asks the server only for desk bookings that may need it now:
 * approved, not checked in, starting within the next 24 hours and not over (see ASK_AHEAD_MS).
 * Once the booking is checked in the card itself says so ("Checked in"), so this shows nothing.
 */
export function MyDeskBookingCheckIn({ booking: b, now }: { booking: Booking; now: Date }) {
  if (!mayNeedCheckIn(b, now)) return null;
  return <DeskCheckInAction floorplanId={b.FloorplanId} deskId={b.DeskId} bookingId={b.Id} what={b.DeskName ?? b.DeskId} />;
}
