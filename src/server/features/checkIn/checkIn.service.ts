import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BOOKING_STATUS, bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import { checkInWindow } from '../../../domain/checkIn.js';
import { isValidEmail } from '../../../domain/email.js';
import type { CheckInInfo, CheckInResult } from '../../../domain/wire/myBookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { conflict, fieldError, notFound } from '../../http/errors.js';
import type { CheckInLimiter } from './checkInLimiter.js';
import { findMeeting, recordCheckIn, roomDetails, roomMeetings, toCheckInMeeting, type MeetingRow } from './checkIn.repo.js';

export const CHECKED_IN = "You're Checked-In";
export const ALREADY_CHECKED_IN = 'This meeting is already checked in.';
export const EMAIL_NEEDED = 'Please enter a valid email address';

/**
 * GET /api/bookings/check-in/{siteId}/{locationId}/{roomId} and GET /api/rooms/{id}/check-in-info:
 * the room, its previous and upcoming meetings. The ids in the QR URL must name one live room.
 */
export async function checkInInfo(deps: AppDeps, user: SessionUser | undefined, roomId: number, place?: { siteId: number; locationId: number }): Promise<CheckInInfo> {
  const room = await roomDetails(deps.pool, roomId);
  if (!room || (place && (room.SiteId !== place.siteId || room.LocationId !== place.locationId))) throw notFound('The room');
  const now = deps.now();
  const { upcoming, previous } = await roomMeetings(deps.pool, roomId, now);
  const present = (m: MeetingRow | undefined) => (m ? toCheckInMeeting(m, now, !user) : null);
  return { RoomDetails: room, UpcomingMeeting: present(upcoming), PreviousMeeting: present(previous), Now: now.toISOString() };
}

const at = (d: Date, timeZone: string) => format(new TZDate(d.getTime(), timeZone), "HH:mm 'on' EEE d MMM");

/** Why this booking cannot be checked in now, in words; null when it can. */
function refusal(m: MeetingRow & { time_zone: string }, now: Date): string | null {
  if (m.room_id === null) return 'Only room bookings can be checked in.';
  if (m.status !== BOOKING_STATUS.Approved) {
    const words = isBookingStatus(m.status) ? bookingStatusInWords(m.status) : 'not approved';
    return `Only approved bookings can be checked in. This booking is ${words}.`;
  }
  const { opens, closes } = checkInWindow(m.starts_at);
  if (now < opens) return `Check-in opens at ${at(opens, m.time_zone)}, 15 minutes before the meeting starts.`;
  if (now > closes) return `Check-in closed at ${at(closes, m.time_zone)}, 15 minutes after the meeting started.`;
  return null;
}

/**
 * POST /api/bookings/check-in/{bookingId} (SPEC 2.7, 4, 9). Signed in, the person is recorded
 * (CheckedInByUserId and their name); signed out, a valid e-mail is needed and is recorded as
 * CheckedInByUserName. Anonymous attempts are rate-limited per address. Only Approved room
 * bookings, only inside the window; a second check-in changes nothing and says so.
 */
export async function checkIn(
  deps: AppDeps, limiter: CheckInLimiter, who: { user: SessionUser | undefined; address: string; email: string | null | undefined },
  bookingId: number,
): Promise<CheckInResult> {
  const { user } = who;
  if (!user) await limiter.attempt(who.address);
  const email = (who.email ?? '').trim();
  if (!user && !isValidEmail(email)) throw fieldError('Email', EMAIL_NEEDED);

  const now = deps.now();
  const found = await findMeeting(deps.pool, bookingId);
  if (!found) throw notFound('The booking');
  if (found.checked_in_at !== null) return { AlreadyCheckedIn: true, Message: ALREADY_CHECKED_IN, Booking: toCheckInMeeting(found, now, !user) };
  const tz = (await roomDetails(deps.pool, found.room_id ?? 0))?.TimeZone ?? deps.config.defaultTimeZone;
  const why = refusal({ ...found, time_zone: tz }, now);
  if (why) throw conflict(why);

  const done = await recordCheckIn(deps.pool, { bookingId, userId: user?.id ?? null, name: user ? user.fullName || user.email : email, at: now });
  if (done) return { AlreadyCheckedIn: false, Message: CHECKED_IN, Booking: toCheckInMeeting(done, now, !user) };
  // Someone else's check-in (or a cancellation) got there first: answer from what is stored now.
  const again = await findMeeting(deps.pool, bookingId);
  if (again && again.checked_in_at !== null) return { AlreadyCheckedIn: true, Message: ALREADY_CHECKED_IN, Booking: toCheckInMeeting(again, now, !user) };
  throw conflict(again ? (refusal({ ...again, time_zone: tz }, now) ?? 'This booking can no longer be checked in.') : 'This booking can no longer be checked in.');
}
