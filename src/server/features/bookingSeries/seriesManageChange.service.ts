/**
 * POST /api/bookings/series/{SeriesId}/change (issue 22): moves this and the following occurrences to
 * new times on the site's clock (StartTime-FinishTime on each occurrence's own day, so 09:00 stays
 * 09:00 across daylight-saving changes), all or none.
 *
 * Who: whoever may cancel the series (its owner, or a manager of it). What moves: the active
 * occurrences from From on that have not started; started, past, cancelled and rejected ones stay.
 * Any new time overlapping another booking of the room (desks: of the desk, or of the same person)
 * refuses the whole change (409) and names the days. As for one booking (bookingUpdate), moving an
 * occurrence of a restricted room makes it a request again unless a room admin or an Admin moves it.
 * Not re-checked: the advance limit (a change keeps the days, only the hours move).
 */
import { roomBookingInitialStatus } from '../../../domain/approval.js';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { isAdmin } from '../../../domain/permissions.js';
import { fromWallClock } from '../../../domain/wallClock.js';
import type { SeriesChanged, SeriesChangeInput } from '../../../domain/wire/seriesManage.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, conflict, fieldError } from '../../http/errors.js';
import { closedMessage } from '../../../domain/closedMessage.js';
import { mailSender } from '../notifications/mailLimit.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import { visibleSeries } from './seriesDetail.service.js';
import { clashingDays, moveOccurrences, type Move } from './seriesManage.repo.js';
import { notifySeries } from './seriesNotice.js';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const listDays = (days: readonly string[]) => (days.length <= 5 ? days.join(', ') : `${days.slice(0, 5).join(', ')} and ${days.length - 5} more`);

const clashed = (days: readonly string[]) =>
  new AppError('CONFLICT', `The new times clash with another booking on ${listDays(days)}. Nothing was changed.`, { Dates: days.join(', ') });

/** PostgreSQL refused the move: an overlap that came in meanwhile (23P01), or a closure (bookings_place_open). */
const refusedByDatabase = (err: unknown) => {
  const e = err as { code?: string; constraint?: string; detail?: string } | undefined;
  if (e?.code === '23P01') return conflict('Another booking took one of these times meanwhile. Nothing was changed.');
  if (e?.code === '23514' && e.constraint === 'booking_place_open') return conflict(`${closedMessage(e.detail)} Nothing was changed.`);
  return undefined;
};

export async function changeSeries(deps: AppDeps, user: SessionUser, seriesId: string, input: SeriesChangeInput): Promise<SeriesChanged> {
  const startMinutes = minutesOf(input.StartTime);
  const finishMinutes = minutesOf(input.FinishTime);
  if (finishMinutes <= startMinutes) throw fieldError('FinishTime', 'The end must be after the start.');
  const now = deps.now();
  try {
    return await inTransaction(deps.pool, async (client) => {
      const { series, access } = await visibleSeries(client, user, seriesId, { lock: true });
      const due = series.occurrences.filter((o) => (o.status === BOOKING_STATUS.Pending || o.status === BOOKING_STATUS.Approved)
        && o.start.getTime() > now.getTime() && o.day >= input.From);
      if (due.length === 0) return { Changed: 0, Dates: [] };
      const isRoom = series.place.roomId !== null;
      const initial = roomBookingInitialStatus({ roomRestricted: series.restricted, isRoomAdmin: access.isRoomAdmin, isAdmin: isAdmin(user.caller) });
      const moves: Move[] = due.map((o) => ({
        id: o.id, day: o.day,
        start: fromWallClock(o.day, startMinutes, series.timeZone), finish: fromWallClock(o.day, finishMinutes, series.timeZone),
        status: !isRoom ? o.status : o.status === BOOKING_STATUS.Pending && series.restricted ? BOOKING_STATUS.Pending : initial,
      }));
      const past = moves.filter((m) => m.start.getTime() <= now.getTime()).map((m) => m.day);
      if (past.length > 0) throw fieldError('StartTime', `The new start on ${listDays(past)} has already passed.`);
      const clashes = await clashingDays(client, { ...series, roomId: series.place.roomId }, moves);
      if (clashes.length > 0) throw clashed(clashes);
      await moveOccurrences(client, moves, now);

      const facts = {
        place: series.place, rule: series.rule, firstDate: series.firstDate, occurrences: moves, description: series.description,
        onBehalfOfEmail: series.onBehalfOfEmail, booker: { id: series.bookedByUserId, email: series.bookerEmail, fullName: series.bookerName },
        seriesId: series.id,
      };
      const by = mailSender(deps, user);
      const requests = moves.filter((m) => m.status === BOOKING_STATUS.Pending);
      if (isRoom && requests.length > 0) await notifySeries(client, deps.config, { ...facts, event: 'requested', occurrences: requests }, by);
      await notifySeries(client, deps.config, { ...facts, event: 'changed' }, by);
      return { Changed: moves.length, Dates: moves.map((m) => m.day) };
    });
  } catch (err) {
    throw refusedByDatabase(err) ?? err;
  }
}
