import { FALLBACK_LOCALE, formatDay, formatTime } from '../../../domain/dateFormat.js';
import { deskCheckInWindow, deskWindowState, type DeskCheckInRule } from '../../../domain/deskCheckIn.js';
import type { DeskCheckInBooking, DeskCheckInResult, DeskCheckInState } from '../../../domain/wire/deskCheckIn.js';
import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../http/errors.js';
import { countRead } from '../../http/perPersonLimit.js';
import { bookDesk, floorplanOccupancy } from '../deskBooking/deskBooking.service.js';
import { publishedDesks, type DeskFacts } from '../deskBooking/publishedDesks.js';
import {
  deskPlace, nextBookingStart, recordDeskCheckIn, yourBookingAtDesk, yourDeskElsewhere, type DeskBookingRow, type DeskPlace,
} from './deskCheckIn.repo.js';

/** Scans, check-ins and "book now" per person and minute: a person scans one desk a few times a day at most. */
export const DESK_CHECK_IN_CALLS_PER_MINUTE = 30;

export const CHECKED_IN = "You're checked in.";
export const ALREADY_CHECKED_IN = 'This booking is already checked in.';
export const NO_BOOKING_HERE = 'You have no booking at this desk now.';
export const DESK_TAKEN = 'This desk is taken now.';

/** '08:45 on Mon 7 Jan': the shared date format on the site's clock, in the server's language. */
const at = (d: Date, timeZone: string, now: Date, locale = FALLBACK_LOCALE) =>
  `${formatTime(d, { timeZone, locale })} on ${formatDay(d, { timeZone, locale, short: true, now })}`;

const bookingView = (b: DeskBookingRow, rule: DeskCheckInRule, now: Date): DeskCheckInBooking => {
  const { opens, closes } = deskCheckInWindow(b.starts_at, rule);
  return {
    Id: Number(b.id), Start: b.starts_at.toISOString(), Finish: b.finishes_at.toISOString(),
    CheckedIn: b.checked_in_at !== null, CheckedInAt: b.checked_in_at?.toISOString() ?? null,
    CheckInOpens: opens.toISOString(), CheckInCloses: closes.toISOString(), Window: deskWindowState(b.starts_at, rule, now),
  };
};

/** The floorplan and the desk on its published layout; 404 for either missing (the QR code names both). */
async function placeAndDesk(deps: AppDeps, floorplanId: number, deskId: string): Promise<{ place: DeskPlace; desk: DeskFacts }> {
  const place = await deskPlace(deps.pool, floorplanId);
  if (!place) throw notFound('The floorplan');
  const desk = place.layoutId !== null && place.layoutUpdatedAt !== null
    ? (await publishedDesks(deps.pool, place.layoutId, place.layoutUpdatedAt)).get(deskId) : undefined;
  if (!desk) throw notFound('The desk');
  return { place, desk };
}

/**
 * Where "Book now" ends: the site's usual end of day (its day hours) when that is at least half an
 * hour away, else the end of the local day; and always before the desk's next booking.
 */
export async function bookNowFinish(deps: AppDeps, place: DeskPlace, deskId: string, start: Date): Promise<Date> {
  const today = toWallClock(start, place.timeZone).date;
  const dayEnd = fromWallClock(today, place.dayEndMinutes, place.timeZone);
  const midnight = fromWallClock(today, 24 * 60, place.timeZone);
  const end = dayEnd.getTime() - start.getTime() >= 30 * 60_000 ? dayEnd : midnight;
  const next = await nextBookingStart(deps.pool, place.floorplanId, deskId, start);
  return next && next < end ? next : end;
}

/** Now to the minute: "Book now" starts at the current minute (a start up to 15 minutes back is allowed). */
const thisMinute = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000);

/**
 * GET /api/desk-check-in/{floorplanId}/{deskId}: what scanning the desk's code finds for the signed-in
 * person (see DeskCheckInState). Someone else's booking is named only where the map would name it
 * (floorplanOccupancy applies the privacy settings).
 */
export async function deskCheckInState(deps: AppDeps, user: SessionUser, floorplanId: number, deskId: string): Promise<DeskCheckInState> {
  await countRead(deps.pool, 'desk-check-in', user.id, DESK_CHECK_IN_CALLS_PER_MINUTE);
  const { place, desk } = await placeAndDesk(deps, floorplanId, deskId);
  const now = deps.now();
  const [mine, elsewhere, occupancy] = await Promise.all([
    yourBookingAtDesk(deps.pool, floorplanId, deskId, user, now),
    yourDeskElsewhere(deps.pool, floorplanId, deskId, user, now),
    floorplanOccupancy(deps, user, floorplanId, now, new Date(now.getTime() + 60_000)),
  ]);
  const others = occupancy.filter((o) => o.DeskId === deskId && !o.IsMine);
  const takenNow = others.length > 0;
  const freeNow = !takenNow && !occupancy.some((o) => o.DeskId === deskId && o.IsMine);
  let bookNow: DeskCheckInState['BookNow'] = null;
  if (freeNow && desk.bookable && !mine) {
    const start = thisMinute(now);
    bookNow = { Start: start.toISOString(), Finish: (await bookNowFinish(deps, place, deskId, start)).toISOString() };
  }
  return {
    Desk: {
      FloorplanId: place.floorplanId, DeskId: desk.id, Name: desk.name, FloorplanName: place.floorplanName,
      SiteName: place.siteName, LocationName: place.locationName, TimeZone: place.timeZone,
    },
    CheckInRequired: place.rule.required, BeforeMinutes: place.rule.beforeMinutes, AfterMinutes: place.rule.afterMinutes,
    YourBooking: mine ? bookingView(mine, place.rule, now) : null,
    YourDeskElsewhere: !mine && elsewhere
      ? { DeskName: elsewhere.desk_name ?? '', FloorplanName: elsewhere.floorplan_name, Start: elsewhere.starts_at.toISOString(), Finish: elsewhere.finishes_at.toISOString() }
      : null,
    TakenNow: takenNow,
    TakenBy: others.find((o) => o.Occupant)?.Occupant?.Name ?? null,
    BookNow: bookNow,
    Now: now.toISOString(),
  };
}

