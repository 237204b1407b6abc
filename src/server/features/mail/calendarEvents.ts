/**
 * A booking, or a repeating booking, as the one calendar event that the invitations, the personal
 * feed and the "Add to calendar" download all carry (domain/ical/calendarObject.ts writes it):
 *   UID       hotdesk-booking-{id}, or hotdesk-series-{series id} for every occurrence of a series;
 *   SEQUENCE  bookings.ics_sequence (raised by every change, migration 0023); a series' is the sum
 *             over its occurrences, so cancelling or changing any of them raises it;
 *   STATUS    TENTATIVE while waiting for approval, CONFIRMED otherwise, CANCELLED in a CANCEL;
 *   LOCATION  room or desk, floor, site; ORGANIZER the Hotdesk sender; ATTENDEE the booker and the
 *             person booked for.
 * Pure, so the room-booking fast path renders it before the booking is saved (bookingIcs.ts).
 */
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { Attendee, CalendarEvent, CalendarPerson } from '../../../domain/ical/calendarObject.js';
import { rruleOf } from '../../../domain/ical/recurrenceRrule.js';
import { expandSeries, type SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import { ABSOLUTE_MAX_OCCURRENCES, type Recurrence } from '../../../domain/recurrence/recurrenceRule.js';

export const bookingUid = (id: number | string) => `hotdesk-booking-${id}`;
export const seriesUid = (seriesId: string) => `hotdesk-series-${seriesId}`;

/** What an event says of one booking (a row of invitationFacts.repo.ts, or a booking about to be saved). */
export interface CalendarBooking {
  start: Date; finish: Date; description: string; status: number;
  roomName: string | null; deskName: string | null; deskId: string | null;
  locationName: string; siteName: string; timeZone: string;
  bookerName: string; bookerEmail: string; onBehalfOfEmail: string;
}

/** The organizer from MAIL_FROM ('Hotdesk <hotdesk@example.org>' or a bare address). */
export function organizerOf(mailFrom: string): CalendarPerson {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  return m ? { name: m[1] || undefined, email: m[2]!.trim() } : { email: mailFrom.trim() };
}

/** 'Desk 4' from a desk named '4' or 'Desk 4' (the name saved with the booking, else its id). */
const deskWords = (name: string | null, id: string | null) => {
  const n = (name ?? id ?? '').trim();
  return /^desk\b/i.test(n) ? n : `Desk ${n}`.trim();
};

export const placeWords = (b: Pick<CalendarBooking, 'roomName' | 'deskName' | 'deskId'>) =>
  b.roomName !== null ? b.roomName : deskWords(b.deskName, b.deskId);

const pending = (status: number) => status === BOOKING_STATUS.Pending;

function attendees(b: CalendarBooking, partstat: Attendee['partstat']): Attendee[] {
  const list: Attendee[] = [{ email: b.bookerEmail, name: b.bookerName || undefined, role: 'REQ-PARTICIPANT', partstat }];
  if (b.onBehalfOfEmail && b.onBehalfOfEmail.toLowerCase() !== b.bookerEmail.toLowerCase()) {
    list.push({ email: b.onBehalfOfEmail, role: 'REQ-PARTICIPANT', partstat });
  }
  return list;
}

/** The parts every event of a booking shares; `cancelled` for the event of a CANCEL. */
function common(b: CalendarBooking, organizer: CalendarPerson, cancelled: boolean) {
  const what = placeWords(b);
  const waiting = !cancelled && pending(b.status);
  return {
    timeZone: b.timeZone,
    summary: b.description || what,
    description: `${b.roomName !== null ? 'Room' : 'Desk'} booking: ${what}${waiting ? ' (waiting for approval)' : ''}${cancelled ? ' (cancelled)' : ''}`,
    location: `${what}, ${b.locationName}, ${b.siteName}`,
    status: cancelled ? 'CANCELLED' as const : waiting ? 'TENTATIVE' as const : 'CONFIRMED' as const,
    organizer,
    attendees: attendees(b, cancelled ? 'DECLINED' : waiting ? 'TENTATIVE' : 'ACCEPTED'),
  };
}

/** One booking's event. `uid`/`sequence` are left to the caller where the row is not saved yet. */
export function bookingCalendarEvent(b: CalendarBooking & { id: number; sequence: number }, organizer: CalendarPerson, cancelled = false): CalendarEvent {
  return { uid: bookingUid(b.id), sequence: b.sequence, start: b.start, finish: b.finish, ...common(b, organizer, cancelled) };
}

export interface SeriesRow {
  id: string; rule: Recurrence; first: SeriesStart; timeZone: string;
}

/** An occurrence of a series as stored: a bookings row with its day in the series. */
export type OccurrenceRow = CalendarBooking & { occurrenceDate: string; sequence: number };

const ACTIVE = (o: OccurrenceRow) => o.status === BOOKING_STATUS.Pending || o.status === BOOKING_STATUS.Approved;

/**
 * A series as ONE event: DTSTART the rule's first day at the series' wall clock, RRULE from the stored
 * rule, EXDATE for each day the rule gives that has no active occurrence (skipped when booked, or
 * cancelled, rejected or released since), and an overriding event (RECURRENCE-ID) for an active
 * occurrence moved off the rule's time. The series' text and attendees are its earliest active
 * occurrence's (all are booked alike); with none active, its first occurrence's.
 * Cancelled (the object of a CANCEL) when no occurrence is active.
 */
export function seriesCalendarEvents(s: SeriesRow, occurrences: readonly OccurrenceRow[], organizer: CalendarPerson): CalendarEvent[] {
  if (occurrences.length === 0) return [];
  const ruled = expandSeries(s.rule, s.first, s.timeZone, ABSOLUTE_MAX_OCCURRENCES).occurrences;
  const byDate = new Map(occurrences.map((o) => [o.occurrenceDate, o]));
  const active = occurrences.filter(ACTIVE).sort((a, b) => a.start.getTime() - b.start.getTime());
  const cancelled = active.length === 0;
  const face = active[0] ?? occurrences[0]!;
  // Some waiting and some approved: the approved ones say the meeting happens.
  const status = active.some((o) => o.status === BOOKING_STATUS.Approved) ? BOOKING_STATUS.Approved : face.status;
  const shared = common({ ...face, status }, organizer, cancelled);
  const sequence = occurrences.reduce((sum, o) => sum + o.sequence, 0);
  const uid = seriesUid(s.id);
  const first = ruled[0];
  if (!first) return [];
  const exdates = ruled.filter((r) => { const o = byDate.get(r.date); return !o || !ACTIVE(o); }).map((r) => r.start);
  const master: CalendarEvent = {
    uid, sequence, start: first.start, finish: first.finish, ...shared,
    rrule: rruleOf(s.rule, s.first, s.timeZone), exdates: cancelled ? [] : exdates,
  };
  if (cancelled) return [master];
  const moved = ruled.flatMap((r) => {
    const o = byDate.get(r.date);
    if (!o || !ACTIVE(o) || (o.start.getTime() === r.start.getTime() && o.finish.getTime() === r.finish.getTime())) return [];
    return [{ ...master, ...common(o, organizer, false), rrule: undefined, exdates: undefined, recurrenceId: r.start, start: o.start, finish: o.finish }];
  });
  return [master, ...moved];
}
