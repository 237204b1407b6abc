import { Badge, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, endOfMonth, format, getDay, parse, startOfDay, startOfHour, startOfMonth, startOfWeek } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { calendarFormats } from '../appShell/calendarFormats.js';
import { formatRange, formatTime, useShortDates } from '../appShell/index.js';
import { Calendar, dateFnsLocalizer, Views, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import '../../app/calendar/calendar.css';
import { DEFAULT_DAY_END_MINUTES, DEFAULT_DAY_START_MINUTES } from '../../../domain/wire/sites.js';
import { calendarBounds } from '../../app/calendar/dayHours.js';
import { fromShown, toShown } from '../../app/calendar/siteClock.js';
import type { CheckInMeeting } from '../../../domain/wire/myBookings.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { BookingDetailsActions, useBookingCancellation, type CancelMode } from '../cancellation/index.js';
import { getMySites, getSiteCalendar, receptionKeys, REFRESH_MS } from './receptionApi.js';
import { useCalendarAria } from '../../app/calendar/useCalendarAria.js';
import { CHECK_IN_COLOURS, CHECK_IN_WORDS, checkInState, eventTitle, statusWords } from './receptionView.js';
import { useChoiceWithDefault } from '../../app/useChoiceWithDefault.js';
import { useLiveEvents } from '../../app/live/useLiveEvents.js';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek: (d: Date) => startOfWeek(d, { weekStartsOn: 1 }), getDay, locales: { 'en-GB': enGB } });

/** start and end are "shown" Dates (the site's wall clock in the browser's local fields: siteClock.ts). */
interface CalEvent { id: number; title: string; start: Date; end: Date; resourceId: number; booking: CheckInMeeting; roomCheckIns: boolean; roomAdmin: boolean }
interface CalResource { id: number; title: string }

/** Enter or Space on a focused event opens it, as a click does (react-big-calendar passes key events as SyntheticEvent). */
const isActivateKey = (ev: SyntheticEvent) => { const key = (ev as unknown as KeyboardEvent).key; return key === 'Enter' || key === ' '; };

/** The shared date format (src/domain/dateFormat.ts), of the booking's real instants in the site's zone. */
const whenText = (e: CalEvent, short: boolean, timeZone: string) => formatRange(e.booking.Start, e.booking.Finish, { short, timeZone });

/** The range the calendar shows: the day (day view) or the month around it (agenda). */
function rangeOf(date: Date, view: View): { start: Date; end: Date } {
  if (view === Views.AGENDA) return { start: startOfDay(date), end: addDays(startOfDay(date), 31) };
  if (view === Views.MONTH) return { start: startOfMonth(date), end: addDays(endOfMonth(date), 1) };
  return { start: startOfDay(date), end: addDays(startOfDay(date), 1) };
}

/**
 * The day view shows the site's day hours (the room calendar's too; 07:00 to 20:00 unless an admin
 * changed them), widened to fit any booking of the day that starts earlier or ends later.
 */
function dayHours(date: Date, events: CalEvent[], startMinutes: number, endMinutes: number): { min: Date; max: Date } {
  const day = startOfDay(date);
  const next = addDays(day, 1);
  let { min, max } = calendarBounds(day, startMinutes, endMinutes);
  for (const e of events) {
    if (e.end <= day || e.start >= next) continue;
    if (e.start < min) min = e.start < day ? day : startOfHour(e.start);
    if (e.end > max) max = e.end >= next ? new Date(next.getTime() - 60_000) : e.end;
  }
  return { min, max };
}

/**
 * /menu/calendar, the Reception View (SPEC 2.2, 6): for site-level admins, every room of their
 * site as a column of the day, with each booking's details and check-in state, refreshed live (issue 24).
 * The grid, its "now" line and every time shown are the site's wall clock, whatever the device's zone.
 * Admins, and room admins of a booking's room (IsRoomAdmin per room), may cancel it with a reason.
 */
