import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Booking } from '../../../domain/wire/bookings.js';
import { useDateFormat } from '../appShell/index.js';
import { useSiteZones } from '../appShell/useSiteZones.js';
import { bookingTitle, isActive, isCheckedIn, showCheckInButton, statusColour, statusLine } from './myBookingsView.js';
import { MyDeskBookingCheckIn } from '../deskCheckIn/DeskCheckInAction.js';

interface Props {
  booking: Booking;
  now: Date;
  onCancel: (b: Booking) => void;
  onEdit: (b: Booking) => void;
  onCheckIn: (b: Booking) => void;
  checkingIn: boolean;
  /** 4 inside a repeating booking's card, whose own heading is level 3. */
  headingOrder?: 3 | 4;
}

/** One booking in My Bookings: what, where, when, its status in words, and what can be done with it. */
export function BookingCard({ booking: b, now, onCancel, onEdit, onCheckIn, checkingIn, headingOrder = 3 }: Props) {
  const dates = useDateFormat(useSiteZones()(b.SiteId)); // the site's clock; short under 768 px (SPEC 2.10)
  const title = bookingTitle(b);
  const headingId = `booking-${b.Id}-title`;
  const active = isActive(b, now);
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={headingId} data-booking-id={b.Id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={headingOrder} size="h5" id={headingId}>
              {b.RoomId !== null ? `Room ${title}` : title}, {b.SiteName}
            </Title>
            <Text size="sm">{dates.range(b.Start, b.Finish)}</Text>
          </div>
          <Badge color={statusColour(b.Status)} variant="filled" size="lg" tt="none" style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}>{statusLine(b)}</Badge>
        </Group>
        {b.Description && <Text size="sm">{b.Description}</Text>}
        {b.OnBehalfOfEmail && <Text size="sm" c="gray.7">On behalf of {b.OnBehalfOfEmail}</Text>}
        {b.OnBehalfOfEmail && <Text size="sm" c="gray.7">Booked by {b.BookedByUserName}</Text>}
        {b.IncludeParking && <Text size="sm" c="gray.7">Parking included</Text>}
        {isCheckedIn(b) && <Text size="sm" c="#237032" fw={600}>Checked in{b.CheckedInByUserName ? ` by ${b.CheckedInByUserName}` : ''}</Text>}
        <MyDeskBookingCheckIn booking={b} now={now} />
        {active && (
          <Group gap="xs" mt={4}>
            {showCheckInButton(b, now) && (
              <Button size="xs" color="#237032" onClick={() => onCheckIn(b)} loading={checkingIn} aria-label={`Check-in to ${title}`}>Check-in</Button>
            )}
            <Button size="xs" variant="default" onClick={() => onEdit(b)} aria-label={`Edit booking of ${title}`}>Edit</Button>
            <Button size="xs" variant="light" color="red" onClick={() => onCancel(b)} aria-label={`Cancel booking of ${title}`}>Cancel</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
