import { Avatar, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { PersonCard } from '../../../domain/wire/people.js';
import { api } from '../../app/api.js';
import { AdminSeriesCancel } from '../roomBooking/AdminSeriesCancel.js';
import { isCancellable, statusText, useBookingText } from './bookingText.js';

/**
 * Edit Desk Booking Profile (SPEC 2.9 names it only): the booking and the person who made it, with
 * the one change a booking manager makes to someone else's booking here, cancelling it with a reason.
 */
export function DeskBookingProfileDialog({ booking, onClose, onCancel }: { booking: Booking; onClose: () => void; onCancel: (b: Booking) => void }) {
  const person = useQuery({ queryKey: ['users', booking.BookedByUserId], queryFn: () => api.get<PersonCard>(`/api/users/${booking.BookedByUserId}`) });
  const text = useBookingText();
  const rows: [string, string][] = [
    ['Date', text.date(booking)], ['Time', text.times(booking)], ['Desk', booking.DeskName ?? booking.DeskId ?? ''],
    ['Site', booking.SiteName], ['Status', statusText(booking)], ['Booked by', booking.BookedByUserName],
    ['On behalf of', booking.OnBehalfOfEmail || '—'], ['Reason', booking.Description || '—'],
    ...(booking.CancellationReason ? [['Cancellation reason', booking.CancellationReason] as [string, string]] : []),
  ];
  return (
    <Modal opened onClose={onClose} title="Desk Booking Profile" centered>
      <Stack>
        <Group>
          {person.isPending ? <Loader size="sm" aria-label="Loading the person" /> : (
            <Avatar src={person.data?.Photo ? `data:${person.data.Photo.Type};base64,${person.data.Photo.Data}` : null} alt="" radius="xl" size="lg">
              {(person.data?.FullName ?? booking.BookedByUserName).slice(0, 1)}
            </Avatar>
          )}
          <div>
            <Text fw={600}>{person.data?.FullName ?? booking.BookedByUserName}</Text>
            {person.data && <Text size="sm" c="dimmed">{person.data.Email}</Text>}
          </div>
        </Group>
        <Table>
          <Table.Tbody>
            {rows.map(([k, v]) => <Table.Tr key={k}><Table.Th scope="row" w={160}>{k}</Table.Th><Table.Td>{v}</Table.Td></Table.Tr>)}
          </Table.Tbody>
        </Table>
        {/* A Booking Manager's screen: the series' own answer says whether a reason is needed. */}
        <AdminSeriesCancel booking={booking} cancelMode={isCancellable(booking) ? 'admin' : null} onDone={onClose} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Close</Button>
          {isCancellable(booking) && <Button color="red" onClick={() => onCancel(booking)}>Cancel this booking</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
