import { Modal, Stack, Text } from '@mantine/core';
import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { BookingDetailsActions, type CancelMode } from '../cancellation/index.js';
import { AdminSeriesCancel } from './AdminSeriesCancel.js';
import { slotText } from './roomBookingView.js';

/**
 * A booking in the room calendar (selected with a click, or Enter on the focused event): what,
 * when in the site's zone, who booked it and for whom, its status, and the cancellation the viewer
 * may make (their own with 'Are you sure?', someone else's as an admin with a reason; for an
 * occurrence of someone else's repeating booking also this and the following, or the whole series).
 */
export function RoomBookingDetails({ booking: b, timeZone, cancelMode, onCancel, onClose }: {
  booking: Booking; timeZone: string; cancelMode: CancelMode | null; onCancel: () => void; onClose: () => void;
}) {
  const status = isBookingStatus(b.Status) ? bookingStatusInWords(b.Status) : String(b.Status);
  return (
    <Modal opened onClose={onClose} title={b.Description || 'Booked'} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap={6}>
        <Text>{b.RoomName ?? 'Room'}, {b.SiteName}</Text>
        <Text>{slotText(new Date(b.Start), new Date(b.Finish), timeZone)} ({timeZone})</Text>
        <Text>Booked by {b.BookedByUserName}</Text>
        {b.OnBehalfOfEmail && <Text>On behalf of {b.OnBehalfOfEmail}</Text>}
        <Text>Status: {status}</Text>
        <AdminSeriesCancel booking={b} cancelMode={cancelMode} onDone={onClose} />
        <BookingDetailsActions cancelMode={cancelMode} onCancel={onCancel} onClose={onClose} />
      </Stack>
    </Modal>
  );
}
