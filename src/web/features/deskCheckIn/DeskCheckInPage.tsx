import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { DeskCheckInResult, DeskCheckInState } from '../../../domain/wire/deskCheckIn.js';
import { ApiError } from '../../app/api.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useDateFormat } from '../appShell/index.js';
import { bookNowAtDesk, checkInAtDesk, deskCheckInKeys, getDeskCheckInState } from './deskCheckInApi.js';

/** Green with enough contrast for text (as the room check-in page uses). */
const GREEN = '#237032';
export const NOT_FOUND = "This desk could not be found. It may have been removed from the floorplan; please tell the building's admin.";

const failure = (err: unknown) => (err instanceof ApiError ? err.serverMessage : 'Something went wrong. Please try again.');

/**
 * /desk-check-in/{floorplanId}/{deskId}: the page a desk's QR code opens (issue 24). Signed-in only:
 * a signed-out person is sent to sign in and comes back here. Checks in the person's booking at this
 * desk, or offers to book the free desk now, or says whose it is (as the map would).
 */
export function DeskCheckInPage() {
  const params = useParams();
  const floorplanId = Number(params['floorplanId']);
  const deskId = params['deskId'] ?? '';
  const valid = Number.isInteger(floorplanId) && floorplanId > 0 && deskId !== '';
  const state = useQuery({
    queryKey: deskCheckInKeys.state(floorplanId, deskId), queryFn: () => getDeskCheckInState(floorplanId, deskId), enabled: valid,
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });

  if (!valid || (state.error instanceof ApiError && state.error.status === 404)) {
    return (
      <Panel>
        <PageHeading>Desk check-in</PageHeading>
        <Alert color="red" role="alert">{NOT_FOUND}</Alert>
      </Panel>
    );
  }
  const s = state.data;
  return (
    <>
      {state.error && <LoadErrorBar message={`Unable to load the desk: ${failure(state.error)}`} onRetry={() => void state.refetch()} retrying={state.isFetching} />}
      <Panel>
        <PageHeading>{s ? `Check in: ${s.Desk.Name}` : 'Desk check-in'}</PageHeading>
        {state.isPending && <LoadingState what="the desk" />}
        {s && (
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-labelledby="desk-heading">
              <Title order={2} size="h4" id="desk-heading">Desk</Title>
              <Text>{s.Desk.Name}, {s.Desk.FloorplanName}, {s.Desk.LocationName}, {s.Desk.SiteName}</Text>
              <Text size="sm" c="gray.7">
                {s.CheckInRequired
                  ? `Bookings here need a check-in from ${s.BeforeMinutes} minutes before to ${s.AfterMinutes} minutes after their start, or they are released.`
                  : 'No check-in is needed at this desk.'}
              </Text>
            </Paper>
            <WhatNow s={s} />
          </Stack>
        )}
      </Panel>
    </>
  );
}

function WhatNow({ s }: { s: DeskCheckInState }) {
  const queryClient = useQueryClient();
  const dates = useDateFormat(s.Desk.TimeZone);
  const [done, setDone] = useState<DeskCheckInResult | null>(null);
  const key = deskCheckInKeys.state(s.Desk.FloorplanId, s.Desk.DeskId);
  const after = { onSuccess: (r: DeskCheckInResult) => { setDone(r); return queryClient.invalidateQueries({ queryKey: key }); } };
  const checkIn = useMutation({ mutationFn: () => checkInAtDesk(s.Desk.FloorplanId, s.Desk.DeskId), ...after });
  const bookNow = useMutation({ mutationFn: () => bookNowAtDesk(s.Desk.FloorplanId, s.Desk.DeskId), ...after });
  const error = checkIn.error ?? bookNow.error;
  const b = s.YourBooking;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="booking-heading">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="booking-heading">Your booking</Title>
        {error && <Alert color="red" role="alert" title="Unable to check in" w="100%">{failure(error)}</Alert>}
        {b && <Text>{dates.range(b.Start, b.Finish)}</Text>}
        {b?.CheckedIn && (
          <Text fw={700} c={GREEN} size="lg" role="status">
            {done?.Message ?? "You're checked in."} {b.CheckedInAt && !done ? `(at ${dates.time(b.CheckedInAt)})` : ''}
          </Text>
        )}
        {b && !b.CheckedIn && b.Window === 'early' && (
          <Text role="status">Check-in opens at {dates.time(b.CheckInOpens)}, {s.BeforeMinutes} minutes before your booking starts. Please scan again then.</Text>
        )}
        {b && !b.CheckedIn && b.Window === 'closed' && (
          <Text role="status">
            {s.CheckInRequired
              ? `Check-in closed at ${dates.time(b.CheckInCloses)}, ${s.AfterMinutes} minutes after your booking started.`
              : 'No check-in is needed for this booking.'}
          </Text>
        )}
        {b && !b.CheckedIn && b.Window === 'open' && (
          <>
            {!s.CheckInRequired && <Text size="sm">No check-in is needed for this booking, but you may check in.</Text>}
            <Button color={GREEN} loading={checkIn.isPending} onClick={() => checkIn.mutate()}>Check in</Button>
          </>
        )}
        {!b && (
          <>
            <Text>You have no booking at this desk now.</Text>
            {s.YourDeskElsewhere && (
              <Text data-testid="desk-elsewhere">
                This is not your desk: you booked {s.YourDeskElsewhere.DeskName} on {s.YourDeskElsewhere.FloorplanName}, {dates.range(s.YourDeskElsewhere.Start, s.YourDeskElsewhere.Finish)}.
              </Text>
            )}
            {s.TakenNow && <Text fw={600} role="status">{s.TakenBy ? `This desk is taken now by ${s.TakenBy}.` : 'This desk is taken now.'}</Text>}
            {s.BookNow && (
              <>
                <Text>This desk is free. You can book it now until {dates.time(s.BookNow.Finish)} and check in at once.</Text>
                <Button color={GREEN} loading={bookNow.isPending} onClick={() => bookNow.mutate()}>Book now and check in</Button>
              </>
            )}
            {!s.TakenNow && !s.BookNow && <Text size="sm" c="gray.7">This desk cannot be booked now.</Text>}
          </>
        )}
      </Stack>
    </Paper>
  );
}
