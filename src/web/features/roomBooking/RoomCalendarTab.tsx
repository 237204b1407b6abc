import { Alert, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { Calendar, dateFnsLocalizer, Views, type SlotInfo, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './roomCalendar.css';
import { advanceLimitDate } from '../../../domain/advanceLimit.js';
import { resolveRoomConstraint } from '../../../domain/orgAccess.js';
import { ROOM_DAY_END, ROOM_DAY_START, ROOM_STEP_MINUTES } from '../../../domain/roomTimes.js';
import { checkSlotSelection, type CalendarView } from '../../../domain/slotRules.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { ErrorBar } from '../../app/shell/ErrorBar.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { useBookingCancellation } from '../cancellation/index.js';
import { BookingFormModal, type SlotChoice } from './BookingFormModal.js';
import { RoomBookingDetails } from './RoomBookingDetails.js';
import { useCalendarAria } from '../../app/calendar/useCalendarAria.js';
import { getLocations, getRoomBookings, getRoomInfo, getRooms, roomKeys } from './roomBookingApi.js';
import { fromShown, monthSelectionToSlot, NO_AVAILABILITY_DAY, shownRange, slotText, toShown, truncateTitle } from './roomBookingView.js';
import { useChoiceWithDefault } from '../../app/useChoiceWithDefault.js';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }), getDay, locales: { 'en-GB': enGB } });
const DAY_MIN = new Date(1970, 0, 1, 0, ROOM_DAY_START);
const DAY_MAX = new Date(1970, 0, 1, 0, ROOM_DAY_END);

/** Enter or Space on a focused event opens it, as a click does (react-big-calendar passes key events as SyntheticEvent). */
const isActivateKey = (ev: SyntheticEvent) => { const key = (ev as unknown as KeyboardEvent).key; return key === 'Enter' || key === ' '; };

interface CalEvent { id: number; title: string; start: Date; end: Date; booking: Booking }

/**
 * 'Specific room availability' (SPEC 2.5): one room's bookings on react-big-calendar (month, work
 * week, week, day, and a one-month agenda; no work week at work-week-only sites), drawn on the
 * site's wall clock. Selecting a slot runs the slot rules (SPEC 5) and opens the booking form;
 * selecting a booking (click, or Enter on it) opens its details, with Cancel where the viewer may.
 */
