import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { adjustRoomTimes, defaultRoomTimes, roomEndOptions, roomStartOptions, roomTimesForNewDate } from '../../../domain/roomTimes.js';
import type { AvailabilityItem } from '../../../domain/wire/roomBooking.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { useLiveEvents } from '../../app/live/useLiveEvents.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { DayInput } from '../appShell/DayInput.js';
import type { SlotChoice } from './BookingFormModal.js';
import { getAvailability, getLocations, getRooms, OPENING_FRESH_MS, roomKeys } from './roomBookingApi.js';
import { availabilityQuery, emptyResultMessage, minutesLabel, roomClosure, todayIn } from './findRoomView.js';
import { screenClosuresQuery } from '../closures/closuresApi.js';
import { closureWindow } from '../../../domain/closureWindows.js';
import { closedWords } from '../closures/closedPlaces.js';
import { ClosedMark } from '../closures/ClosedMark.js';

const START_OPTIONS = roomStartOptions().map((m) => ({ value: String(m), label: minutesLabel(m) }));
const END_OPTIONS = roomEndOptions().map((m) => ({ value: String(m), label: minutesLabel(m) }));
const ANY = 'any';

/**
 * The booking form is not on screen until Book is pressed: its code (the form, the confirmation, the
 * e-mail check) is fetched when the person shows intent on a Book button (pointer, touch, focus),
 * not with the page (issue 19, point 7: the room page's first load).
 */
const loadBookingForm = () => import('./BookingFormModal.js');
const BookingFormModal = lazy(async () => ({ default: (await loadBookingForm()).BookingFormModal }));
const fetchBookingForm = () => { void loadBookingForm().catch(() => undefined); };

/**
 * 'Find room by date/time' (SPEC 2.5): date, start and end (quarter hours, 08:00–19:00, default
 * 09:00–17:00; a new date resets the start to 09:00; an end not after the start is adjusted), an
 * optional location, and the rooms free for the whole time, each with Book (or Request).
 */
export function FindRoomTab({ site, roomType }: { site: SiteSummary; roomType: number }) {
  const [date, setDate] = useState(() => todayIn(new Date(), site.TimeZone));
  const [times, setTimes] = useState(defaultRoomTimes);
  const [location, setLocation] = useState<string>(ANY);
  const [booking, setBooking] = useState<SlotChoice | null>(null);
  const locationId = location === ANY ? null : Number(location);
  const searched = availabilityQuery(site, roomType, date, times, locationId);
  const q = searched ?? { fromDate: '', toDate: '', roomType, siteId: site.Id, locationId };

  const locations = useQuery({ queryKey: roomKeys.locations(site.Id), queryFn: () => getLocations(site.Id), staleTime: OPENING_FRESH_MS });
  const rooms = useQuery({ queryKey: roomKeys.rooms(roomType, site.Id, locationId), queryFn: () => getRooms(roomType, site.Id, locationId), staleTime: OPENING_FRESH_MS });
  const available = useQuery({ queryKey: roomKeys.availability(q), queryFn: () => getAvailability(q), enabled: searched !== null, staleTime: OPENING_FRESH_MS });
  // A room of this site booked or freed by anyone: the shown search is asked again (issue 24).
  const queryClient = useQueryClient();
  useLiveEvents(
    (m) => m.type === 'resync' || (m.type === 'booking' && m.booking.Kind === 'room' && m.booking.SiteId === site.Id),
    () => void queryClient.invalidateQueries({ queryKey: ['roomBooking', 'availability'] }),
    searched !== null,
  );
  // Closures of the day (issue 22), asked for alongside: a closed room is listed as closed, with no Book.
  const closureSpan = closureWindow(searched ? date : '2000-01-01', searched ? date : '2000-01-01');
  const closures = useQuery({ ...screenClosuresQuery(site.Id, closureSpan.from, closureSpan.to), enabled: searched !== null, staleTime: 60_000 });
  const closuresSettled = closures.data !== undefined || closures.isError;

  const book = (r: AvailabilityItem) => setBooking({
    roomId: r.ID, roomName: r.Name, start: new Date(r.Start), end: new Date(r.Finish), timeZone: r.TimeZone,
    restricted: r.IsRestricted && !r.IsRoomAdmin,
  });

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <DayInput label="Date" value={date} minDate={todayIn(new Date(), site.TimeZone)} w={200} description={null}
          onChange={(v) => { if (v) { setDate(v); setTimes((t) => roomTimesForNewDate(t)); } }} />
        <Select label="Start" data={START_OPTIONS} value={String(times.start)} w={110} allowDeselect={false} maxDropdownHeight={260}
          onChange={(v) => v && setTimes((t) => adjustRoomTimes(Number(v), t.end))} />
        <Select label="End" data={END_OPTIONS} value={String(times.end)} w={110} allowDeselect={false} maxDropdownHeight={260}
          onChange={(v) => v && setTimes((t) => adjustRoomTimes(t.start, Number(v)))} />
        <Select label="Location" w={220} allowDeselect={false} value={location} onChange={(v) => setLocation(v ?? ANY)}
          data={[{ value: ANY, label: 'Any location' }, ...(locations.data ?? []).map((l) => ({ value: String(l.Id), label: l.Title }))]} />
      </Group>
      <Text size="sm" c="dimmed">Times are in the site's time zone ({site.TimeZone}).</Text>
      {available.error && <LoadErrorBar message="Unable to load room information" onRetry={() => void available.refetch()} retrying={available.isFetching} />}
      {/* The list waits for the day's closures too (started with the rooms, prefetch.ts): a closed room is never offered first. */}
      {(available.isFetching || (available.data && available.data.length > 0 && !closuresSettled)) && <Loader size="sm" aria-label="Looking for free rooms" />}
      {available.data && available.data.length === 0 && !available.isFetching && (
        <Alert color="gray" role="status">{emptyResultMessage(rooms.data?.length ?? 1)}</Alert>
      )}
      {available.data && available.data.length > 0 && closuresSettled && (
        <Paper withBorder style={{ overflowX: 'auto' }}>
          <Table striped aria-label="Rooms with availability">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Room</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Capacity</Table.Th>
                <Table.Th visibleFrom="sm">Equipment</Table.Th>
                <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {available.data.map((r) => {
                const shut = roomClosure(closures.data ?? [], r);
                return (
                <Table.Tr key={r.ID} data-closed={shut ? '' : undefined}>
                  <Table.Td>
                    {r.Name} {r.IsRestricted && !r.IsRoomAdmin && !shut && <Badge size="sm" variant="outline" color="dark">Needs approval</Badge>}
                    {shut && (
                      <Badge size="sm" variant="filled" color="dark.6" leftSection={<ClosedMark size={10} />} styles={{ label: { textTransform: 'none' } }}>
                        {closedWords(shut)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{r.LocationName}</Table.Td>
                  <Table.Td>{r.Capacity}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.Equipment}</Table.Td>
                  <Table.Td>
                    {shut ? <Text size="sm" c="dark.6">Closed</Text> : (
                      <Button size="xs" onClick={() => book(r)} onPointerEnter={fetchBookingForm} onTouchStart={fetchBookingForm} onFocus={fetchBookingForm} aria-label={`${r.IsRestricted && !r.IsRoomAdmin ? 'Request' : 'Book'} ${r.Name}`}>
                        {r.IsRestricted && !r.IsRoomAdmin ? 'Request' : 'Book'}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {booking && <Suspense fallback={<Loader size="sm" aria-label="Opening the booking form" />}><BookingFormModal slot={booking} onClose={() => setBooking(null)} /></Suspense>}
    </Stack>
  );
}
