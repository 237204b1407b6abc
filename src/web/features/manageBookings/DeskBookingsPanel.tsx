import { Anchor, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Booking } from '../../../domain/wire/bookings.js';
import { isCancellable, statusText, useBookingText } from './bookingText.js';
import { NO_BOOKINGS_FOR_DESK, NO_BOOKINGS_FOR_SEARCH } from './manageBookingsApi.js';

/** Desk Bookings panel (SPEC 2.9): the search results, chosen with check boxes for cancellation. */
export function DeskBookingsPanel({ bookings, deskChosen, selected, onSelect, onCancelSelected, onOpen }: {
  bookings: Booking[];
  deskChosen: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: Set<number>) => void;
  onCancelSelected: () => void;
  onOpen: (b: Booking) => void;
}) {
  const text = useBookingText();
  const cancellable = bookings.filter(isCancellable);
  const allChosen = cancellable.length > 0 && cancellable.every((b) => selected.has(b.Id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id); else next.delete(id);
    onSelect(next);
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} aria-labelledby="desk-bookings-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="desk-bookings-title">Desk Bookings</Title>
          <Button color="red" disabled={selected.size === 0} onClick={onCancelSelected}>
            {`Cancel selected bookings${selected.size ? ` (${selected.size})` : ''}`}
          </Button>
        </Group>
        {bookings.length === 0 ? (
          <Text role="status">{deskChosen ? NO_BOOKINGS_FOR_DESK : NO_BOOKINGS_FOR_SEARCH}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover>
              <Table.Caption>{`${bookings.length} desk booking${bookings.length === 1 ? '' : 's'} found`}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox aria-label="Select all bookings that can be cancelled" checked={allChosen}
                      indeterminate={!allChosen && cancellable.some((b) => selected.has(b.Id))}
                      disabled={cancellable.length === 0}
                      onChange={(e) => onSelect(e.currentTarget.checked ? new Set(cancellable.map((b) => b.Id)) : new Set())} />
                  </Table.Th>
                  <Table.Th>Date</Table.Th><Table.Th>Time</Table.Th><Table.Th>Desk</Table.Th><Table.Th>Site</Table.Th>
                  <Table.Th>Booked by</Table.Th><Table.Th>On behalf of</Table.Th><Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((b) => (
                  <Table.Tr key={b.Id}>
                    <Table.Td>
                      <Checkbox aria-label={`Select booking of ${b.DeskName ?? b.DeskId} on ${text.date(b)} ${text.times(b)} by ${b.BookedByUserName}`}
                        checked={selected.has(b.Id)} disabled={!isCancellable(b)} onChange={(e) => toggle(b.Id, e.currentTarget.checked)} />
                    </Table.Td>
                    <Table.Td><Anchor component="button" type="button" onClick={() => onOpen(b)}>{text.date(b)}</Anchor></Table.Td>
                    <Table.Td>{text.times(b)}</Table.Td>
                    <Table.Td>{b.DeskName ?? b.DeskId}</Table.Td>
                    <Table.Td>{b.SiteName}</Table.Td>
                    <Table.Td>{b.BookedByUserName}</Table.Td>
                    <Table.Td>{b.OnBehalfOfEmail}</Table.Td>
                    <Table.Td>{statusText(b)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
