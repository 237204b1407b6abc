import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Booking } from '../../../domain/wire/bookings.js';
import { DayInput } from '../appShell/DayInput.js';
import { TimeOfDaySelect } from '../appShell/TimeOfDaySelect.js';
import { useSiteZones } from '../appShell/useSiteZones.js';
import { dateInput, fromInputs, timeInput } from './formatTimes.js';
import { editBooking, serverText } from './myBookingsApi.js';
import { bookingTitle } from './myBookingsView.js';

export const DESCRIPTION_NEEDED = 'Please provide a meeting name or reason for booking.';

/**
 * Edit from My Bookings: a room booking's description (Team Name) and time, a desk booking's time.
 * The server keeps every rule of a new booking (clashes, limits, approval) and says why it refuses.
 */
export function EditBookingModal({ booking, onClose, onSaved }: { booking: Booking; onClose: () => void; onSaved: () => unknown }) {
  return (
    <Modal opened onClose={onClose} title={`Edit booking: ${bookingTitle(booking)}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <EditBookingForm booking={booking} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

/** The edit form itself: in its own dialog for a single booking, inside the repeating booking's dialog for one occurrence. */
export function EditBookingForm({ booking, onClose, onSaved }: { booking: Booking; onClose: () => void; onSaved: () => unknown }) {
  const isRoom = booking.RoomId !== null;
  const [description, setDescription] = useState(booking.Description);
  const timeZone = useSiteZones()(booking.SiteId);
  const [date, setDate] = useState(() => dateInput(booking.Start, timeZone));
  const [start, setStart] = useState(() => timeInput(booking.Start, timeZone));
  const [finish, setFinish] = useState(() => timeInput(booking.Finish, timeZone));
  const save = useMutation({
    mutationFn: () => editBooking(booking, {
      Start: fromInputs(date, start, timeZone).toISOString(), Finish: fromInputs(date, finish, timeZone).toISOString(), ...(isRoom ? { Description: description.trim() } : {}),
    }),
    onSuccess: async () => { await onSaved(); onClose(); },
  });
  const noDescription = isRoom && description.trim() === '';
  const badTimes = !date || finish <= start;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!noDescription && !badTimes) save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {save.error && <Alert color="red" role="alert">{`Unable to save booking: ${serverText(save.error)}`}</Alert>}
        {booking.SeriesId && <Text size="sm">This changes only this occurrence; the other bookings of the series stay as they are.</Text>}
        {isRoom && (
          <TextInput label="Team Name" description="Meeting name or reason for booking" value={description} maxLength={500} required
            onChange={(e) => setDescription(e.currentTarget.value)} error={noDescription ? DESCRIPTION_NEEDED : undefined} />
        )}
        <DayInput label="Date" value={date} onChange={(v) => { if (v) setDate(v); }} required />
        <Group grow align="flex-start">
          <TimeOfDaySelect label="Start" value={start} onChange={setStart} required />
          <TimeOfDaySelect label="End" value={finish} onChange={setFinish} required
            error={finish <= start ? 'The end must be after the start.' : undefined} />
        </Group>
        <Text size="sm" c="gray.7">Times are on the site's clock ({timeZone}).</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Close</Button>
          <Button type="submit" disabled={noDescription || badTimes} loading={save.isPending}>Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
