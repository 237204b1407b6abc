import type { z } from 'zod';
import { canCancelBooking, isCancellable, roomBookingInitialStatus } from '../../../domain/approval.js';
import { BOOKING_STATUS, isBookingStatus } from '../../../domain/bookingStatus.js';
import { normaliseEmail } from '../../../domain/email.js';
import { isAdmin } from '../../../domain/permissions.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { BookingUpdateInput } from '../../../domain/wire/roomBooking.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { updateDeskBooking } from '../deskBooking/deskBooking.service.js';
import { notifyBookingEvent } from '../mail/bookingMail.js';
import { mailSender } from '../notifications/mailLimit.js';
import { inTransaction, isRoomAdminOf } from '../orgAccess/orgAccess.repo.js';
import { assertOnBehalfAllowed } from '../people/onBehalf.js';
import { checkBookingText, checkRoomTimes, roomOpenTo } from '../roomBooking/roomBooking.service.js';
import { findBooking, updateRoomBooking } from './bookingUpdate.repo.js';

type Input = z.output<typeof BookingUpdateInput>;

export const NOT_ACTIVE = 'Only a pending or approved booking can be changed.';
export const CHANGED_MEANWHILE = 'This booking was changed by someone else meanwhile. Please reload it and try again.';

/**
 * POST /api/bookings/{id}: change a booking. Who: its owner, the person it was booked on behalf of
 * (e-mail compared case-insensitively), a room admin of its room, or an Admin (SPEC 6). Every rule
 * of a new booking holds for the changed one; a clash is refused by the database (409).
 *
 * Status after a change (choice; the spec is silent): moving an Approved booking in time or to
 * another room is decided as a new booking by the person editing (a staff member moving a booking
 * of a restricted room makes a new request; its room admin does not). A Pending request stays
 * Pending while its room is restricted. Changing only the name or the on-behalf person keeps the status.
 */
export async function updateBooking(deps: AppDeps, user: SessionUser, id: number, input: Input): Promise<Booking> {
  const saved = await findBooking(deps.pool, id);
  if (!saved) throw notFound('The booking');
  if (saved.isDesk || saved.roomId === null) {
    // Desk bookings keep the desk rules, which live with desk booking.
    const keep = <T>(v: T | null | undefined) => v ?? undefined;
    return updateDeskBooking(deps, user, id, {
      Start: keep(input.Start), Finish: keep(input.Finish), DeskId: keep(input.DeskId), Description: keep(input.Description),
      OnBehalfOfEmail: keep(input.OnBehalfOfEmail), IncludeParking: keep(input.IncludeParking),
    });
  }
  const admin = isAdmin(user.caller);
  const may = canCancelBooking({
    caller: { userId: user.id, email: user.email, isAdmin: admin, isRoomAdminOfRoom: await isRoomAdminOf(deps.pool, user.id, saved.roomId), isBookingManager: false },
    booking: { bookedByUserId: saved.bookedByUserId, onBehalfOfEmail: saved.onBehalfOfEmail, isDesk: false },
  });
  if (!may.ok) throw forbidden('Only the booker, the person it was booked for, the room\'s admins or an administrator can change this booking.');
  if (!isBookingStatus(saved.status) || !isCancellable(saved.status)) throw conflict(NOT_ACTIVE);

  const text = checkBookingText({ Description: input.Description ?? saved.description, OnBehalfOfEmail: input.OnBehalfOfEmail ?? saved.onBehalfOfEmail });
  await assertOnBehalfAllowed(deps.pool, deps.config, text.onBehalfOfEmail, saved.onBehalfOfEmail);
  const roomId = input.RoomId ?? saved.roomId;
  const ctx = await roomOpenTo(deps, user, roomId);
  const start = input.Start ? new Date(input.Start) : saved.start;
  const finish = input.Finish ? new Date(input.Finish) : saved.finish;
  const roomChanged = roomId !== saved.roomId;
  const startChanged = start.getTime() !== saved.start.getTime();
  const slotChanged = roomChanged || startChanged || finish.getTime() !== saved.finish.getTime();
  await checkRoomTimes(deps, roomId, start, finish, roomChanged || startChanged);

  let status = saved.status;
  if (slotChanged) {
    status = saved.status === BOOKING_STATUS.Pending && ctx.restricted
      ? BOOKING_STATUS.Pending
      : roomBookingInitialStatus({ roomRestricted: ctx.restricted, isRoomAdmin: ctx.isRoomAdmin, isAdmin: admin });
  }
  const changed = slotChanged || text.description !== saved.description || normaliseEmail(text.onBehalfOfEmail) !== normaliseEmail(saved.onBehalfOfEmail);

  return inTransaction(deps.pool, async (client) => {
    const booking = await updateRoomBooking(client, {
      id, expectedVersion: saved.version,
      siteId: ctx.siteId, locationId: ctx.locationId, roomId, start, finish,
      description: text.description, onBehalfOfEmail: text.onBehalfOfEmail,
      holderKey: normaliseEmail(text.onBehalfOfEmail || saved.bookerEmail), status, now: deps.now(),
    });
    if (!booking) throw conflict(CHANGED_MEANWHILE);
    const by = mailSender(deps, user);
    if (status === BOOKING_STATUS.Pending && slotChanged) await notifyBookingEvent(client, deps.config, 'requested', id, by);
    if (changed) await notifyBookingEvent(client, deps.config, 'changed', id, by);
    return booking;
  });
}