export function RoomCalendarTab({ site, roomType }: { site: SiteSummary; roomType: number }) {
  const { settings } = useLoadedSettings();
  const tz = site.TimeZone;
  const rooms = useQuery({ queryKey: roomKeys.rooms(roomType, site.Id, null), queryFn: () => getRooms(roomType, site.Id, null) });
  const [chosen, setChosen] = useChoiceWithDefault(rooms.data?.[0]?.Id);
  const roomId = Number(chosen ?? 0);
  const info = useQuery({ queryKey: roomKeys.info(roomId), queryFn: () => getRoomInfo(roomId), enabled: roomId > 0 });
  const locations = useQuery({ queryKey: roomKeys.locations(site.Id), queryFn: () => getLocations(site.Id) });

  const [view, setView] = useState<View>(Views.WEEK);
  const [date, setDate] = useState(() => toShown(new Date(), tz));
  const range = shownRange(view as CalendarView, date);
  const from = fromShown(range.start, tz).toISOString();
  const to = fromShown(range.end, tz).toISOString();
  const bookings = useQuery({
    queryKey: roomKeys.bookings(roomId, from, to), queryFn: () => getRoomBookings(roomId, from, to),
    enabled: roomId > 0, placeholderData: keepPreviousData,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const [opened, setOpened] = useState<Booking | null>(null);
  const queryClient = useQueryClient();
  const cancellation = useBookingCancellation({
    onCancelled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: ['roomBooking'] }),
      queryClient.invalidateQueries({ queryKey: ['myBookings'] }),
    ]),
  });
  const calendarBox = useRef<HTMLDivElement>(null);
  useCalendarAria(calendarBox);

  const events = useMemo(() => (bookings.data ?? []).map((b): CalEvent => ({
    id: b.Id, title: truncateTitle(b.Description || 'Booked') + (b.Status === 0 ? ' (pending)' : ''),
    start: toShown(new Date(b.Start), tz), end: toShown(new Date(b.Finish), tz), booking: b,
  })), [bookings.data, tz]);

  // The room's info says whether the viewer is its room admin (SPEC 3 IsRoomAdmin).
  const openedMode = opened ? cancellation.modeFor(opened, opened.RoomId === info.data?.Id && (info.data?.IsRoomAdmin ?? false)) : null;

  const views = site.WorkWeekOnly ? [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA] : [Views.MONTH, Views.WORK_WEEK, Views.WEEK, Views.DAY, Views.AGENDA];

  const onSelectSlot = (s: SlotInfo) => {
    const room = info.data;
    if (!room) return;
    const now = new Date();
    const location = locations.data?.find((l) => l.Id === room.LocationId);
    const constraint = resolveRoomConstraint({
      room: room.RoomBookingConstraint, location: location?.RoomBookingConstraint,
      site: site.BookingConstraints.find((c) => c.ResourceType === 1 && c.LocationId === null && c.RoomId === null), global: settings.GlobalRoomConstraint,
    });
    const result = checkSlotSelection({
      slot: { start: fromShown(s.start, tz), end: fromShown(s.end, tz) }, view: view as CalendarView,
      existing: (bookings.data ?? []).map((b) => ({ start: new Date(b.Start), end: new Date(b.Finish) })),
      now, limit: advanceLimitDate(constraint, now, tz), timeZone: tz,
    });
    if (!result.ok) { setRefusal(result.message); return; }
    let shown = { start: s.start, end: s.end };
    if (view === Views.MONTH) {
      shown = monthSelectionToSlot(s.start, s.end, toShown(now, tz));
      if (shown.start.getHours() * 60 + shown.start.getMinutes() + ROOM_STEP_MINUTES > ROOM_DAY_END) { setRefusal(NO_AVAILABILITY_DAY); return; }
    }
    setRefusal(null);
    setSlot({ roomId: room.Id, roomName: room.Name, start: fromShown(shown.start, tz), end: fromShown(shown.end, tz), timeZone: tz, restricted: room.IsRestricted && !room.IsRoomAdmin });
  };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select label="Room" w={{ base: '100%', sm: 320 }} allowDeselect={false}
          data={(rooms.data ?? []).map((r) => ({ value: String(r.Id), label: `${r.Name} (${r.LocationName})` }))}
          value={roomId > 0 ? String(roomId) : null} onChange={(v) => { setChosen(v); setRefusal(null); }} />
        <TextInput type="date" label="Go to date" w={180} value={format(date, 'yyyy-MM-dd')}
          onChange={(e) => { const v = e.currentTarget.value; if (/^\d{4}-\d{2}-\d{2}$/.test(v)) { setDate(parse(v, 'yyyy-MM-dd', new Date())); setRefusal(null); } }} />
      </Group>
      {rooms.data?.length === 0 && <Text>No rooms were found, but this may be due to booking restrictions in effect at this location.</Text>}
      {info.error && <ErrorBar message="Unable to load room information" />}
      {bookings.error && <ErrorBar message="Unable to load bookings" />}
      {info.data && (
        <Text size="sm">
          {info.data.Name}, {info.data.LocationName}: capacity {info.data.Capacity}{info.data.Equipment ? `, ${info.data.Equipment}` : ''}.
          {info.data.IsRestricted && !info.data.IsRoomAdmin ? ' Bookings here are requests that an approver must approve.' : ''} Times are in {tz}.
        </Text>
      )}
      {refusal && <Alert color="orange" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setRefusal(null)}>{refusal}</Alert>}
      {roomId > 0 && !bookings.data && bookings.isPending && <Loader size="sm" aria-label="Loading bookings" />}
      {roomId > 0 && (
        <div ref={calendarBox} style={{ height: 720 }} data-testid="room-calendar" data-view={view}>
          <Calendar<CalEvent>
            localizer={localizer}
            culture="en-GB"
            events={events}
            views={views}
            view={view}
            onView={(v) => { setView(v); setRefusal(null); }}
            date={date}
            onNavigate={setDate}
            getNow={() => toShown(new Date(), tz)}
            min={DAY_MIN}
            max={DAY_MAX}
            step={ROOM_STEP_MINUTES}
            timeslots={4}
            length={31}
            selectable
            longPressThreshold={150}
            onSelectSlot={onSelectSlot}
            onSelectEvent={(e) => setOpened(e.booking)}
            onKeyPressEvent={(e, ev) => { if (isActivateKey(ev)) { ev.preventDefault(); setOpened(e.booking); } }}
            eventPropGetter={(e) => ({ style: e.booking.Status === 0 ? { backgroundColor: '#b35900', color: '#fff' } : { backgroundColor: '#1c5d99', color: '#fff' } })}
            messages={{ noEventsInRange: 'No bookings in this range.', work_week: 'Work Week' }}
          />
        </div>
      )}
      {slot && <BookingFormModal slot={slot} onClose={() => setSlot(null)} />}
      {opened && (
        <RoomBookingDetails booking={opened} timeZone={tz} cancelMode={openedMode} onClose={() => setOpened(null)}
          onCancel={() => {
            setOpened(null);
            if (openedMode) cancellation.start({ booking: opened, mode: openedMode, label: `${opened.RoomName ?? 'Room'}, ${slotText(new Date(opened.Start), new Date(opened.Finish), tz)}` });
          }} />
      )}
      {cancellation.dialog}
    </Stack>
  );
}