export function ReceptionPage() {
  const shortDates = useShortDates();
  const formats = useMemo(() => calendarFormats(shortDates), [shortDates]);
  const sites = useQuery({ queryKey: receptionKeys.sites, queryFn: getMySites });
  const [chosen, setChosen] = useChoiceWithDefault(sites.data?.[0]?.SiteId);
  const siteId = Number(chosen ?? 0);
  const site = sites.data?.find((s) => s.SiteId === siteId);
  const timeZone = site?.TimeZone ?? 'UTC';
  // The day shown: today at the site until the person moves (a "shown" Date, as the grid's are).
  const [picked, setPicked] = useState<Date | null>(null);
  const today = useMemo(() => toShown(new Date(), timeZone), [timeZone]);
  const date = picked ?? today;
  const [view, setView] = useState<View>(Views.DAY);
  const range = rangeOf(date, view);
  const start = fromShown(range.start, timeZone).toISOString();
  const end = fromShown(range.end, timeZone).toISOString();
  const calendar = useQuery({
    queryKey: receptionKeys.calendar(siteId, start, end), queryFn: () => getSiteCalendar(siteId, start, end),
    enabled: siteId > 0 && site !== undefined, refetchInterval: REFRESH_MS, refetchIntervalInBackground: false, placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<CalEvent | null>(null);
  const queryClient = useQueryClient();
  const cancellation = useBookingCancellation({ onCancelled: () => queryClient.invalidateQueries({ queryKey: ['reception'] }) });
  // A room booking of this site changed on any instance (or events were missed): refetch the calendar.
  useLiveEvents(
    (m) => m.type === 'resync' || (m.type === 'booking' && m.booking.Kind === 'room' && m.booking.SiteId === siteId),
    () => void queryClient.invalidateQueries({ queryKey: ['reception', 'calendar', siteId] }),
    siteId > 0,
  );
  const calendarBox = useRef<HTMLDivElement>(null);
  useCalendarAria(calendarBox);

  const { events, resources } = useMemo(() => {
    const rooms = calendar.data?.Rooms ?? [];
    const checkIns = new Map(rooms.map((r) => [r.Id, r.RoomCheckIns]));
    const roomAdmin = new Map(rooms.map((r) => [r.Id, r.IsRoomAdmin]));
    return {
      resources: rooms.map((r): CalResource => ({ id: r.Id, title: `${r.Name} (${r.LocationName})` })),
      events: (calendar.data?.Bookings ?? []).map((b): CalEvent => ({
        id: b.Id, title: eventTitle(b, checkIns.get(b.RoomId ?? 0) ?? false), start: toShown(new Date(b.Start), timeZone), end: toShown(new Date(b.Finish), timeZone),
        resourceId: b.RoomId ?? 0, booking: b, roomCheckIns: checkIns.get(b.RoomId ?? 0) ?? false, roomAdmin: roomAdmin.get(b.RoomId ?? 0) ?? false,
      })),
    };
  }, [calendar.data, timeZone]);
  const dayStart = site?.DayStartMinutes ?? DEFAULT_DAY_START_MINUTES;
  const dayEnd = site?.DayEndMinutes ?? DEFAULT_DAY_END_MINUTES;
  const hours = useMemo(() => dayHours(date, events, dayStart, dayEnd), [date, events, dayStart, dayEnd]);
  const openRoomName = open ? resources.find((r) => r.id === open.resourceId)?.title ?? '' : '';
  const openMode = open ? cancellation.modeFor(open.booking, open.roomAdmin) : null;

  return (
    <>
      {sites.error && <LoadErrorBar message="Unable to load sites" onRetry={() => void sites.refetch()} retrying={sites.isFetching} />}
      {calendar.error && <LoadErrorBar message="Unable to load bookings" onRetry={() => void calendar.refetch()} retrying={calendar.isFetching} />}
      <Panel size="lg">
        <PageHeading>Reception View</PageHeading>
        <Stack>
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <Select label="Site" data={(sites.data ?? []).map((s) => ({ value: String(s.SiteId), label: s.SiteName }))}
              value={siteId > 0 ? String(siteId) : null} onChange={setChosen} allowDeselect={false} w={260} />
            <Group gap="xs" aria-label="Key">
              {(['awaiting', 'checkedIn', 'pending', 'noShow'] as const).map((s) => (
                <Badge key={s} color={CHECK_IN_COLOURS[s]} tt="none">{CHECK_IN_WORDS[s]}</Badge>
              ))}
            </Group>
          </Group>
          {sites.data?.length === 0 && <Text>You are not a site-level admin of any site.</Text>}
          {(sites.isPending || calendar.isPending) && siteId >= 0 && sites.data?.length !== 0 && <Loader aria-label="Loading the calendar" />}
          {calendar.data && (
            <div style={{ overflowX: 'auto' }} ref={calendarBox}>
              <div className="hd-calendar" style={{ minWidth: Math.max(360, resources.length * 130), height: 720 }} data-testid="reception-calendar">
                <Calendar<CalEvent, CalResource>
                  localizer={localizer}
                  culture="en-GB"
                  formats={formats}
                  events={events}
                  resources={view === Views.DAY ? resources : undefined}
                  resourceIdAccessor="id"
                  resourceTitleAccessor="title"
                  views={[Views.DAY, Views.AGENDA]}
                  view={view}
                  onView={setView}
                  date={date}
                  onNavigate={setPicked}
                  getNow={() => toShown(new Date(), timeZone)}
                  min={hours.min}
                  max={hours.max}
                  scrollToTime={hours.min}
                  step={15}
                  timeslots={4}
                  length={31}
                  onSelectEvent={setOpen}
                  onKeyPressEvent={(e, ev) => { if (isActivateKey(ev)) { ev.preventDefault(); setOpen(e); } }}
                  eventPropGetter={(e) => ({ style: { backgroundColor: CHECK_IN_COLOURS[checkInState(e.booking, e.roomCheckIns)], color: '#fff' } })}
                  messages={{ noEventsInRange: 'No room bookings in this range.' }}
                />
              </div>
            </div>
          )}
          <Text size="sm" c="gray.7">
            {site ? `Times are in the site's time zone (${site.TimeZone}). ` : ''}The calendar refreshes every 30 seconds{calendar.isFetching ? ' (refreshing…)' : ''}.
          </Text>
          <BackToMenu />
        </Stack>
      </Panel>
      {open && (
        <BookingDetails event={open} roomName={openRoomName} timeZone={timeZone} cancelMode={openMode} onClose={() => setOpen(null)}
          onCancel={() => { setOpen(null); if (openMode) cancellation.start({ booking: open.booking, mode: openMode, label: `${openRoomName}, ${whenText(open, shortDates, timeZone)}` }); }} />
      )}
      {cancellation.dialog}
    </>
  );
}

function BookingDetails({ event, roomName, timeZone, cancelMode, onCancel, onClose }: {
  event: CalEvent; roomName: string; timeZone: string; cancelMode: CancelMode | null; onCancel: () => void; onClose: () => void;
}) {
  const b = event.booking;
  const short = useShortDates();
  const state = checkInState(b, event.roomCheckIns);
  return (
    <Modal opened onClose={onClose} title={b.Description || 'Meeting'} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap={4}>
        <Text>{roomName}</Text>
        <Text>{whenText(event, short, timeZone)}</Text>
        <Text>Booked by {b.BookedByUserName}</Text>
        {b.OnBehalfOfEmail && <Text>On behalf of {b.OnBehalfOfEmail}</Text>}
        <Text>Status: {statusWords(b.Status)}</Text>
        <Text fw={600}>
          {CHECK_IN_WORDS[state]}
          {b.CheckedIn && b.CheckedInByUserName ? ` by ${b.CheckedInByUserName}` : ''}
          {b.CheckedInAt ? ` at ${formatTime(b.CheckedInAt, { timeZone })}` : ''}
        </Text>
        <BookingDetailsActions cancelMode={cancelMode} onCancel={onCancel} onClose={onClose} />
      </Stack>
    </Modal>
  );
}