/** Why the person's booking cannot be checked in now, in words (the site's clock), or null. */
function windowRefusal(b: DeskBookingRow, place: DeskPlace, now: Date, locale?: string): string | null {
  const { opens, closes } = deskCheckInWindow(b.starts_at, place.rule);
  const state = deskWindowState(b.starts_at, place.rule, now);
  if (state === 'early') return `Check-in opens at ${at(opens, place.timeZone, now, locale)}, ${place.rule.beforeMinutes} minutes before your booking starts.`;
  if (state === 'closed') return `Check-in closed at ${at(closes, place.timeZone, now, locale)}, ${place.rule.afterMinutes} minutes after your booking started.`;
  return null;
}

/**
 * POST /api/desk-check-in/{floorplanId}/{deskId}: checks in the signed-in person's own booking at
 * this desk (booked by them or for them), inside the window. Nobody checks in for someone else, not
 * even an admin: a check-in says the person is at the desk. Where check-in is not required it is
 * still recorded (the desk map shows it), since nothing is released either way.
 */
export async function checkInAtDesk(deps: AppDeps, user: SessionUser, floorplanId: number, deskId: string): Promise<DeskCheckInResult> {
  await countRead(deps.pool, 'desk-check-in', user.id, DESK_CHECK_IN_CALLS_PER_MINUTE);
  const { place } = await placeAndDesk(deps, floorplanId, deskId);
  const now = deps.now();
  const mine = await yourBookingAtDesk(deps.pool, floorplanId, deskId, user, now);
  if (!mine) throw conflict(NO_BOOKING_HERE);
  if (mine.checked_in_at !== null) return { Message: ALREADY_CHECKED_IN, AlreadyCheckedIn: true, Booking: bookingView(mine, place.rule, now) };
  const why = windowRefusal(mine, place, now, deps.config.mailLocale);
  if (why) throw conflict(why);
  const done = await recordDeskCheckIn(deps.pool, {
    bookingId: Number(mine.id), floorplanId, deskId, userId: user.id, name: user.fullName || user.email, at: now, ...place.rule,
  });
  if (done) return { Message: CHECKED_IN, AlreadyCheckedIn: false, Booking: bookingView(done, place.rule, now) };
  // A second tap (or the no-show job) got there first: answer from what is stored now.
  const again = await yourBookingAtDesk(deps.pool, floorplanId, deskId, user, now);
  if (again?.checked_in_at) return { Message: ALREADY_CHECKED_IN, AlreadyCheckedIn: true, Booking: bookingView(again, place.rule, now) };
  throw conflict('This booking can no longer be checked in.');
}

/**
 * POST /api/desk-check-in/{floorplanId}/{deskId}/book-now: books the free desk from this minute to
 * the end of the day (bookNowFinish) through the desk booking service, under every rule (access,
 * restrictions, one desk per person, advance limits, maintenance), and checks it in at once.
 */
export async function bookNowAndCheckIn(deps: AppDeps, user: SessionUser, floorplanId: number, deskId: string): Promise<DeskCheckInResult> {
  await countRead(deps.pool, 'desk-check-in', user.id, DESK_CHECK_IN_CALLS_PER_MINUTE);
  const { place } = await placeAndDesk(deps, floorplanId, deskId);
  const start = thisMinute(deps.now());
  const finish = await bookNowFinish(deps, place, deskId, start);
  const booking = await bookDesk(deps, user, {
    FloorplanId: floorplanId, DeskId: deskId, Start: start.toISOString(), Finish: finish.toISOString(),
    Description: '', OnBehalfOfEmail: '', IncludeParking: false,
  });
  const now = deps.now();
  const done = await recordDeskCheckIn(deps.pool, {
    bookingId: booking.Id, floorplanId, deskId, userId: user.id, name: user.fullName || user.email, at: now, ...place.rule,
  });
  if (!done) throw conflict('The desk was booked, but the check-in failed. Please scan the code again.');
  return { Message: `Booked until ${formatTime(finish, { timeZone: place.timeZone, locale: deps.config.mailLocale })}. ${CHECKED_IN}`, AlreadyCheckedIn: false, Booking: bookingView(done, place.rule, now) };
}
