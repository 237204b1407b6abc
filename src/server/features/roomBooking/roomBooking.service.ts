import type { z } from 'zod';
import { advanceLimitDate, isWithinAdvanceLimit } from '../../../domain/advanceLimit.js';
import { roomBookingInitialStatus } from '../../../domain/approval.js';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { isValidOptionalEmail, normaliseEmail } from '../../../domain/email.js';
import { bypassesRestrictions } from '../../../domain/orgAccess.js';
import { isAdmin } from '../../../domain/permissions.js';
import { advanceLimitMessage, SLOT_IN_PAST } from '../../../domain/slotRules.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import {
  ROOM_BOOKING_MESSAGES, type RoomAvailabilityInput, type RoomBookingInput, type RoomBookingSearchInput,
} from '../../../domain/wire/roomBooking.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { badInput, fieldError, forbidden, notFound } from '../../http/errors.js';
import { toBooking } from '../bookings/bookingPresenter.js';
import { bookingNoticeTemplate, notifyBookingEvent } from '../mail/bookingMail.js';
import { mailSender } from '../notifications/mailLimit.js';
import { inTransaction, roomAdvanceLimit } from '../orgAccess/orgAccess.repo.js';
import { assertOnBehalfAllowed } from '../people/onBehalf.js';
import { availableRoomsJson } from './roomAvailability.js';
import { activeRoomBookings, insertRoomBooking, type NewRoomBooking, type RoomContext } from './roomBooking.repo.js';
import { roomInsertBatcher, type BookerNotice } from './roomInsertBatcher.js';
import { hasRoomAdmins, roomAccess, roomConstraint, roomRules } from './roomRules.js';

/** A start this far in the past is still accepted (booking a room for a meeting that just began). */
export const ROOM_START_GRACE_MS = 15 * 60_000;
/** Longest room booking; longer ranges are refused as mistakes (a month cell books one day). */
export const MAX_ROOM_BOOKING_DAYS = 7;
/** Longest range a search may ask for: the month view shows six weeks, the agenda one month. */
export const MAX_SEARCH_DAYS = 62;

const DAY_MS = 86_400_000;

export const ROOM_REFUSALS = {
  maintenance: 'Room booking is not available while the system is in maintenance mode.',
  globalOff: 'Room booking is turned off.',
  siteOff: 'Room booking is turned off at this site.',
  roomUnavailable: 'This room is not available for booking.',
  restrictedPlace: 'Room booking at this location is restricted to named people and teams.',
} as const;

/** Description and On Behalf Of, with SPEC 5's exact messages; returns them trimmed. */
export function checkBookingText(input: { Description?: string | null; OnBehalfOfEmail?: string | null }): { description: string; onBehalfOfEmail: string } {
  const description = (input.Description ?? '').trim();
  const onBehalfOfEmail = (input.OnBehalfOfEmail ?? '').trim();
  const errors: Record<string, string> = {};
  if (!description) errors.Description = ROOM_BOOKING_MESSAGES.descriptionRequired;
  if (!isValidOptionalEmail(onBehalfOfEmail)) errors.OnBehalfOfEmail = ROOM_BOOKING_MESSAGES.invalidEmail;
  const first = Object.values(errors)[0];
  if (first) throw badInput(first, errors);
  return { description, onBehalfOfEmail };
}

/**
 * The room and what this person may do with it, from the rules cached per configuration version
 * (roomRules.ts): no round trip. undefined when the room, its location or its site is deleted.
 */
export async function roomContext(deps: AppDeps, user: SessionUser, roomId: number): Promise<RoomContext | undefined> {
  const rules = await roomRules(deps.pool, user.configVersion);
  const room = rules.rooms.get(roomId);
  if (!room) return undefined;
  const access = roomAccess(rules, room, user, bypassesRestrictions(user.caller));
  return {
    roomId: room.id, roomName: room.name, locationId: room.locationId, siteId: room.siteId, timeZone: room.timeZone,
    hidden: room.hidden, disabled: room.disabled, restricted: room.restricted,
    siteRoomBooking: room.siteRoomBooking, maintenance: rules.maintenance, globalRoomBooking: rules.globalRoomBooking,
    isRoomAdmin: access.isRoomAdmin, mayChoose: access.mayChoose,
    constraint: roomConstraint(rules, room), room, hasRoomAdmins: hasRoomAdmins(rules, room),
  };
}

