import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { isValidOptionalEmail } from '../../../domain/email.js';
import { ROOM_BOOKING_MESSAGES } from '../../../domain/roomBookingMessages.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { BookingConfirmation, ConfirmationTitle, placeWords, refusalWords, type ConfirmedBooking } from '../bookingConfirmation/index.js';
import { getLocations, roomKeys, saveRoomBooking } from './roomBookingApi.js';
import { formatTime } from '../appShell/index.js';
import { endChoices, slotText } from './roomBookingView.js';
import { toWallClock } from '../../../domain/wallClock.js';
import { preloadRepeatDetails, RepeatControl, SeriesConfirmation, SeriesPreviewList, roomSeriesCalls, seriesBookedTitle, useSeriesFlow } from '../bookingSeries/index.js';

export interface SlotChoice {
  roomId: number; roomName: string; start: Date; end: Date; timeZone: string; restricted: boolean;
  /** From the calendar: the latest end that may be chosen (next booking or end of the day); the form then offers End. */
  latestEnd?: Date;
}

/**
 * The booking form (SPEC 2.5): Team Name (the description, required), On Behalf Of (a valid e-mail or
 * empty) and Save, disabled while the name is blank. In a restricted room the save is a request.
 * Once saved, the dialog becomes the booking confirmation the desk screen shows too (issue 20,
 * point 7); a refusal says why in words (refusalWords).
 */
export function BookingFormModal({ slot, onClose }: { slot: SlotChoice; onClose: () => void }) {
  const { settings } = useLoadedSettings();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState('');
  const [onBehalf, setOnBehalf] = useState('');
  const [touched, setTouched] = useState({ description: false, onBehalf: false });
  // A tap or a key picks one slot; the End choice makes it as long as the person needs.
  const [end, setEnd] = useState(slot.end);
  const ends = slot.latestEnd ? endChoices(slot.start, slot.latestEnd) : [];
  const nameError = touched.description && !description.trim() ? ROOM_BOOKING_MESSAGES.descriptionRequired : null;
  const emailError = touched.onBehalf && !isValidOptionalEmail(onBehalf) ? ROOM_BOOKING_MESSAGES.invalidEmail : null;
  const [saved, setSaved] = useState<Booking | null>(null);
  // The form is open: its Repeat choices may be next, so their chunk starts loading.
  useEffect(preloadRepeatDetails, []);
  // The location's name for the confirmation: both room tabs have loaded the site's locations already.
  const locations = useQuery({ queryKey: roomKeys.locations(saved?.SiteId ?? 0), queryFn: () => getLocations(saved!.SiteId), enabled: saved !== null });
  const confirmed: ConfirmedBooking | null = saved && {
    id: saved.Id, kind: 'room', what: slot.roomName, start: saved.Start, finish: saved.Finish, timeZone: slot.timeZone,
    place: placeWords(locations.data?.find((l) => l.Id === saved.LocationId)?.Title, saved.SiteName),
    pending: saved.Status === 0, onBehalfOf: saved.OnBehalfOfEmail, parking: false,
  };

  const save = useMutation({
    mutationFn: () => saveRoomBooking({
      RoomId: slot.roomId, Start: slot.start.toISOString(), Finish: end.toISOString(),
      Description: description.trim(), OnBehalfOfEmail: onBehalf.trim(), BookedByUserId: settings.Profile.Id,
    }),
    onSuccess: (b) => {
      setSaved(b);
      void queryClient.invalidateQueries({ queryKey: ['roomBooking'] });
    },
  });

  // Repeating (issue 22): the slot's day on the site's calendar is the first occurrence; the team
  // name is not part of what is checked, so typing it after "Check dates" keeps the list.
  const series = useSeriesFlow({
    calls: roomSeriesCalls, firstDate: toWallClock(slot.start, slot.timeZone).date,
    input: { RoomId: slot.roomId, Start: slot.start.toISOString(), Finish: end.toISOString(), Description: description.trim(), OnBehalfOfEmail: onBehalf.trim() },
    keyOf: (i) => [i.RoomId, i.Start, i.Finish, i.OnBehalfOfEmail],
    onBooked: () => void queryClient.invalidateQueries({ queryKey: ['roomBooking'] }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ description: true, onBehalf: true });
    if (!description.trim() || !isValidOptionalEmail(onBehalf)) return;
    if (series.on) series.checkDates();
    else save.mutate();
  };

  // Mantine's default red fails AA contrast for small error text; shade 9 passes.
  const errorStyles = { error: { color: 'var(--mantine-color-red-9)' } };
  return (
    <Modal opened onClose={onClose} size={confirmed || series.booked || series.preview ? 'lg' : 'md'} closeButtonProps={{ 'aria-label': 'Close' }}
      title={series.booked ? seriesBookedTitle(series.booked, slot.roomName) : confirmed ? <ConfirmationTitle booking={confirmed} /> : `${slot.restricted ? 'Request' : 'Book'} ${slot.roomName}`}>
      {series.booked ? <SeriesConfirmation booked={series.booked} timeZone={slot.timeZone} words={series.bookedWords} onDone={onClose} />
        : confirmed ? <BookingConfirmation booking={confirmed} onBookAnother={onClose} /> : (
        <Stack>
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text>{slotText(slot.start, end, slot.timeZone)}</Text>
              {ends.length > 1 && (
                <Select label="End" w={140} allowDeselect={false} maxDropdownHeight={260} value={String(end.getTime())}
                  data={ends.map((e) => ({ value: String(e.getTime()), label: formatTime(e, { timeZone: slot.timeZone }) }))}
                  onChange={(v) => v && setEnd(new Date(Number(v)))} />
              )}
              {slot.restricted && <Text size="sm">This room is restricted: your booking is a request until an approver approves it.</Text>}
              <TextInput label="Team Name" required value={description} maxLength={500} data-autofocus
                onChange={(e) => { setDescription(e.currentTarget.value); setTouched((t) => ({ ...t, description: true })); }} error={nameError} styles={errorStyles} />
              <TextInput label="On Behalf Of" type="email" value={onBehalf} maxLength={320} description="Optional: the e-mail of the person you book for"
                onChange={(e) => setOnBehalf(e.currentTarget.value)} onBlur={() => setTouched((t) => ({ ...t, onBehalf: true }))} error={emailError} styles={errorStyles} />
              <RepeatControl draft={series.draft} onChange={series.setDraft} firstDate={toWallClock(slot.start, slot.timeZone).date} errors={series.errors} words={series.words} />
              {save.error && (
                <Alert color="red" role="alert" title="Unable to save booking">
                  {refusalWords(save.error)}
                </Alert>
              )}
              {series.on && !series.preview && series.formError && (
                <Alert color="red" role="alert" title="Unable to check the dates">{series.formError}</Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>Cancel</Button>
                <Button type="submit" disabled={!description.trim() || !isValidOptionalEmail(onBehalf)} loading={save.isPending || series.checking}>
                  {series.on ? 'Check dates' : 'Save'}
                </Button>
              </Group>
            </Stack>
          </form>
          {series.on && <SeriesPreviewList flow={series} timeZone={slot.timeZone} />}
        </Stack>
      )}
    </Modal>
  );
}
