import type pg from 'pg';
import { roomBookingInitialStatus } from '../../../domain/approval.js';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { normaliseEmail } from '../../../domain/email.js';
import { isAdmin } from '../../../domain/permissions.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notifyBookingEvent } from '../mail/bookingMail.js';
import { mailSender } from '../notifications/mailLimit.js';
import { insertRoomBooking } from '../roomBooking/roomBooking.repo.js';
import { checkBookingText, checkRoomTimes, roomOpenTo } from '../roomBooking/roomBooking.service.js';

/**
 * A new room booking made by an invitation, under every rule of a booking made on the screen (the
 * room booking service's own checks: room open to this person, times, advance limit; restricted room
 * → a request; the database refuses clashes and closures), written on the job's transaction, so the
 * booking, the invitation's link and the room's answer commit together or not at all.
 *
 * Unlike the screen, the booker gets no booking mail with Hotdesk's own calendar object: the meeting is
 * already in their calendar (they organised it) and a second event would double it; the room's REPLY
 * is their confirmation. Approvers of a restricted room are told of the request as usual.
 */
export async function bookByInvitation(client: pg.PoolClient, deps: AppDeps, user: SessionUser,
  r: { roomId: number; start: Date; finish: Date; summary: string }): Promise<Booking> {
  const text = checkBookingText({ Description: r.summary || 'Meeting', OnBehalfOfEmail: '' });
  const ctx = await roomOpenTo(deps, user, r.roomId);
  await checkRoomTimes(deps, ctx, r.start, r.finish);
  const status = roomBookingInitialStatus({ roomRestricted: ctx.restricted, isRoomAdmin: ctx.isRoomAdmin, isAdmin: isAdmin(user.caller) });
  const booking = await insertRoomBooking(client, {
    siteId: ctx.siteId, locationId: ctx.locationId, roomId: ctx.roomId, start: r.start, finish: r.finish,
    description: text.description, onBehalfOfEmail: '', bookedByUserId: user.id, holderKey: normaliseEmail(user.email), status,
  });
  if (status === BOOKING_STATUS.Pending) await notifyBookingEvent(client, deps.config, 'requested', booking.Id, mailSender(deps, user));
  return booking;
}