/** The room may be booked by this person at all: it exists, booking is on, nothing restricts them. */
export async function roomOpenTo(deps: AppDeps, user: SessionUser, roomId: number): Promise<RoomContext> {
  const ctx = await roomContext(deps, user, roomId);
  if (!ctx) throw notFound('The room');
  if (ctx.maintenance) throw forbidden(ROOM_REFUSALS.maintenance);
  if (!ctx.globalRoomBooking) throw forbidden(ROOM_REFUSALS.globalOff);
  if (!ctx.siteRoomBooking) throw forbidden(ROOM_REFUSALS.siteOff);
  if (ctx.disabled || ctx.hidden) throw forbidden(ROOM_REFUSALS.roomUnavailable);
  if (!ctx.mayChoose) throw forbidden(ROOM_REFUSALS.restrictedPlace);
  return ctx;
}

/**
 * Times of a room booking: a real range of at most a week; not in the past (15 minutes' grace);
 * starting within the room's advance limit. `checkStart` false skips the start checks when an
 * update leaves the start where it was (a meeting under way may still be extended or renamed).
 * `room`: its context (the cached constraint), or its id (the constraint read from the database).
 */
export async function checkRoomTimes(deps: AppDeps, room: number | RoomContext, start: Date, finish: Date, checkStart = true): Promise<void> {
  if (finish <= start) throw fieldError('Finish', 'The end must be after the start.');
  if (finish.getTime() - start.getTime() > MAX_ROOM_BOOKING_DAYS * DAY_MS) {
    throw fieldError('Finish', `A room booking can last at most ${MAX_ROOM_BOOKING_DAYS} days.`);
  }
  const now = deps.now();
  if (!checkStart) {
    if (finish <= now) throw fieldError('Finish', SLOT_IN_PAST);
    return;
  }
  if (start.getTime() < now.getTime() - ROOM_START_GRACE_MS) throw fieldError('Start', SLOT_IN_PAST);
  const limit = typeof room === 'number'
    ? await roomAdvanceLimit(deps.pool, room, now)
    : { limit: advanceLimitDate(room.constraint, now, room.timeZone), timeZone: room.timeZone };
  if (!limit) throw notFound('The room');
  if (!isWithinAdvanceLimit(start, limit.limit)) throw fieldError('Start', advanceLimitMessage(limit.limit!, limit.timeZone));
}

type SaveInput = z.output<typeof RoomBookingInput>;

/**
 * POST /api/bookings/room. The caller is the booker (BookedByUserId is ignored). In a restricted
 * room, someone who is not its room admin (nor an Admin) makes a request (Pending) and its approvers
 * are told; otherwise the booking is Approved and the booker gets it as a calendar entry.
 *
 * When the notice goes only to the booker (the usual booking), or a request has nobody to tell, it is
 * rendered here from the cached room and the session (its calendar entry as a template the statement
 * completes with the booking's id), and the booking goes to the room group commit
 * (roomInsertBatcher.ts): with the bookings arriving at the same moment, one statement inserts them
 * and queues their push and mail rows, one commit. A notice to anyone else counts against the
 * booker's mail limit (mailLimit.ts), which is checked under a per-person lock inside a
 * transaction: that path stays as it was.
 */
