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
import type { SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import { advanceLimitMessage, SLOT_IN_PAST } from '../../../domain/slotRules.js';
import { toWallClock } from '../../../domain/wallClock.js';
import type { RoomSeriesInput, SeriesBooked, SeriesOccurrence, SeriesPreview } from '../../../domain/wire/bookingSeries.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { closedMessage } from '../../../domain/closedMessage.js';
import { mailSender } from '../notifications/mailLimit.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import { assertOnBehalfAllowed } from '../people/onBehalf.js';
import type { RoomContext } from '../roomBooking/roomBooking.repo.js';
import { checkBookingText, ROOM_START_GRACE_MS, roomOpenTo } from '../roomBooking/roomBooking.service.js';
import { insertRoomSeries, takenRoomDays } from './roomSeries.repo.js';
import { notifyRoomSeries } from './seriesNotice.js';
import {
  checkedOccurrences, chosenOccurrences, clashedDays, refusedBy, seriesStart, previewAnswer, skippedOccurrences, type JudgedOccurrence,
} from './seriesRules.js';
import { closedDays } from './seriesRules.repo.js';

type Input = z.output<typeof RoomSeriesInput>;

interface Plan {
  ctx: RoomContext;
  text: { description: string; onBehalfOfEmail: string };
  status: number;
  first: SeriesStart;
  occurrences: JudgedOccurrence[];
  lastPossibleDate: string | null;
}

const ROOM_TAKEN = 'The room is already booked';

async function planRoomSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<Plan> {
  const text = checkBookingText(input);
  await assertOnBehalfAllowed(deps.pool, deps.config, text.onBehalfOfEmail);
  const ctx = await roomOpenTo(deps, user, input.RoomId);
  const first = seriesStart(new Date(input.Start), new Date(input.Finish), ctx.timeZone);
  const expanded = checkedOccurrences(input.Recurrence, first, ctx.timeZone, deps.config.seriesMaxOccurrences);

  const now = deps.now();
  const limit = advanceLimitDate(ctx.constraint, now, ctx.timeZone);
  const [taken, closed] = await Promise.all([
    takenRoomDays(deps.pool, ctx.roomId, expanded),
    closedDays(deps.pool, { siteId: ctx.siteId, locationId: ctx.locationId, roomId: ctx.roomId, floorplanId: null, deskId: null }, expanded),
  ]);
  const status = roomBookingInitialStatus({ roomRestricted: ctx.restricted, isRoomAdmin: ctx.isRoomAdmin, isAdmin: isAdmin(user.caller) });
  const occurrences = expanded.map((o) => {
    const [State, Reason]: [SeriesOccurrence['State'], string] =
      o.start.getTime() < now.getTime() - ROOM_START_GRACE_MS ? ['Past', SLOT_IN_PAST]
        : !isWithinAdvanceLimit(o.start, limit) ? ['BeyondLimit', advanceLimitMessage(limit!, ctx.timeZone)]
          : closed.has(o.date) ? ['Closed', closed.get(o.date)!]
            : taken.has(o.date) ? ['Taken', `${ROOM_TAKEN} then.`]
              : [status === BOOKING_STATUS.Pending ? 'NeedsApproval' : 'Free', ''];
    return { ...o, State, Reason };
  });
  return { ctx, text, status, first, occurrences, lastPossibleDate: limit ? toWallClock(limit, ctx.timeZone).date : null };
}

/** POST /api/bookings/room/series/preview: what would become of each occurrence; changes nothing. */
export async function previewRoomSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<SeriesPreview> {
  return previewAnswer(await planRoomSeries(deps, user, input));
}

/**
 * POST /api/bookings/room/series: books the chosen occurrences (Dates) in one transaction. A chosen
 * day that is not an occurrence, or is past, beyond the advance limit or closed, is refused (400)
 * before anything is written; a chosen day the room is taken on (seen now, or by the insert itself
 * when another booking won the race) refuses the whole request (409) and names the days, so the
 * person can choose again: either every chosen occurrence is booked, or none is. A closure created
 * between the check and the insert is refused by the trigger (409 with the closure's reason).
 */
export async function bookRoomSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<SeriesBooked> {
  const plan = await planRoomSeries(deps, user, input);
  const occurrences = chosenOccurrences(plan.occurrences, input.Dates, ROOM_TAKEN);

  const { ctx, text, status, first } = plan;
  const row = {
    siteId: ctx.siteId, locationId: ctx.locationId, roomId: ctx.roomId, description: text.description,
    onBehalfOfEmail: text.onBehalfOfEmail, bookedByUserId: user.id, holderKey: normaliseEmail(text.onBehalfOfEmail || user.email), status,
  };
  try {
    const saved = await inTransaction(deps.pool, async (client) => {
      const result = await insertRoomSeries(client, { rule: input.Recurrence, first, timeZone: ctx.timeZone, bookedByUserId: user.id }, row, occurrences);
      await notifyRoomSeries(client, deps.config, {
        event: status === BOOKING_STATUS.Pending ? 'requested' : 'booked', ctx, rule: input.Recurrence, first,
        occurrences, description: text.description, onBehalfOfEmail: text.onBehalfOfEmail, booker: user, seriesId: result.seriesId,
      }, mailSender(deps, user));
      return result;
    });
    return { SeriesId: saved.seriesId, Booked: saved.bookings, Skipped: skippedOccurrences(plan.occurrences, occurrences) };
  } catch (err) {
    // A closure created after the check: the trigger's refusal, with its reason (nothing was written).
    if (refusedBy(err, '23514', ['booking_place_open'])) throw new AppError('CONFLICT', closedMessage((err as { detail?: string }).detail));
    // Another booking took one of the days between the read and the insert: say which.
    if (!refusedBy(err, '23P01', ['room_not_double_booked'])) throw err;
    throw clashedDays(await takenRoomDays(deps.pool, ctx.roomId, occurrences), ROOM_TAKEN);
  }
}
