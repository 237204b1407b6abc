import { FALLBACK_LOCALE, formatDay, formatTime } from '../../../domain/dateFormat.js';
import { BOOKING_STATUS, bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import { checkInWindow } from '../../../domain/checkIn.js';
import { isValidEmail } from '../../../domain/email.js';
import { isAdmin } from '../../../domain/permissions.js';
import type { CheckInInfo, CheckInResult } from '../../../domain/wire/myBookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../http/errors.js';
import type { CheckInLimiter } from './checkInLimiter.js';
import {
  findMeeting, isMeetingsEmail, meetingsOfPerson, recordCheckIn, roomDetails, roomMeetings, toCheckInPageMeeting, type MeetingRow,
} from './checkIn.repo.js';

export const CHECKED_IN = "You're Checked-In";
export const ALREADY_CHECKED_IN = 'This meeting is already checked in.';
export const EMAIL_NEEDED = 'Please enter a valid email address';
/** The anonymous refusal: the same for a stranger's e-mail, an unknown one and a booking that is not there. */
export const NOT_THIS_MEETINGS_EMAIL =
  "This e-mail address cannot check in to this meeting. Please use the e-mail address of the person who booked it or the person it was booked for.";
export const NOT_YOUR_MEETING =
  'Only the person who booked this meeting, the person it was booked for, or an admin of this room can check in to it.';

/** Who calls a check-in route: signed in, or anonymous from an address (rate-limited). */
export interface CheckInCaller { user: SessionUser | undefined; address: string }

/** The meetings of these rows that the signed-in caller may treat as theirs (see meetingsOfPerson); none when signed out. */
async function yoursAmong(deps: AppDeps, user: SessionUser | undefined, ids: number[]): Promise<(id: number) => boolean> {
  if (!user) return () => false;
  if (isAdmin(user.caller)) return () => true;
  const mine = await meetingsOfPerson(deps.pool, ids, user);
  return (id) => mine.has(Number(id));
}

/**
 * GET /api/bookings/check-in/{siteId}/{locationId}/{roomId} and GET /api/rooms/{id}/check-in-info:
 * the room, its previous and upcoming meetings. The ids in the QR URL must name one live room.
 * Anonymous reads are rate-limited per address, found or not, so walking room ids is slow. What
 * each meeting shows depends on the caller (toCheckInPageMeeting).
 */
export async function checkInInfo(
  deps: AppDeps, limiter: CheckInLimiter, who: CheckInCaller, roomId: number, place?: { siteId: number; locationId: number },
): Promise<CheckInInfo> {
  if (!who.user) await limiter.read(who.address);
  const room = await roomDetails(deps.pool, roomId);
  if (!room || (place && (room.details.SiteId !== place.siteId || room.details.LocationId !== place.locationId))) throw notFound('The room');
  const now = deps.now();
  const { upcoming, previous } = await roomMeetings(deps.pool, roomId, now);
  const yours = await yoursAmong(deps, who.user, [upcoming, previous].flatMap((m) => (m ? [m.id] : [])));
  const present = (m: MeetingRow | undefined) =>
    (m ? toCheckInPageMeeting(m, now, { yours: yours(m.id), publicDescriptions: room.publicDescriptions }) : null);
  return { RoomDetails: room.details, UpcomingMeeting: present(upcoming), PreviousMeeting: present(previous), Now: now.toISOString() };
}

/** '08:45 on Mon 7 Jan': the shared date format on the site's clock, in the server's language (MAIL_LOCALE). */
const at = (d: Date, timeZone: string, now: Date, locale = FALLBACK_LOCALE) =>
  `${formatTime(d, { timeZone, locale })} on ${formatDay(d, { timeZone, locale, short: true, now })}`;

/** Why this booking cannot be checked in now, in words; null when it can. */
export function refusal(m: MeetingRow & { time_zone: string }, now: Date, locale?: string): string | null {
  if (m.room_id === null) return 'Only room bookings can be checked in.';
  if (m.status !== BOOKING_STATUS.Approved) {
    const words = isBookingStatus(m.status) ? bookingStatusInWords(m.status) : 'not approved';
    return `Only approved bookings can be checked in. This booking is ${words}.`;
  }
  const { opens, closes } = checkInWindow(m.starts_at);
  if (now < opens) return `Check-in opens at ${at(opens, m.time_zone, now, locale)}, 15 minutes before the meeting starts.`;
  if (now > closes) return `Check-in closed at ${at(closes, m.time_zone, now, locale)}, 15 minutes after the meeting started.`;
  return null;
}

/**
 * POST /api/bookings/check-in/{bookingId} (SPEC 2.7, 4, 9; issue 18).
 * - Signed in, the person is recorded (CheckedInByUserId and their name). Only the meeting's people
 *   (booker, the person it was booked for) and those who administer its room (room admins, the
 *   site's site-level admins, Admins) may check in: anyone else is refused (403).
 * - Signed out, the e-mail given must be the booker's or the on-behalf person's (any case); it is
 *   recorded as CheckedInByUserName. Any other e-mail, and a booking that does not exist or is not a
 *   room booking, get the same refusal (403 on Email), so the answer says nothing about who booked
 *   it nor whether it exists, and nothing else about the booking is said before the e-mail matches.
 *   Anonymous attempts are rate-limited per address.
 * Only Approved room bookings, only inside the window; a second check-in changes nothing and says so.
 */
export async function checkIn(
  deps: AppDeps, limiter: CheckInLimiter, who: CheckInCaller & { email: string | null | undefined }, bookingId: number,
): Promise<CheckInResult> {
  const { user } = who;
  if (!user) {
    await limiter.attempt(who.address);
    const email = (who.email ?? '').trim();
    if (!isValidEmail(email)) throw fieldError('Email', EMAIL_NEEDED);
    if (!(await isMeetingsEmail(deps.pool, bookingId, email))) throw new AppError('FORBIDDEN', NOT_THIS_MEETINGS_EMAIL, { Email: NOT_THIS_MEETINGS_EMAIL });
  }
  const name = user ? user.fullName || user.email : (who.email ?? '').trim();

  const now = deps.now();
  const found = await findMeeting(deps.pool, bookingId);
  if (!found) throw notFound('The booking');
  if (user && found.room_id !== null && !(await yoursAmong(deps, user, [found.id]))(found.id)) throw forbidden(NOT_YOUR_MEETING);
  const room = await roomDetails(deps.pool, found.room_id ?? 0);
  const view = (m: MeetingRow) => toCheckInPageMeeting(m, now, { yours: !!user, publicDescriptions: room?.publicDescriptions ?? false });
  if (found.checked_in_at !== null) return { AlreadyCheckedIn: true, Message: ALREADY_CHECKED_IN, Booking: view(found) };
  const tz = room?.details.TimeZone ?? deps.config.defaultTimeZone;
  const why = refusal({ ...found, time_zone: tz }, now, deps.config.mailLocale);
  if (why) throw conflict(why);

  const done = await recordCheckIn(deps.pool, { bookingId, userId: user?.id ?? null, name, at: now });
  if (done) return { AlreadyCheckedIn: false, Message: CHECKED_IN, Booking: view(done) };
  // Someone else's check-in (or a cancellation) got there first: answer from what is stored now.
  const again = await findMeeting(deps.pool, bookingId);
  if (again && again.checked_in_at !== null) return { AlreadyCheckedIn: true, Message: ALREADY_CHECKED_IN, Booking: view(again) };
  throw conflict(again ? (refusal({ ...again, time_zone: tz }, now, deps.config.mailLocale) ?? 'This booking can no longer be checked in.') : 'This booking can no longer be checked in.');
}
