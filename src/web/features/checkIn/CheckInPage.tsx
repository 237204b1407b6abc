import { Alert, Badge, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { bookingStatusInWords, isBookingStatus, BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { isValidEmail } from '../../../domain/email.js';
import type { CheckInPageMeeting } from '../../../domain/wire/myBookings.js';
import { ApiError } from '../../app/api.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useDateFormat } from '../appShell/index.js';
import { checkIn, checkInKeys, getCheckInInfo, isSignedIn } from './checkInApi.js';

export const EMAIL_NEEDED = 'Please enter a valid email address';
export const CHECK_IN_FAILED = 'An error occurred. Unable to check-in.';
export const CHECKED_IN = "You're Checked-In";
export const NOT_YOURS = 'Only the person who booked this meeting, the person it was booked for, or an admin of this room can check in to it.';
export const EMAIL_HELP = 'The e-mail address of the person who booked the meeting, or of the person it was booked for.';

/**
 * /check-in/{siteId}/{locationId}/{roomId}?rn={slug} (SPEC 2.7), reached by the QR code on the room's
 * door and usable signed out: the room, its previous and upcoming meetings, and a Check-in button
 * (with an e-mail field when signed out) or "You're Checked-In".
 */
export function CheckInPage() {
  const params = useParams();
  const [siteId, locationId, roomId] = [params['siteId'], params['locationId'], params['roomId']].map(Number) as [number, number, number];
  const valid = [siteId, locationId, roomId].every((n) => Number.isInteger(n) && n > 0);
  const info = useQuery({
    queryKey: checkInKeys.info(siteId, locationId, roomId), queryFn: () => getCheckInInfo(siteId, locationId, roomId),
    enabled: valid, refetchInterval: 60_000,
  });
  const signedIn = useQuery({ queryKey: checkInKeys.signedIn, queryFn: isSignedIn, retry: false });

  if (!valid || (info.error instanceof ApiError && info.error.status === 404)) {
    return (
      <Panel>
        <PageHeading>Room check-in</PageHeading>
        <Alert color="red" role="alert">This room could not be found. Please scan the code on the room's door again.</Alert>
      </Panel>
    );
  }
  const room = info.data?.RoomDetails;
  return (
    <>
      {info.error && (
        <LoadErrorBar message={info.error instanceof ApiError && info.error.status === 429 ? `Unable to load room details: ${info.error.serverMessage}` : 'Unable to load room details'}
          onRetry={() => void info.refetch()} retrying={info.isFetching} />
      )}
      <Panel>
        <PageHeading>{room ? `Check-in: ${room.Name}` : 'Room check-in'}</PageHeading>
        {info.isPending && <LoadingState what="the room's details" />}
        {info.data && room && (
          <Stack gap="lg">
            <Paper withBorder p="md" component="section" aria-labelledby="room-heading">
              <Title order={2} size="h4" id="room-heading">Room details</Title>
              <Text>{room.Name}, {room.LocationName}{room.BuildingNameNo ? ` (${room.BuildingNameNo})` : ''}, {room.SiteName}</Text>
              <Text size="sm">Capacity: {room.Capacity}</Text>
              {room.Equipment && <Text size="sm">Equipment: {room.Equipment}</Text>}
              {room.Notes && <Text size="sm">{room.Notes}</Text>}
              {!room.RoomCheckIns && <Text size="sm" c="gray.7">Check-in is optional in this room.</Text>}
            </Paper>
            <UpcomingMeeting meeting={info.data.UpcomingMeeting} timeZone={room.TimeZone} signedIn={signedIn.data === true} infoKey={checkInKeys.info(siteId, locationId, roomId)} />
            <Paper withBorder p="md" component="section" aria-labelledby="previous-heading">
              <Title order={2} size="h4" id="previous-heading">Previous meeting</Title>
              {info.data.PreviousMeeting ? <MeetingLines m={info.data.PreviousMeeting} timeZone={room.TimeZone} /> : <Text>No previous meeting.</Text>}
            </Paper>
          </Stack>
        )}
      </Panel>
    </>
  );
}

/** `timeZone`: the room's site's, whose wall clock the times are. */
function MeetingLines({ m, timeZone }: { m: CheckInPageMeeting; timeZone: string }) {
  const dates = useDateFormat(timeZone);
  return (
    <Stack gap={2}>
      {/* The description reaches this page only for the meeting's people, or when the room shows descriptions. */}
      <Text fw={600}>{m.Description || 'Meeting'}</Text>
      <Text size="sm">{dates.range(m.Start, m.Finish)}</Text>
      {m.BookedByUserName && <Text size="sm">Booked by {m.BookedByUserName}</Text>}
      {isBookingStatus(m.Status) && m.Status !== BOOKING_STATUS.Approved && <Badge variant="light" color="gray" tt="none">{bookingStatusInWords(m.Status)}</Badge>}
      {m.CheckedIn && m.Status === BOOKING_STATUS.Approved && <Text size="sm" c="#237032">Checked in</Text>}
    </Stack>
  );
}

function UpcomingMeeting({ meeting, timeZone, signedIn, infoKey }: {
  meeting: CheckInPageMeeting | null; timeZone: string; signedIn: boolean; infoKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const dates = useDateFormat(timeZone);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const go = useMutation({
    mutationFn: (m: CheckInPageMeeting) => checkIn(m.Id, signedIn ? undefined : email.trim()),
    onSuccess: (r) => { setDone(r.Message); return queryClient.invalidateQueries({ queryKey: infoKey }); },
  });
  const emailOk = signedIn || isValidEmail(email);
  // The server refused this e-mail for this meeting (not the booker's nor the on-behalf person's).
  const emailRefused = go.error instanceof ApiError && go.error.fieldErrors?.['Email'] !== undefined;
  const mayTry = !signedIn || meeting?.IsYours === true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (meeting && emailOk) go.mutate(meeting);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="upcoming-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="upcoming-heading">Upcoming meeting</Title>
        {!meeting && <Text>No upcoming meetings in this room.</Text>}
        {meeting && <MeetingLines m={meeting} timeZone={timeZone} />}
        {meeting && (
          <Text size="sm" c="gray.7">
            Check-in is open from {dates.time(meeting.CheckInOpens)} to {dates.time(meeting.CheckInCloses)}.
          </Text>
        )}
        {go.error && (
          <Alert color="red" role="alert" title={CHECK_IN_FAILED}>
            {go.error instanceof ApiError ? go.error.serverMessage : null}
          </Alert>
        )}
        {meeting && meeting.CheckedIn && <Text fw={700} c="#237032" size="lg" role="status">{CHECKED_IN}</Text>}
        {meeting && !meeting.CheckedIn && meeting.Status === BOOKING_STATUS.Approved && !mayTry && (
          <Text size="sm" data-testid="not-yours">{NOT_YOURS}</Text>
        )}
        {meeting && !meeting.CheckedIn && meeting.Status === BOOKING_STATUS.Approved && mayTry && (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm" align="flex-start">
              {!signedIn && (
                <TextInput label="Your e-mail address" description={EMAIL_HELP} type="email" autoComplete="email" value={email} required
                  w="100%" maw={480}
                  // Mantine paints an invalid input's text in the error red, below AA contrast: the red border marks it.
                  styles={{ input: { color: 'var(--mantine-color-text)' } }}
                  onChange={(e) => { setEmail(e.currentTarget.value); if (go.error) go.reset(); }}
                  error={touched && !emailOk ? EMAIL_NEEDED : emailRefused} />
              )}
              <Button type="submit" color="#237032" loading={go.isPending}>Check-in</Button>
            </Stack>
          </form>
        )}
        {done && !meeting?.CheckedIn && <Text role="status">{done}</Text>}
      </Stack>
    </Paper>
  );
}
