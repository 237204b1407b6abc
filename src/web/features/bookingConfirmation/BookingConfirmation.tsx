import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { withBase } from '../../app/basePath.js';
// Not the appShell barrel: it would bring the date picker's code into the floorplan's first load.
import { useDateFormat } from '../appShell/useDateFormat.js';
import {
  calendarFilePath, confirmationTitle, MY_BOOKINGS_PATH, nextStep, type ConfirmedBooking,
} from './confirmationView.js';

/**
 * The heading of the confirmation. It takes focus as it appears (when the dialog opens, and when the
 * room form turns into the confirmation inside an open dialog), so a screen reader announces it and
 * the keyboard starts from it.
 */
export function ConfirmationTitle({ booking }: { booking: ConfirmedBooking }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => { ref.current?.focus(); }, []);
  return (
    <Text ref={ref} span tabIndex={-1} data-autofocus fw={700} fz="lg" style={{ outlineOffset: 2 }}>
      {confirmationTitle(booking)}
    </Text>
  );
}

function Row({ label, children }: { label: string; children: string }) {
  return <Text><Text span fw={600}>{label}:</Text> {children}</Text>;
}

/**
 * The body of the confirmation, the same for desks and rooms: what was booked, where and when (the
 * site's time, through the one date module), then Add to calendar (the booking's .ics), View my
 * bookings, and Book another (`onBookAnother`: the screen resets its own flow).
 */
export function BookingConfirmation({ booking: b, onBookAnother }: { booking: ConfirmedBooking; onBookAnother: () => void }) {
  const dates = useDateFormat(b.timeZone);
  return (
    <Stack gap="md" data-testid="booking-confirmation">
      <Stack gap={4}>
        <Row label={b.kind === 'desk' ? 'Desk' : 'Room'}>{b.what}</Row>
        {b.place && <Row label="Where">{b.place}</Row>}
        <Row label="When">{`${dates.range(b.start, b.finish)} (${b.timeZone} time)`}</Row>
        {b.onBehalfOf && <Row label="For">{b.onBehalfOf}</Row>}
        {b.parking && <Row label="Parking">A space is reserved for you.</Row>}
      </Stack>
      <Text size="sm">{nextStep(b)}</Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Button component="a" href={withBase(calendarFilePath(b.id))} download>Add to calendar</Button>
        <Button component={Link} to={MY_BOOKINGS_PATH} variant="default">View my bookings</Button>
        <Button variant="default" onClick={onBookAnother}>Book another</Button>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The confirmation as a dialog (the desk screen's; the room form turns into the same title and body
 * in its own dialog). Closing it is Book another: the screen is ready for the next booking.
 */
export function BookingConfirmationDialog({ booking, onBookAnother }: { booking: ConfirmedBooking | null; onBookAnother: () => void }) {
  // Mounted from the first booking on (then kept, so closing still fades out): a closed Modal's hooks and
  // transition are work in the screen's first commit, for a dialog most visits never open.
  const [wanted, setWanted] = useState(false);
  if (booking && !wanted) setWanted(true);
  if (!booking && !wanted) return null;
  return (
    <Modal opened={booking !== null} onClose={onBookAnother} size="lg" returnFocus={false}
      title={booking && <ConfirmationTitle booking={booking} />} closeButtonProps={{ 'aria-label': 'Close' }}>
      {booking && <BookingConfirmation booking={booking} onBookAnother={onBookAnother} />}
    </Modal>
  );
}
