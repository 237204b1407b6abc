import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { DoorActionResult, DoorState } from '../../../domain/wire/displays.js';
import { RoomBookingInput } from '../../../domain/wire/roomBooking.js';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { findMeeting, recordCheckIn, roomDetails } from '../checkIn/checkIn.repo.js';
import { refusal } from '../checkIn/checkIn.service.js';
import { closedPlacesAt, roomClosedReason } from '../closures/closedPlacesAt.js';
import { bookRoom, roomOpenTo } from '../roomBooking/roomBooking.service.js';
import { displayBooker } from './displayBooker.js';
import type { PairedDisplay } from './displays.repo.js';
import { recordAction } from './displays.repo.js';
import { roomDimHours } from './dimHours.js';
import { bookNowChoices, bookNowStart, doorRows, doorState, endNowFinish, endOfToday } from './doorState.js';

/** The title of a booking made at the door (a description is required of every room booking). */
export const BOOK_NOW_TITLE = 'Booked at the door';
export const BOOKED = 'Booked.';
export const CHECKED_IN_AT_DOOR = 'Checked in.';
export const ENDED = 'The meeting has ended: the room is free.';
export const NOT_CURRENT = 'Only the meeting under way can be ended.';
export const ROOM_BUSY = 'The room is in use.';
export const ENDED_BEFORE_IT_BEGAN = 'Ended at the door in the minute it began.';

/** The check-in and End now are recorded with this name (no person is signed in at the door). */
const checkedInByName = (roomName: string) => `Door display (${roomName})`;

/** The room of `display`, as the door shows it (404 when the room has gone). */
async function roomOf(deps: AppDeps, display: PairedDisplay) {
  const room = await roomDetails(deps.pool, display.roomId);
  if (!room) throw notFound('The room');
  return room;
}

/** Why the display may not book this room ('' when it may): the same checks as any booking (roomOpenTo). */
async function bookNowRefusal(deps: AppDeps, roomId: number): Promise<string> {
  try {
    await roomOpenTo(deps, await displayBooker(deps.pool), roomId);
    return '';
  } catch (err) {
    if (err instanceof AppError && err.code !== 'UNAVAILABLE') return err.message;
    throw err;
  }
}

/** GET /api/display/rooms/{roomId}: the door screen's whole state. */
export async function doorStateOf(deps: AppDeps, display: PairedDisplay): Promise<DoorState> {
  const room = await roomOf(deps, display);
  const now = deps.now();
  const until = new Date(Math.max(endOfToday(now, room.details.TimeZone).getTime(), now.getTime() + 61 * 60_000));
  const [rows, refusalText, dim, closed] = await Promise.all([
    doorRows(deps.pool, display.roomId, now, until), bookNowRefusal(deps, display.roomId), roomDimHours(deps.pool, display.roomId),
    closedPlacesAt(deps.pool, room.details.SiteId, now),
  ]);
  const closedReason = roomClosedReason(closed, { locationId: room.details.LocationId, roomId: room.details.Id });
  return doorState(room.details, rows, now, { showTitles: room.publicDescriptions, bookNowRefusal: refusalText, closedReason, dim });
}

/**
 * POST /api/display/rooms/{roomId}/book: a booking from this minute for `minutes`, cut at the next
 * meeting, made by the room booking service as the "Door display" account (displayBooker.ts), so every
 * rule of a room booking applies (a restricted room makes a request). The display is recorded with it,
 * and an Approved booking is checked in at once.
 */
