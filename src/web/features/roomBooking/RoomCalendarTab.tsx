import { Alert, Box, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { addMinutes, format, getDay, isSameDay, parse, startOfDay, startOfWeek } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { Calendar, dateFnsLocalizer, Views, type SlotInfo } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import '../../app/calendar/calendar.css';
import './roomCalendar.css';
import { advanceLimitDate } from '../../../domain/advanceLimit.js';
import { resolveRoomConstraint } from '../../../domain/orgAccess.js';
import { ROOM_STEP_MINUTES } from '../../../domain/roomTimes.js';
import { checkSlotSelection, type CalendarView } from '../../../domain/slotRules.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { SiteSummary } from '../../../domain/wire/sites.js';
import { calendarBounds } from '../../app/calendar/dayHours.js';
import { useCalendarAria } from '../../app/calendar/useCalendarAria.js';
import { useLiveEvents } from '../../app/live/useLiveEvents.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { useChoiceWithDefault } from '../../app/useChoiceWithDefault.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { ScrollHint, SCROLL_HINT_QUERY, useShortDates } from '../appShell/index.js';
import { DayInput } from '../appShell/DayInput.js';
import { calendarFormats } from '../appShell/calendarFormats.js';
import { useBookingCancellation } from '../cancellation/index.js';
import { BookingFormModal, type SlotChoice } from './BookingFormModal.js';
import { CalendarToolbar } from './CalendarToolbar.js';
import { RoomBookingDetails } from './RoomBookingDetails.js';
import { getLocations, getRoomBookings, getRoomInfo, getRooms, roomKeys } from './roomBookingApi.js';
import {
  closureAt, fromShown, latestEnd, slotFromKey, slotLabel, slotState, monthSelectionToSlot, NO_AVAILABILITY_DAY, rangeLabel, shownRange, slotText, stepDate,
  toShown, truncateTitle, visibleDays, type ShownClosure,
} from './roomBookingView.js';
import { screenClosuresQuery } from '../closures/closuresApi.js';
import { closesRoom, closedUntilWords, closedWords } from '../closures/closedPlaces.js';
import type { Closure } from '../../../domain/wire/closures.js';
import { useSlotKeyboard } from './useSlotKeyboard.js';
import { useSlotTap } from './useSlotTap.js';
import { useSwipe } from './useSwipe.js';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }), getDay, locales: { 'en-GB': enGB } });
/**
 * Half-hour rows, one per gutter label: a slot a finger can hit on a phone; the booking form's End
 * choice goes in quarter hours. One slot per group, so day hours on a half hour add no padding slot.
 */
const SLOT_MINUTES = 30;
/** A day column of a week scrolled sideways on a phone is at least this wide, so titles stay readable. */
const PHONE_DAY_COLUMN_PX = 96;

/** Enter or Space on a focused event opens it, as a click does (react-big-calendar passes key events as SyntheticEvent). */
const isActivateKey = (ev: SyntheticEvent) => { const key = (ev as unknown as KeyboardEvent).key; return key === 'Enter' || key === ' '; };

/** A booking, or a closure of the room drawn as an event so its reason shows in every view (issue 22). */
type CalEvent = { id: number; title: string; start: Date; end: Date; booking: Booking; closure?: undefined }
  | { id: string; title: string; start: Date; end: Date; booking?: undefined; closure: Closure };

/** A closure's event: dark grey with a hatch, unlike bookings (blue, amber) and past time (light hatch). */
const CLOSED_EVENT_STYLE = {
  backgroundColor: '#343a40', backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 6px, rgba(255,255,255,0.12) 6px 12px)',
  color: '#fff', border: '1px solid #212529',
} as const;

