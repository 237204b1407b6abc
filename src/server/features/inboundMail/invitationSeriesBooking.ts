import type pg from 'pg';
import { advanceLimitDate } from '../../../domain/advanceLimit.js';
import { roomBookingInitialStatus } from '../../../domain/approval.js';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { closedMessage } from '../../../domain/closedMessage.js';
import { normaliseEmail } from '../../../domain/email.js';
import { isAdmin } from '../../../domain/permissions.js';
import { formatDay } from '../../../domain/dateFormat.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { insertRoomSeries, takenRoomDays } from '../bookingSeries/roomSeries.repo.js';
import { notifyRoomSeries } from '../bookingSeries/seriesNotice.js';
import { refusedBy, seriesStart } from '../bookingSeries/seriesRules.js';
import { closedDays } from '../bookingSeries/seriesRules.repo.js';
import { whenText } from '../mail/bookingMail.js';
import { mailSender } from '../notifications/mailLimit.js';
import { checkBookingText, roomOpenTo } from '../roomBooking/roomBooking.service.js';
import { expandInvitedSeries, type InvitedOccurrence } from './invitationSeries.js';

/**
 * A room series booked by a repeating invitation (issue 23 on issue 22's series), on the job's
 * transaction and under the series API's rules (roomBookingSeries.service.ts): the room must be open to
 * the person, each occurrence within the advance limit (later ones are not booked, see
 * invitationSeries.ts), none on a closed day, none overlapping another booking; a restricted room makes
 * the whole series one request, whose approvers are told once. All or none: the first occurrence that
 * cannot be booked declines the invitation and names its date; one insert statement writes every
 * occurrence, so a clash that arrives meanwhile refuses it all (the database's exclusion constraint).
 *
 * As with a single invitation, the booker gets no Hotdesk calendar object: the meeting is already in
 * their calendar; the room's REPLY is their confirmation.
 */
export type InvitedSeriesResult =
  | { booked: true; seriesId: string; bookings: Booking[]; occurrences: InvitedOccurrence[]; pending: boolean; note: string }
  | { booked: false; reason: string };

const NOTHING = 'Nothing was booked: change or remove that occurrence, or invite another room.';

export async function bookInvitedSeries(client: pg.PoolClient, deps: AppDeps, user: SessionUser,
  r: { roomId: number; ics: string; summary: string }): Promise<InvitedSeriesResult> {
  const text = checkBookingText({ Description: r.summary || 'Meeting', OnBehalfOfEmail: '' });
  const ctx = await roomOpenTo(deps, user, r.roomId);
  const now = deps.now();
  const limit = advanceLimitDate(ctx.constraint, now, ctx.timeZone);
  const max = deps.config.seriesMaxOccurrences;
  const series = expandInvitedSeries(r.ics, ctx.timeZone, { now, horizon: limit, max });
  const { occurrences } = series;
  const when = (o: InvitedOccurrence) => whenText(o.start, o.finish, ctx.timeZone, deps.config.mailLocale);

  const place = { siteId: ctx.siteId, locationId: ctx.locationId, roomId: ctx.roomId, floorplanId: null, deskId: null };
  const [closed, taken] = await Promise.all([closedDays(client, place, occurrences), takenRoomDays(client, ctx.roomId, occurrences)]);
  const refused = occurrences.find((o) => closed.has(o.date) || taken.has(o.date));
  if (refused) {
    const why = closed.has(refused.date) ? `Closed on ${when(refused)}: ${closed.get(refused.date)}.` : `The room is already booked on ${when(refused)}.`;
    return { booked: false, reason: `${why} ${NOTHING}` };
  }

  const status = roomBookingInitialStatus({ roomRestricted: ctx.restricted, isRoomAdmin: ctx.isRoomAdmin, isAdmin: isAdmin(user.caller) });
  const first = seriesStart(occurrences[0]!.start, occurrences[0]!.finish, ctx.timeZone);
  const row = {
    siteId: ctx.siteId, locationId: ctx.locationId, roomId: ctx.roomId, description: text.description,
    onBehalfOfEmail: '', bookedByUserId: user.id, holderKey: normaliseEmail(user.email), status,
  };
  await client.query('SAVEPOINT invited_series');
  let saved: { seriesId: string; bookings: Booking[] };
  try {
    saved = await insertRoomSeries(client, { rule: series.rule, first, timeZone: ctx.timeZone, bookedByUserId: user.id }, row, occurrences);
    await client.query('RELEASE SAVEPOINT invited_series');
  } catch (err) {
    await client.query('ROLLBACK TO SAVEPOINT invited_series');
    if (refusedBy(err, '23514', ['booking_place_open'])) return { booked: false, reason: `${closedMessage((err as { detail?: string }).detail)} ${NOTHING}` };
    if (refusedBy(err, '23P01', ['room_not_double_booked'])) return { booked: false, reason: `Another booking took one of these times meanwhile. ${NOTHING}` };
    throw err;
  }
  const pending = status === BOOKING_STATUS.Pending;
  if (pending) {
    await notifyRoomSeries(client, deps.config, {
      event: 'requested', ctx, rule: series.rule, first, occurrences, description: text.description, onBehalfOfEmail: '', booker: user, seriesId: saved.seriesId,
    }, mailSender(deps, user));
  }
  const day = (d: Date) => formatDay(d, { timeZone: ctx.timeZone, locale: deps.config.mailLocale, short: true, withYear: true });
  const lastDay = day(occurrences[occurrences.length - 1]!.start);
  const note = series.cut === 'window' && limit
    ? ` This room can be booked up to ${day(limit)}: occurrences after ${lastDay} are not booked.`
    : series.cut === 'limit' ? ` A repeating booking holds at most ${max} occurrences: those after ${lastDay} are not booked.` : '';
  return { booked: true, seriesId: saved.seriesId, bookings: saved.bookings, occurrences, pending, note };
}