export async function bookNow(deps: AppDeps, display: PairedDisplay, minutes: number): Promise<DoorActionResult> {
  const before = await doorStateOf(deps, display);
  if (before.Busy) throw conflict(ROOM_BUSY);
  if (before.BookNowRefusal && before.BookNow.length === 0) throw conflict(before.BookNowRefusal);
  const now = deps.now();
  const choice = bookNowChoices(now, before.Later[0] ? new Date(before.Later[0].Start) : undefined).find((c) => c.Minutes === minutes);
  if (!choice) throw conflict('The room is not free for that long: choose a shorter time.');
  const booker = await displayBooker(deps.pool);
  const booking = await bookRoom(deps, booker, RoomBookingInput.parse({
    RoomId: display.roomId, Start: bookNowStart(now).toISOString(), Finish: choice.Finish.toISOString(), Description: BOOK_NOW_TITLE, OnBehalfOfEmail: '',
  }));
  await recordAction(deps.pool, { displayId: display.id, bookingId: booking.Id, action: 'booked', at: now });
  // Booked by someone standing at the door: they are here, so it is checked in at once (the no-show job
  // must not release it 15 minutes later in a room that needs check-ins).
  if (booking.Status === BOOKING_STATUS.Approved) {
    const room = await roomOf(deps, display);
    if (await recordCheckIn(deps.pool, { bookingId: booking.Id, userId: null, name: checkedInByName(room.details.Name), at: now })) {
      await recordAction(deps.pool, { displayId: display.id, bookingId: booking.Id, action: 'checkedIn', at: now });
    }
  }
  const message = booking.Status === BOOKING_STATUS.Pending ? 'Requested: this room needs approval.' : BOOKED;
  return { Message: message, State: await doorStateOf(deps, display) };
}

/** A booking of this display's room, or 404 (a booking of another room is not there for this display). */
async function meetingHere(deps: AppDeps, display: PairedDisplay, bookingId: number) {
  const m = await findMeeting(deps.pool, bookingId);
  if (!m || m.room_id !== display.roomId) throw notFound('The booking');
  return m;
}

/**
 * POST /api/display/rooms/{roomId}/check-in: the check-in page's rules (the same window, Approved only,
 * once; checkIn.service.ts's refusal and the same conditional statement), recorded as the door display.
 */
export async function checkInAtDoor(deps: AppDeps, display: PairedDisplay, bookingId: number): Promise<DoorActionResult> {
  const m = await meetingHere(deps, display, bookingId);
  const room = await roomOf(deps, display);
  const now = deps.now();
  if (m.checked_in_at !== null) return { Message: 'This meeting is already checked in.', State: await doorStateOf(deps, display) };
  const why = refusal({ ...m, time_zone: room.details.TimeZone }, now, deps.config.mailLocale);
  if (why) throw conflict(why);
  const done = await recordCheckIn(deps.pool, { bookingId, userId: null, name: checkedInByName(room.details.Name), at: now });
  if (!done) throw conflict('This booking can no longer be checked in.');
  await recordAction(deps.pool, { displayId: display.id, bookingId, action: 'checkedIn', at: now });
  return { Message: CHECKED_IN_AT_DOOR, State: await doorStateOf(deps, display) };
}

/**
 * POST /api/display/rooms/{roomId}/end: the meeting under way (Approved, started, not finished) ends
 * this minute, in one conditional statement (a meeting that changed meanwhile is not touched). The
 * booking keeps its status: it happened, it only ended early (one begun this very minute is cancelled).
 */
export async function endNow(deps: AppDeps, display: PairedDisplay, bookingId: number): Promise<DoorActionResult> {
  const m = await meetingHere(deps, display, bookingId);
  const now = deps.now();
  if (m.status !== BOOKING_STATUS.Approved || m.starts_at > now || m.finishes_at <= now) throw conflict(NOT_CURRENT);
  const finish = endNowFinish(now);
  // Begun this very minute, it cannot end at a whole minute after its start: it is cancelled instead
  // (the room is free at once either way, and Book now can follow without an overlap).
  const { rowCount } = await deps.pool.query(
    `UPDATE bookings SET
       finishes_at = CASE WHEN $2 > starts_at THEN $2 ELSE finishes_at END,
       status = CASE WHEN $2 > starts_at THEN status ELSE ${BOOKING_STATUS.Cancelled} END,
       cancellation_reason = CASE WHEN $2 > starts_at THEN cancellation_reason ELSE $4 END,
       cancelled_at = CASE WHEN $2 > starts_at THEN cancelled_at ELSE $3 END,
       updated_at = $3
     WHERE id = $1 AND status = ${BOOKING_STATUS.Approved} AND starts_at <= $3 AND finishes_at > $3`, [bookingId, finish, now, ENDED_BEFORE_IT_BEGAN]);
  if (rowCount !== 1) throw conflict(NOT_CURRENT);
  await recordAction(deps.pool, { displayId: display.id, bookingId, action: 'ended', at: now });
  return { Message: ENDED, State: await doorStateOf(deps, display) };
}
