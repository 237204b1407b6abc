/**
 * Repeating room bookings (issue 22): a preview of every occurrence, then one transaction that books
 * exactly the occurrences the person chose, or none of them.
 *
 * Every rule of a single room booking applies, through the same functions (roomOpenTo: the room may
 * be booked by this person at all; checkBookingText; the on-behalf rule), and per occurrence: not in
 * the past, within the advance limit that applies (room, else location, else site, else global), not
 * overlapping another active booking. A restricted room makes every chosen occurrence a request
 * (Pending), and the series is one request: its approvers get one notice for the whole series.
 */
import type { z } from 'zod';
import { advanceLimitDate, isWithinAdvanceLimit } from '../../../domain/advanceLimit.js';
import { roomBookingInitialStatus } from '../../../domain/approval.js';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { normaliseEmail } from '../../../domain/email.js';
import { isAdmin } from '../../../domain/permissions.js';
import { expandSeries, type Occurrence, type SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import { advanceLimitMessage, SLOT_IN_PAST } from '../../../domain/slotRules.js';
import { MINUTES_PER_DAY, toWallClock } from '../../../domain/wallClock.js';
import type { RoomSeriesBooked, RoomSeriesInput, RoomSeriesPreview, SeriesOccurrence } from '../../../domain/wire/bookingSeries.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, fieldError } from '../../http/errors.js';
import { mailSender } from '../notifications/mailLimit.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import { assertOnBehalfAllowed } from '../people/onBehalf.js';
import type { RoomContext } from '../roomBooking/roomBooking.repo.js';
import { checkBookingText, ROOM_START_GRACE_MS, roomOpenTo } from '../roomBooking/roomBooking.service.js';
import { insertRoomSeries, takenRoomDays } from './roomSeries.repo.js';
import { notifyRoomSeries } from './seriesNotice.js';

type Input = z.output<typeof RoomSeriesInput>;

interface Plan {
  ctx: RoomContext;
  text: { description: string; onBehalfOfEmail: string };
  status: number;
  first: SeriesStart;
  occurrences: (Occurrence & Pick<SeriesOccurrence, 'State' | 'Reason'>)[];
  lastPossibleDate: string | null;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The first occurrence as a wall clock on the site's clocks: its day, start and length. */
function seriesStart(start: Date, finish: Date, timeZone: string): SeriesStart {
  if (finish <= start) throw fieldError('Finish', 'The end must be after the start.');
  const from = toWallClock(start, timeZone);
  const to = toWallClock(finish, timeZone);
  const durationMinutes = daysBetween(from.date, to.date) * MINUTES_PER_DAY + to.minutes - from.minutes;
  if (durationMinutes <= 0 || durationMinutes > MINUTES_PER_DAY) throw fieldError('Finish', 'Each occurrence of a repeating booking lasts at most a day.');
  return { date: from.date, startMinutes: from.minutes, durationMinutes };
}

async function planRoomSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<Plan> {
  const text = checkBookingText(input);
  await assertOnBehalfAllowed(deps.pool, deps.config, text.onBehalfOfEmail);
  const ctx = await roomOpenTo(deps, user, input.RoomId);
  const first = seriesStart(new Date(input.Start), new Date(input.Finish), ctx.timeZone);
  const rule = input.Recurrence;
  if (rule.Until !== undefined && rule.Until < first.date) throw fieldError('Recurrence.Until', 'Until: the end date is before the first occurrence.');
  const max = deps.config.seriesMaxOccurrences;
  const expansion = expandSeries(rule, first, ctx.timeZone, max);
  if (expansion.tooMany) throw fieldError(rule.Count !== undefined ? 'Recurrence.Count' : 'Recurrence.Until', `A repeating booking may hold at most ${max} occurrences.`);
  if (expansion.occurrences.length === 0) throw fieldError('Recurrence', 'This rule gives no occurrence: check the weekdays and the end date.');

  const now = deps.now();
  const limit = advanceLimitDate(ctx.constraint, now, ctx.timeZone);
  const taken = await takenRoomDays(deps.pool, ctx.roomId, expansion.occurrences);
  const status = roomBookingInitialStatus({ roomRestricted: ctx.restricted, isRoomAdmin: ctx.isRoomAdmin, isAdmin: isAdmin(user.caller) });
  const occurrences = expansion.occurrences.map((o) => {
    const [State, Reason]: [SeriesOccurrence['State'], string] =
      o.start.getTime() < now.getTime() - ROOM_START_GRACE_MS ? ['Past', SLOT_IN_PAST]
        : !isWithinAdvanceLimit(o.start, limit) ? ['BeyondLimit', advanceLimitMessage(limit!, ctx.timeZone)]
          : taken.has(o.date) ? ['Taken', 'The room is already booked then.']
            : [status === BOOKING_STATUS.Pending ? 'NeedsApproval' : 'Free', ''];
    return { ...o, State, Reason };
  });
  return { ctx, text, status, first, occurrences, lastPossibleDate: limit ? toWallClock(limit, ctx.timeZone).date : null };
}

const wire = (o: Plan['occurrences'][number]): SeriesOccurrence =>
  ({ Date: o.date, Start: o.start.toISOString(), Finish: o.finish.toISOString(), State: o.State, Reason: o.Reason });

/** POST /api/bookings/room/series/preview: what would become of each occurrence; changes nothing. */
export async function previewRoomSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<RoomSeriesPreview> {
  const plan = await planRoomSeries(deps, user, input);
  return { Occurrences: plan.occurrences.map(wire), LastPossibleDate: plan.lastPossibleDate, TimeZone: plan.ctx.timeZone };
}

/** PostgreSQL refused an overlap of room bookings (the exclusion constraint of migration 0019). */
const isRoomDoubleBooking = (err: unknown) => {
  const e = err as { code?: string; constraint?: string } | undefined;
  return e?.code === '23P01' && e.constraint === 'room_not_double_booked';
};

const listDays = (days: readonly string[]) => (days.length <= 5 ? days.join(', ') : `${days.slice(0, 5).join(', ')} and ${days.length - 5} more`);

/**
 * POST /api/bookings/room/series: books the chosen occurrences (Dates) in one transaction. A chosen
 * day that is not an occurrence, or is past or beyond the advance limit, is refused (400) before
 * anything is written; a chosen day the room is taken on (seen now, or by the insert itself when
 * another booking won the race) refuses the whole request (409) and names the days, so the person
 * can choose again: either every chosen occurrence is booked, or none is.
 */
export async function bookRoomSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<RoomSeriesBooked> {
  const plan = await planRoomSeries(deps, user, input);
  if (!input.Dates) throw fieldError('Dates', 'Choose the occurrences to book.');
  const byDay = new Map(plan.occurrences.map((o) => [o.date, o]));
  const chosen = [...new Set(input.Dates)].sort();
  for (const day of chosen) {
    const o = byDay.get(day);
    if (!o) throw fieldError('Dates', `${day} is not an occurrence of this repeating booking.`);
    if (o.State === 'Past' || o.State === 'BeyondLimit') throw fieldError('Dates', `${day}: ${o.Reason}`);
  }
  const clashed = (days: Iterable<string>) => {
    const list = [...days].sort();
    return new AppError('CONFLICT', `The room is already booked on ${listDays(list)}. Nothing was booked: choose the other occurrences and try again.`, { Dates: list.join(', ') });
  };
  const takenNow = chosen.filter((d) => byDay.get(d)!.State === 'Taken');
  if (takenNow.length > 0) throw clashed(takenNow);

  const { ctx, text, status, first } = plan;
  const occurrences = chosen.map((d) => byDay.get(d)!);
  const row = {
    siteId: ctx.siteId, locationId: ctx.locationId, roomId: ctx.roomId, description: text.description,
    onBehalfOfEmail: text.onBehalfOfEmail, bookedByUserId: user.id, holderKey: normaliseEmail(text.onBehalfOfEmail || user.email), status,
  };
  try {
    const saved = await inTransaction(deps.pool, async (client) => {
      const result = await insertRoomSeries(client, { rule: input.Recurrence, first, timeZone: ctx.timeZone, bookedByUserId: user.id }, row, occurrences);
      await notifyRoomSeries(client, deps.config, {
        event: status === BOOKING_STATUS.Pending ? 'requested' : 'booked', ctx, rule: input.Recurrence, first,
        occurrences, description: text.description, onBehalfOfEmail: text.onBehalfOfEmail, booker: user,
      }, mailSender(deps, user));
      return result;
    });
    const skipped = plan.occurrences.filter((o) => !chosen.includes(o.date)).map(wire);
    return { SeriesId: saved.seriesId, Booked: saved.bookings, Skipped: skipped };
  } catch (err) {
    // Another booking took one of the days between the preview's read and the insert: say which.
    if (!isRoomDoubleBooking(err)) throw err;
    throw clashed(await takenRoomDays(deps.pool, ctx.roomId, occurrences));
  }
}
