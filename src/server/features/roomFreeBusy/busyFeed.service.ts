import { createHash } from 'node:crypto';
import { writeCalendar, type CalendarEvent } from '../../../domain/ical/calendarObject.js';
import { writeFreeBusy, type BusyPeriod } from '../../../domain/ical/freeBusyObject.js';
import { FREE_BUSY_FUTURE_DAYS, FREE_BUSY_PAST_DAYS } from '../../../domain/wire/roomFreeBusy.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { etagMatches } from '../../http/contentNegotiation.js';
import { countAddressRead, countFeedRead, FEED_LIMITS, type FeedLimits } from './feedLimits.js';
import { FEED_SECRET, hashOfFeedSecret } from './feedSecret.js';
import { RenderedFeeds } from './renderedFeeds.js';
import { busyBookings, closedSpans, roomOfFeed, type BusyBooking, type ClosedSpan, type FeedRoom } from './roomFreeBusy.repo.js';

/**
 * GET /ical/rooms/{secret}.ics and .vfb: when a room is taken, for anyone holding its secret URL
 * (calendar apps and room finders cannot sign in). Two forms of the same facts:
 * - `events`: one VEVENT per booking and per closure, SUMMARY "Busy", TRANSP OPAQUE, on the site's
 *   clock with its VTIMEZONE (the writer of the invitations and the personal feed, calendarObject.ts);
 *   a pending request is STATUS TENTATIVE. UIDs are the room feed's own (hotdesk-room-{room}-busy-
 *   {booking}), not the booking's, so a person subscribed to both their own feed and the room's sees
 *   two calendars, not one event fighting over one UID.
 * - `freebusy`: one VFREEBUSY in UTC: BUSY for approved (and checked-in) bookings, BUSY-TENTATIVE for
 *   pending requests, BUSY-UNAVAILABLE for closures of the room, its floor or its whole site.
 * Nothing about people or meetings is read, so nothing can leak: no names, titles, descriptions or
 * attendee counts; the room's own name (COMMENT, LOCATION, calendar name) is not personal.
 */
export type FeedForm = 'events' | 'freebusy';

export type FeedAnswer = { etag: string; notModified: true } | { etag: string; notModified: false; body: string; fileName: string };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The range both forms cover: from the start of the current hour (UTC), so it moves once an hour and ETags hold meanwhile. */
export function feedWindow(now: Date): { from: Date; to: Date } {
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return { from: new Date(hour - FREE_BUSY_PAST_DAYS * DAY_MS), to: new Date(hour + FREE_BUSY_FUTURE_DAYS * DAY_MS) };
}

interface Facts { room: FeedRoom; from: Date; to: Date; bookings: BusyBooking[]; closures: ClosedSpan[] }

/**
 * A weak ETag over everything the answer says except DTSTAMP (the time it was written): the form,
 * the room (its id is in every UID) with its name and zone, the range, and each booking's and
 * closure's id, times, state and SEQUENCE. Computed before writing, so an unchanged feed costs two
 * indexed reads and no calendar text; it is also the key of the texts kept (renderedFeeds.ts).
 */
function etagOf(form: FeedForm, f: Facts): string {
  const h = createHash('sha256');
  h.update(`${form}\n${f.room.roomId}\n${f.room.roomName}\n${f.room.timeZone}\n${f.from.getTime()}\n${f.to.getTime()}\n`);
  for (const b of f.bookings) h.update(`b${b.id},${b.start.getTime()},${b.finish.getTime()},${b.pending ? 0 : 1},${b.sequence}\n`);
  for (const c of f.closures) h.update(`c${c.closureId},${c.year},${c.start.getTime()},${c.finish.getTime()}\n`);
  return `W/"${h.digest('base64url').slice(0, 27)}"`;
}

const BUSY = 'Busy';

function busyEvents(f: Facts): CalendarEvent[] {
  const common = { timeZone: f.room.timeZone, summary: BUSY, description: '', location: f.room.roomName };
  return [
    ...f.bookings.map((b): CalendarEvent => ({
      ...common, uid: `hotdesk-room-${f.room.roomId}-busy-${b.id}`, sequence: b.sequence, start: b.start, finish: b.finish,
      status: b.pending ? 'TENTATIVE' : 'CONFIRMED',
    })),
    // A closure never changes in place (it is deleted and made anew), so its SEQUENCE stays 0.
    ...f.closures.map((c): CalendarEvent => ({
      ...common, uid: `hotdesk-room-${f.room.roomId}-closed-${c.closureId}-${c.year}`, sequence: 0, start: c.start, finish: c.finish,
      status: 'CONFIRMED',
    })),
  ].sort((a, b) => a.start.getTime() - b.start.getTime());
}

function busyPeriods(f: Facts): BusyPeriod[] {
  return [
    ...f.bookings.map((b): BusyPeriod => ({ start: b.start, end: b.finish, type: b.pending ? 'BUSY-TENTATIVE' : 'BUSY' })),
    ...f.closures.map((c): BusyPeriod => ({ start: c.start, end: c.finish, type: 'BUSY-UNAVAILABLE' })),
  ];
}

function write(form: FeedForm, f: Facts, now: Date): string {
  if (form === 'events') {
    return writeCalendar(busyEvents(f), { method: 'PUBLISH', stamp: now, name: `${f.room.roomName}: busy`, prodId: '-//Hotdesk//Room busy times//EN' });
  }
  return writeFreeBusy({
    uid: `hotdesk-room-${f.room.roomId}-freebusy`, stamp: now, start: f.from, end: f.to, periods: busyPeriods(f), comment: f.room.roomName,
  });
}

/**
 * The feed for `secret`, or 404 for any secret that is malformed, unknown, rotated away or turned off,
 * or whose room was deleted: the same answer for all, so nothing can be learned by trying. 429 past
 * the limits (feedLimits.ts). A request whose If-None-Match holds the current ETag gets 304; a text
 * written before for the same ETag is sent again as it was (renderedFeeds.ts).
 */
const rendered = new RenderedFeeds();

export async function readRoomFeed(
  deps: AppDeps, req: { secret: string; form: FeedForm; address: string; ifNoneMatch: string | undefined }, limits: FeedLimits = FEED_LIMITS,
  cache: RenderedFeeds = rendered,
): Promise<FeedAnswer> {
  await countAddressRead(deps.pool, req.address, limits);
  const room = FEED_SECRET.test(req.secret) ? await roomOfFeed(deps.pool, hashOfFeedSecret(req.secret)) : undefined;
  if (!room) throw notFound('The free/busy feed');
  await countFeedRead(deps.pool, room.roomId, limits);
  const now = deps.now();
  const { from, to } = feedWindow(now);
  const [bookings, closures] = await Promise.all([busyBookings(deps.pool, room.roomId, from, to), closedSpans(deps.pool, room, from, to)]);
  const facts: Facts = { room, from, to, bookings, closures };
  const etag = etagOf(req.form, facts);
  if (etagMatches(req.ifNoneMatch, etag)) return { etag, notModified: true };
  let body = cache.get(etag);
  if (body === undefined) {
    body = write(req.form, facts, now);
    cache.add(etag, body);
  }
  return { etag, notModified: false, body, fileName: req.form === 'events' ? 'room-busy.ics' : 'room-freebusy.vfb' };
}
