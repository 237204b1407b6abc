import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isAdmin } from '../../../domain/permissions.js';
import { refusalWords } from '../../../domain/refusalWords.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { SeriesDetailOccurrence } from '../../../domain/wire/seriesManage.js';
import { ApiError } from '../../app/api.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { useDateFormat } from '../appShell/index.js';
import { TimeOfDaySelect } from '../appShell/TimeOfDaySelect.js';
import { getRoomInfo, roomKeys } from '../roomBooking/roomBookingApi.js';
import { timeInput } from './formatTimes.js';
import { bookingTitle } from './myBookingsView.js';
import { changeSeries, getSeries } from './seriesApi.js';
import { changeFrom, clockTime, datesToMove, waitingAfterChange, type ChangeScope } from './seriesChange.js';

interface Props {
  /** The occurrence the person chose: its times fill the form, and "the following" start on its day. */
  booking: Booking;
  seriesId: string;
  scope: Exclude<ChangeScope, 'This'>;
  /** The series' occurrences (the server's list once loaded). */
  occurrences: readonly SeriesDetailOccurrence[];
  /** Its day on the site's clock (YYYY-MM-DD). */
  chosenDate: string;
  timeZone: string;
  now: Date;
  onClose: () => void;
  onChanged: () => unknown;
}

/** What went wrong, said for a person: the clashing days written out, or the server's own sentence. */
interface Refusal { message: string; days: string[]; field?: 'StartTime' | 'FinishTime' }

function refusalOf(err: unknown): Refusal {
  if (err instanceof ApiError && err.status === 409 && err.fieldErrors?.Dates) {
    return { message: 'The new times clash with another booking on these days. Nothing was changed: choose other times.', days: err.fieldErrors.Dates.split(/,\s*/) };
  }
  const field = err instanceof ApiError && err.status === 400
    ? (['StartTime', 'FinishTime'] as const).find((f) => err.fieldErrors?.[f]) : undefined;
  return { message: field && err instanceof ApiError ? err.fieldErrors![field]! : refusalWords(err), days: [], ...(field ? { field } : {}) };
}

/**
 * New start and end times for this and the following occurrences (or every one not yet started), as
 * calendars do for "this and following events": each keeps its own day, only the hours move, on the
 * site's clock. The server moves all of them or none; a clash names the days and changes nothing. In
 * a room that needs approval the moved bookings become requests again, said before and after.
 */
export function ChangeTimesForm({ booking, seriesId, scope, occurrences, chosenDate, timeZone, now, onClose, onChanged }: Props) {
  const dates = useDateFormat(timeZone);
  const { caller } = useLoadedSettings();
  const [start, setStart] = useState(() => timeInput(booking.Start, timeZone));
  const [finish, setFinish] = useState(() => timeInput(booking.Finish, timeZone));
  const room = useQuery({
    queryKey: roomKeys.info(booking.RoomId ?? 0), queryFn: () => getRoomInfo(booking.RoomId!), enabled: booking.RoomId !== null, staleTime: 60_000,
  });
  const becomesRequest = room.data !== undefined && room.data.IsRestricted && !room.data.IsRoomAdmin && !isAdmin(caller);
  const from = changeFrom(scope, occurrences, chosenDate);
  const moving = datesToMove(occurrences, from, now);
  const title = bookingTitle(booking);
  const newTimes = `${dates.minutes(start)}–${dates.minutes(finish)}`;

  const change = useMutation({
    mutationFn: async () => {
      const done = await changeSeries(seriesId, { From: from, StartTime: clockTime(start), FinishTime: clockTime(finish) });
      // The server's statuses after the move: a restricted room's moved bookings are requests again.
      // If that read fails (say the per-minute read limit), the room's rule predicts the same.
      const after = done.Changed > 0 ? await getSeries(seriesId).catch(() => null) : null;
      return { ...done, waiting: after ? waitingAfterChange(after.Occurrences, done.Dates) : becomesRequest ? done.Changed : 0 };
    },
    onSuccess: async ({ Changed, waiting }) => {
      const moved = Changed === 0 ? `Nothing was changed: no booking of ${title} was left to move`
        : `${Changed === 1 ? '1 booking' : `${Changed} bookings`} of ${title} moved to ${newTimes}`;
      const approval = waiting === 0 ? '' : `; ${waiting === 1 ? 'it waits' : `${waiting} wait`} for an approver again`;
      notifications.show({ color: waiting > 0 ? 'yellow' : 'green', message: `${moved}${approval}.`, autoClose: waiting > 0 ? 12_000 : 5_000 });
      await onChanged();
      onClose();
    },
  });

  const refusal = change.error ? refusalOf(change.error) : null;
  const badTimes = finish <= start;
  const count = moving.length;
  const summary = count === 0 ? 'Nothing left to change: every occurrence from this day on has started or is cancelled.'
    : count === 1 ? `1 booking will move to ${newTimes}: ${dates.calendarDay(moving[0]!)}.`
      : `${count} bookings will move to ${newTimes}, from ${dates.calendarDay(moving[0]!)} to ${dates.calendarDay(moving[count - 1]!)}.`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (count > 0 && !badTimes) change.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New times">
      <Stack>
        {refusal && (
          <Alert color="red" role="alert" title="Not changed" styles={{ title: { color: '#8a1c1c' }, message: { color: '#8a1c1c' } }}>
            {refusal.message}
            {refusal.days.length > 0 && (
              <List size="sm" mt={4} aria-label="Days that clash">
                {refusal.days.map((d) => <List.Item key={d}>{/^\d{4}-\d{2}-\d{2}$/.test(d) ? dates.calendarDay(d) : d}</List.Item>)}
              </List>
            )}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TimeOfDaySelect label="New start" value={start} onChange={(v) => { setStart(v); change.reset(); }} required
            error={refusal?.field === 'StartTime' ? refusal.message : undefined} />
          <TimeOfDaySelect label="New end" value={finish} onChange={(v) => { setFinish(v); change.reset(); }} required
            error={badTimes ? 'The end must be after the start.' : refusal?.field === 'FinishTime' ? refusal.message : undefined} />
        </Group>
        <Text size="sm" c="gray.7">
          Each booking keeps its own day; only the times change, on the site&apos;s clock ({timeZone}).
          {scope === 'Following' ? ' Earlier bookings of the series keep their times.' : ''}
        </Text>
        {becomesRequest && (
          <Alert color="yellow" title="Needs approval again" styles={{ title: { color: '#6b4a00' }, message: { color: '#5c4000' } }}>
            This room needs approval: the bookings you move become requests again and wait for an approver.
          </Alert>
        )}
        <Text fw={600} aria-live="polite" data-testid="change-summary">{badTimes ? 'Choose an end after the start.' : summary}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Keep the times</Button>
          <Button type="submit" loading={change.isPending} disabled={count === 0 || badTimes}>
            {count === 1 ? 'Change 1 booking' : `Change ${count} bookings`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