export async function bookRoom(deps: AppDeps, user: SessionUser, input: SaveInput): Promise<Booking> {
  const text = checkBookingText(input);
  await assertOnBehalfAllowed(deps.pool, deps.config, text.onBehalfOfEmail);
  const ctx = await roomOpenTo(deps, user, input.RoomId);
  const start = new Date(input.Start);
  const finish = new Date(input.Finish);
  await checkRoomTimes(deps, ctx, start, finish);
  const status = roomBookingInitialStatus({ roomRestricted: ctx.restricted, isRoomAdmin: ctx.isRoomAdmin, isAdmin: isAdmin(user.caller) });
  const event = status === BOOKING_STATUS.Pending ? 'requested' : 'booked';
  const row: NewRoomBooking = {
    siteId: ctx.siteId, locationId: ctx.locationId, roomId: ctx.roomId, start, finish,
    description: text.description, onBehalfOfEmail: text.onBehalfOfEmail, bookedByUserId: user.id,
    holderKey: normaliseEmail(text.onBehalfOfEmail || user.email), status,
  };
  const mailsOthers = event === 'requested'
    ? ctx.hasRoomAdmins || ctx.room.notificationEmail !== ''
    : text.onBehalfOfEmail !== '' && normaliseEmail(text.onBehalfOfEmail) !== normaliseEmail(user.email);
  if (!mailsOthers) {
    const { icsTemplate, ...rendered } = bookingNoticeTemplate(deps.config, event, {
      start, finish, description: text.description, onBehalfOfEmail: text.onBehalfOfEmail, status, reason: '',
      roomId: ctx.roomId, locationId: ctx.locationId, roomName: ctx.roomName, locationName: ctx.room.locationName, siteName: ctx.room.siteName,
      timeZone: ctx.timeZone, notificationEmail: ctx.room.notificationEmail, bookerId: user.id, bookerName: user.fullName, bookerEmail: user.email,
    });
    // A booked room tells its booker (push and one e-mail: an on-behalf address here is their own);
    // a request nobody is to be told of queues nothing (as notify does with no one to tell).
    const notice: BookerNotice = event === 'booked'
      ? { pushUserId: user.id, mailTo: user.email, ...rendered, ics: icsTemplate ?? null }
      : { pushUserId: null, mailTo: null, ...rendered, ics: null };
    return roomInsertBatcher(deps.pool).insert({ booking: row, notice });
  }
  return inTransaction(deps.pool, async (client) => {
    const booking = await insertRoomBooking(client, row);
    await notifyBookingEvent(client, deps.config, event, booking.Id, mailSender(deps, user));
    return booking;
  });
}

function checkedRange(fromIso: string, toIso: string, maxDays: number): { from: Date; to: Date } {
  const from = new Date(fromIso), to = new Date(toIso);
  if (to <= from) throw fieldError('ToDate', 'The end must be after the start.');
  if (to.getTime() - from.getTime() > maxDays * DAY_MS) throw fieldError('ToDate', `Ask for at most ${maxDays} days at a time.`);
  return { from, to };
}

/** POST /api/rooms/availability: rooms free for the whole range, as UTF-8 JSON (see availableRoomsJson). */
export async function roomAvailability(deps: AppDeps, user: SessionUser, input: z.output<typeof RoomAvailabilityInput>): Promise<Buffer> {
  const { from, to } = checkedRange(input.FromDate, input.ToDate, MAX_ROOM_BOOKING_DAYS);
  return availableRoomsJson(deps.pool, user.configVersion, {
    from, to, roomType: input.RoomType, userId: user.id, bypass: bypassesRestrictions(user.caller),
    locationId: input.LocationId ?? null, siteId: input.SiteId ?? null,
  });
}

/**
 * POST /api/bookings/searchRooms: the active bookings the calendar shows. Everyone sees when a room
 * is taken and the meeting name; the people behind someone else's booking (e-mail addresses, the
 * reason of a decision) only the booker, the on-behalf person, the room's admins and Admins see.
 */
export async function searchRoomBookings(deps: AppDeps, user: SessionUser, input: z.output<typeof RoomBookingSearchInput>): Promise<Booking[]> {
  const roomId = input.RoomId ?? null;
  const siteId = roomId === null ? (input.SiteId ?? null) : null;
  if (roomId === null && siteId === null) throw badInput('Give a roomId or a siteId.', { RoomId: 'Give a roomId or a siteId.' });
  const { from, to } = checkedRange(input.FromDate, input.ToDate, MAX_SEARCH_DAYS);
  const bypass = bypassesRestrictions(user.caller);
  if (roomId !== null) {
    const ctx = await roomContext(deps, user, roomId);
    if (!ctx) throw notFound('The room');
    if (!ctx.mayChoose) throw forbidden(ROOM_REFUSALS.restrictedPlace);
  }
  const rows = await activeRoomBookings(deps.pool, { roomId, siteId, from, to, userId: user.id, email: user.email, admin: isAdmin(user.caller), bypass });
  return rows.map((r) => {
    const b = toBooking(r);
    return r.sees_all ? b : { ...b, OnBehalfOfEmail: '', CancellationReason: '' };
  });
}