/** 'Now' on the site's wall clock, moved on every minute so past time is shaded as it passes. */
function useShownNow(timeZone: string): Date {
  const [now, setNow] = useState(() => toShown(new Date(), timeZone));
  useEffect(() => {
    const timer = setInterval(() => setNow(toShown(new Date(), timeZone)), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}

/**
 * 'Specific room availability' (SPEC 2.5): one room's bookings on react-big-calendar (month, work
 * week, week, day, and a one-month agenda; no work week at work-week-only sites), drawn on the
 * site's wall clock over the site's day hours. Selecting a slot (mouse, touch, or Enter on a
 * focused slot) runs the slot rules (SPEC 5) and opens the booking form; past time is shaded and
 * cannot be selected. Selecting a booking (click, or Enter on it) opens its details, with Cancel
 * where the viewer may. Under 640 px it opens on the day view, swipes between days and says how
 * to scroll (SPEC 2.10).
 */
export function RoomCalendarTab({ site, roomType }: { site: SiteSummary; roomType: number }) {
  const { settings } = useLoadedSettings();
  const tz = site.TimeZone;
  const narrow = useMediaQuery(SCROLL_HINT_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const shortDates = useShortDates();
  const formats = useMemo(() => calendarFormats(shortDates), [shortDates]);
  const rooms = useQuery({ queryKey: roomKeys.rooms(roomType, site.Id, null), queryFn: () => getRooms(roomType, site.Id, null) });
  const [chosen, setChosen] = useChoiceWithDefault(rooms.data?.[0]?.Id);
  const roomId = Number(chosen ?? 0);
  const info = useQuery({ queryKey: roomKeys.info(roomId), queryFn: () => getRoomInfo(roomId), enabled: roomId > 0 });
  const locations = useQuery({ queryKey: roomKeys.locations(site.Id), queryFn: () => getLocations(site.Id) });

  // A phone shows one day: seven columns do not fit 375 px (issue 20).
  const [view, setView] = useState<CalendarView>(() => (narrow ? Views.DAY : Views.WEEK));
  const shownNow = useShownNow(tz);
  const [date, setDate] = useState(() => toShown(new Date(), tz));
  const range = shownRange(view, date);
  const from = fromShown(range.start, tz).toISOString();
  const to = fromShown(range.end, tz).toISOString();
  const bookings = useQuery({
    queryKey: roomKeys.bookings(roomId, from, to), queryFn: () => getRoomBookings(roomId, from, to),
    enabled: roomId > 0, placeholderData: keepPreviousData,
  });
  // The site's closures over the same range, alongside the bookings (issue 22); the room's are drawn.
  const closuresQ = useQuery({ ...screenClosuresQuery(site.Id, from, to), staleTime: 60_000, placeholderData: keepPreviousData });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [slot, setSlot] = useState<SlotChoice | null>(null);
  const [opened, setOpened] = useState<Booking | null>(null);
  const queryClient = useQueryClient();
  // The room's bookings made, moved or cancelled by anyone appear here without a reload (issue 24).
  useLiveEvents(
    (m) => m.type === 'resync' || (m.type === 'booking' && m.booking.RoomId === roomId),
    () => void queryClient.invalidateQueries({ queryKey: ['roomBooking', 'bookings', roomId] }),
  );
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
  const roomLocationId = info.data?.LocationId;
  const roomClosures = useMemo(() => (closuresQ.data && roomLocationId !== undefined
    ? closuresQ.data.filter((c) => closesRoom(c, { id: roomId, locationId: roomLocationId })) : []), [closuresQ.data, roomId, roomLocationId]);
  const closedSpans = useMemo(() => roomClosures.map((c): ShownClosure => ({
    start: toShown(new Date(c.Start), tz), end: toShown(new Date(c.End), tz), reason: c.Reason, until: new Date(c.End),
  })), [roomClosures, tz]);
  const closureEvents = useMemo(() => roomClosures.map((c): CalEvent => ({
    id: `closure-${c.Id}-${c.Start}`, title: closedWords(c), start: toShown(new Date(c.Start), tz), end: toShown(new Date(c.End), tz), closure: c,
  })), [roomClosures, tz]);
  const allEvents = useMemo(() => (closureEvents.length === 0 ? events : [...events, ...closureEvents]), [events, closureEvents]);
  const closedRefusal = (c: ShownClosure) => `${closedUntilWords({ Reason: c.reason, End: c.until.toISOString() }, tz)}. Choose another time.`;

  // The room's info says whether the viewer is its room admin (SPEC 3 IsRoomAdmin).
  const openedMode = opened ? cancellation.modeFor(opened, opened.RoomId === info.data?.Id && (info.data?.IsRoomAdmin ?? false)) : null;

  const views: CalendarView[] = site.WorkWeekOnly ? [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA] : [Views.MONTH, Views.WORK_WEEK, Views.WEEK, Views.DAY, Views.AGENDA];
  const bounds = calendarBounds(date, site.DayStartMinutes, site.DayEndMinutes);
  const days = visibleDays(view, date);
  const changeView = (v: CalendarView) => { setView(v); setRefusal(null); };
  const goTo = (d: Date) => { setDate(d); setRefusal(null); };

  /** A selection (shown times) from the mouse, a finger or the keyboard: the slot rules, then the form. */
  const select = (start: Date, end: Date, selectedIn: CalendarView) => {
    const room = info.data;
    if (!room) return;
    const shut = closureAt(start, end, closedSpans);
    if (shut) { setRefusal(closedRefusal(shut)); return; }
    const now = new Date();
    const location = locations.data?.find((l) => l.Id === room.LocationId);
    const constraint = resolveRoomConstraint({
      room: room.RoomBookingConstraint, location: location?.RoomBookingConstraint,
      site: site.BookingConstraints.find((c) => c.ResourceType === 1 && c.LocationId === null && c.RoomId === null), global: settings.GlobalRoomConstraint,
    });
    const result = checkSlotSelection({
      slot: { start: fromShown(start, tz), end: fromShown(end, tz) }, view: selectedIn,
      existing: (bookings.data ?? []).map((b) => ({ start: new Date(b.Start), end: new Date(b.Finish) })),
      now, limit: advanceLimitDate(constraint, now, tz), timeZone: tz,
    });
    if (!result.ok) { setRefusal(result.message); return; }
    let shown = { start, end };
    if (selectedIn === Views.MONTH) {
      shown = monthSelectionToSlot(start, end, toShown(now, tz), site.DayEndMinutes);
      if (shown.start.getHours() * 60 + shown.start.getMinutes() + ROOM_STEP_MINUTES > site.DayEndMinutes) { setRefusal(NO_AVAILABILITY_DAY); return; }
    }
    setRefusal(null);
    setSlot({
      roomId: room.Id, roomName: room.Name, start: fromShown(shown.start, tz), end: fromShown(shown.end, tz), timeZone: tz,
      restricted: room.IsRestricted && !room.IsRoomAdmin,
      latestEnd: fromShown(latestEnd(shown.start, site.DayEndMinutes, [...events, ...closedSpans]), tz),
    });
  };

  /** A slot chosen by key or tap: a free one starts a booking, a booked one opens the booking. */
  const activate = (start: Date, end: Date) => {
    const onIt = events.find((e) => e.start < end && start < e.end);
    if (slotState(start, end, shownNow, events) === 'booked' && onIt?.booking) setOpened(onIt.booking);
    else select(start, end, view);
  };
  /** An event chosen: a booking opens, a closure says why the time is closed. */
  const openEvent = (e: CalEvent) => {
    if (e.booking) { setOpened(e.booking); return; }
    const shut = closedSpans.find((c) => c.start.getTime() === e.start.getTime());
    if (shut) setRefusal(closedRefusal(shut));
  };
  const slotProps = useSlotKeyboard({
    container: calendarBox, days, dayStartMinutes: site.DayStartMinutes, dayEndMinutes: site.DayEndMinutes, stepMinutes: SLOT_MINUTES,
    shownNow, bookings: events, skipWeekends: view === Views.WORK_WEEK, onGoTo: goTo, onActivate: activate,
  });
  const swipe = useSwipe((dir) => goTo(stepDate(view, date, dir)));
  const tap = useSlotTap((key) => { const start = slotFromKey(key); activate(start, addMinutes(start, SLOT_MINUTES)); });
  // Closed slots: hatched dark, named closed with the reason, not bookable (the keyboard and a tap get the refusal).
  const slotPropsWithClosures: typeof slotProps = (date, resourceId) => {
    const props = slotProps(date, resourceId);
    if (resourceId === undefined || closedSpans.length === 0) return props;
    const end = addMinutes(date, SLOT_MINUTES);
    const shut = closureAt(date, end, closedSpans);
    if (!shut) return props;
    return {
      ...props, className: `${props.className ?? ''} hd-closed`.trim(), 'aria-disabled': true,
      'aria-label': `${slotLabel(date, end, 'closed')}: ${shut.reason}`, title: `Closed: ${shut.reason}`,
    };
  };
  // Month view: a day closed over the site's day hours is hatched too. Only there: the time grid asks
  // with each column's end (the next midnight), and its slots are marked one by one anyway.
  const dayProps = (d: Date) => {
    const closedDay = view === Views.MONTH
      && closedSpans.some((c) => c.start <= addMinutes(d, site.DayStartMinutes) && c.end >= addMinutes(d, site.DayEndMinutes));
    const classes = [d < startOfDay(shownNow) ? 'hd-past' : '', closedDay ? 'hd-closed' : ''].filter(Boolean);
    return classes.length > 0 ? { className: classes.join(' ') } : {};
  };

  // Today: start the grid an hour before now, so the next free hours are on screen.
  const scrollToTime = days.some((d) => isSameDay(d, shownNow)) ? addMinutes(shownNow, -60) : bounds.min;
  const weekOnPhone = narrow && (view === Views.WEEK || view === Views.WORK_WEEK);
  const hint = weekOnPhone ? 'Scroll sideways to see every day, or choose the Day view'
    : view === Views.DAY || view === Views.MONTH ? `Swipe or use ‹ › for another ${view === Views.DAY ? 'day' : 'month'}; scroll down for later times`
      : 'Scroll to see more';

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select label="Room" w={{ base: '100%', sm: 320 }} allowDeselect={false}
          data={(rooms.data ?? []).map((r) => ({ value: String(r.Id), label: `${r.Name} (${r.LocationName})` }))}
          value={roomId > 0 ? String(roomId) : null} onChange={(v) => { setChosen(v); setRefusal(null); }} />
        <DayInput label="Go to date" w={200} value={format(date, 'yyyy-MM-dd')} description={null}
          onChange={(v) => { if (v) goTo(parse(v, 'yyyy-MM-dd', new Date())); }} />
      </Group>
      {rooms.data?.length === 0 && <Text>No rooms were found, but this may be due to booking restrictions in effect at this location.</Text>}
      {info.error && <LoadErrorBar message="Unable to load room information" onRetry={() => void info.refetch()} retrying={info.isFetching} />}
      {bookings.error && <LoadErrorBar message="Unable to load bookings" onRetry={() => void bookings.refetch()} retrying={bookings.isFetching} />}
      {info.data && (
        <Text size="sm">
          {info.data.Name}, {info.data.LocationName}: capacity {info.data.Capacity}{info.data.Equipment ? `, ${info.data.Equipment}` : ''}.
          {info.data.IsRestricted && !info.data.IsRoomAdmin ? ' Bookings here are requests that an approver must approve.' : ''} Times are in {tz}.
        </Text>
      )}
      {refusal && <Alert color="orange" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setRefusal(null)}>{refusal}</Alert>}
      {/* The closures (asked for with the rooms, before the bookings) are waited for like the bookings: no closed hour is drawn open first. */}
      {roomId > 0 && ((!bookings.data && bookings.isPending) || (!closuresQ.data && closuresQ.isPending)) && <Loader size="sm" aria-label="Loading bookings" />}
      {roomId > 0 && (
        <Box>
          <CalendarToolbar label={rangeLabel(view, date, narrow)} view={view} views={views} compact={narrow} onView={changeView}
            onNavigate={(to) => goTo(to === 'TODAY' ? toShown(new Date(), tz) : stepDate(view, date, to === 'NEXT' ? 1 : -1))} />
          <Text size="sm" c="gray.7" mb={4}>
            {narrow ? 'Tap a free time to book it. Shaded times are past.' : 'Arrow keys move between time slots, Enter books the one chosen. Shaded times are past.'}
            {closedSpans.length > 0 ? ' Dark hatched times are closed (the reason is written on them).' : ''}
          </Text>
          <ScrollHint label="Room calendar" always={narrow} hint={hint}>
            <div ref={calendarBox} className="hd-calendar hd-room-calendar" style={{ height: narrow ? 620 : 720, minWidth: weekOnPhone ? 56 + days.length * PHONE_DAY_COLUMN_PX : undefined }}
              data-testid="room-calendar" data-view={view} {...tap} {...(view === Views.DAY || view === Views.MONTH ? swipe : {})}>
              <Calendar<CalEvent>
                localizer={localizer}
                culture="en-GB"
                formats={formats}
                events={allEvents}
                views={views}
                view={view}
                onView={(v) => changeView(v as CalendarView)}
                date={date}
                onNavigate={goTo}
                toolbar={false}
                getNow={() => shownNow}
                min={bounds.min}
                max={bounds.max}
                scrollToTime={scrollToTime}
                step={SLOT_MINUTES}
                timeslots={1}
                length={31}
                selectable
                longPressThreshold={150}
                onSelecting={({ start }) => start >= shownNow}
                onSelectSlot={(s: SlotInfo) => select(s.start, s.end, view)}
                slotPropGetter={slotPropsWithClosures}
                dayPropGetter={dayProps}
                onSelectEvent={openEvent}
                onKeyPressEvent={(e, ev) => { if (isActivateKey(ev)) { ev.preventDefault(); openEvent(e); } }}
                eventPropGetter={(e) => ({
                  style: e.closure ? CLOSED_EVENT_STYLE : e.booking.Status === 0 ? { backgroundColor: '#b35900', color: '#fff' } : { backgroundColor: '#1c5d99', color: '#fff' },
                  className: e.closure ? 'hd-closed-event' : undefined,
                })}
                messages={{ noEventsInRange: 'No bookings in this range.', work_week: 'Work Week' }}
              />
            </div>
          </ScrollHint>
        </Box>
      )}
      {slot && <BookingFormModal slot={slot} onClose={() => setSlot(null)} />}
      {opened && (
        <RoomBookingDetails booking={opened} timeZone={tz} cancelMode={openedMode} onClose={() => setOpened(null)}
          onCancel={() => {
            setOpened(null);
            if (openedMode) cancellation.start({ booking: opened, mode: openedMode, label: `${opened.RoomName ?? 'Room'}, ${slotText(new Date(opened.Start), new Date(opened.Finish), tz, shortDates)}` });
          }} />
      )}
      {cancellation.dialog}
    </Stack>
  );
}
