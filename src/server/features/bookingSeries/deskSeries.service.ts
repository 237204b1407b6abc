/**
 * Repeating desk bookings (issue 22): a preview of every occurrence, then one transaction that books
 * exactly the occurrences the person chose, or none of them.
 *
 * Every rule of a single desk booking applies, through the functions the single booking uses
 * (deskBooking.service.ts). Those that do not depend on the time are checked once and refuse the
 * whole request as they refuse a single booking (maintenance mode, desk booking off, the site's or
 * location's restriction, the on-behalf rule, the desk on the layout, parking offered); those that
 * do are judged per occurrence and answered as its state: past, beyond the advance limit (location,
 * else site, else global), closed, the desk taken, the team's desk more than 48 hours ahead
 * (canBookDesk), the person's other desk then, the car park full.
 */
import type { z } from 'zod';
import { canBookDesk } from '../../../domain/deskRules.js';
import type { SeriesStart } from '../../../domain/recurrence/expandSeries.js';
import { toWallClock } from '../../../domain/wallClock.js';
import type { DeskSeriesInput, SeriesBooked, SeriesOccurrence, SeriesPreview } from '../../../domain/wire/bookingSeries.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import { closedMessage } from '../../../domain/closedMessage.js';
import type { DeskContext, NewDeskBooking } from '../deskBooking/deskBooking.repo.js';
import {
  assertParkingOffered, deskAdvanceLimit, deskBookingRow, deskTimesRefusal, openDeskContext, PARKING_FULL, publishedDeskFor,
} from '../deskBooking/deskBooking.service.js';
import { mailSender } from '../notifications/mailLimit.js';
import { inTransaction } from '../orgAccess/orgAccess.repo.js';
import { deskDayFacts, fullParkingDays, insertDeskSeries } from './deskSeries.repo.js';
import { notifyDeskSeries } from './seriesNotice.js';
import {
  checkedOccurrences, chosenOccurrences, clashedDays, refusedBy, seriesStart, previewAnswer, skippedOccurrences, type JudgedOccurrence,
} from './seriesRules.js';
import { closedDays } from './seriesRules.repo.js';

type Input = z.output<typeof DeskSeriesInput>;

interface Plan {
  ctx: DeskContext;
  /** The row every occurrence writes, but for its times. */
  row: Omit<NewDeskBooking, 'start' | 'finish'>;
  first: SeriesStart;
  occurrences: JudgedOccurrence[];
  lastPossibleDate: string | null;
}

const DESK_TAKEN = 'The desk is already booked';
const CAR_PARK_FULL = 'The car park is full';

async function planDeskSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<Plan> {
  const ctx = await openDeskContext(deps, user, input);
  const first = seriesStart(new Date(input.Start), new Date(input.Finish), ctx.timeZone);
  const expanded = checkedOccurrences(input.Recurrence, first, ctx.timeZone, deps.config.seriesMaxOccurrences);
  const at = await publishedDeskFor(deps, ctx, input.DeskId);
  assertParkingOffered(ctx, input);
  const { start: _s, finish: _f, ...row } = deskBookingRow(ctx, at, input, user, expanded[0]!.start, expanded[0]!.finish);

  const now = deps.now();
  const [facts, closed] = await Promise.all([
    deskDayFacts(deps.pool, { siteId: ctx.siteId, floorplanId: ctx.floorplanId, deskId: at.desk.id, holderKey: row.holderKey }, expanded, row.includeParking),
    closedDays(deps.pool, { siteId: ctx.siteId, locationId: ctx.locationId, roomId: null, floorplanId: ctx.floorplanId, deskId: at.desk.id }, expanded),
  ]);
  const heldReason = row.onBehalfOfEmail ? `${row.onBehalfOfEmail} already has a desk booked then.` : 'You already have a desk booked then.';
  const occurrences = expanded.map((o) => {
    const times = deskTimesRefusal(o.start, o.finish, now, ctx);
    const team = canBookDesk({ desk: at.desk, start: o.start, now, userTeamIds: user.teamIds });
    const f = facts.get(o.date)!;
    const [State, Reason]: [SeriesOccurrence['State'], string] =
      times ? [times.kind === 'Invalid' ? 'Refused' : times.kind, times.message]
        : closed.has(o.date) ? ['Closed', closed.get(o.date)!]
          : f.taken ? ['Taken', `${DESK_TAKEN} then.`]
            : !team.ok ? ['Refused', team.reason]
              : f.held ? ['Refused', heldReason]
                : row.includeParking && f.parkingUsed >= ctx.parkingSpaces ? ['Refused', PARKING_FULL]
                  : ['Free', ''];
    return { ...o, State, Reason };
  });
  const limit = deskAdvanceLimit(ctx, now);
  return { ctx, row, first, occurrences, lastPossibleDate: limit ? toWallClock(limit, ctx.timeZone).date : null };
}

/** POST /api/bookings/desk/series/preview: what would become of each occurrence; changes nothing. */
export async function previewDeskSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<SeriesPreview> {
  return previewAnswer(await planDeskSeries(deps, user, input));
}

/**
 * POST /api/bookings/desk/series: books the chosen occurrences (Dates) in one transaction. A chosen
 * day that cannot be booked for a reason choosing again will not change (past, beyond the limit,
 * closed, refused by a rule) is 400 naming the day; a chosen day the desk is taken on is 409 naming
 * the days. Between the check and the insert the database decides: the exclusion constraints (desk
 * taken, the person's other desk), the parking count under the site's parking lock and the closure
 * trigger refuse the whole series (409 naming the days, or the closure's reason), nothing written.
 */
export async function bookDeskSeries(deps: AppDeps, user: SessionUser, input: Input): Promise<SeriesBooked> {
  const plan = await planDeskSeries(deps, user, input);
  const occurrences = chosenOccurrences(plan.occurrences, input.Dates, DESK_TAKEN);
  const { ctx, row, first } = plan;
  try {
    const saved = await inTransaction(deps.pool, async (client) => {
      if (row.includeParking) {
        const full = await fullParkingDays(client, ctx.siteId, ctx.parkingSpaces, occurrences);
        if (full.length > 0) throw clashedDays(full, CAR_PARK_FULL);
      }
      const result = await insertDeskSeries(client, { rule: input.Recurrence, first, timeZone: ctx.timeZone, bookedByUserId: user.id }, row, occurrences);
      await notifyDeskSeries(client, deps.config, {
        ctx, deskName: row.deskName, includeParking: row.includeParking,
        rule: input.Recurrence, first, occurrences, description: row.description, onBehalfOfEmail: row.onBehalfOfEmail, booker: user,
        seriesId: result.seriesId,
      }, mailSender(deps, user));
      return result;
    });
    return { SeriesId: saved.seriesId, Booked: saved.bookings, Skipped: skippedOccurrences(plan.occurrences, occurrences) };
  } catch (err) {
    if (refusedBy(err, '23514', ['booking_place_open'])) throw new AppError('CONFLICT', closedMessage((err as { detail?: string }).detail));
    if (!refusedBy(err, '23P01', ['desk_not_double_booked', 'person_one_desk_at_a_time'])) throw err;
    // Another booking won a day between the check and the insert: name the days it holds now.
    const facts = await deskDayFacts(deps.pool, { siteId: ctx.siteId, floorplanId: ctx.floorplanId, deskId: row.deskId, holderKey: row.holderKey }, occurrences, false);
    const taken = occurrences.filter((o) => facts.get(o.date)?.taken).map((o) => o.date);
    if (taken.length > 0) throw clashedDays(taken, DESK_TAKEN);
    const held = occurrences.filter((o) => facts.get(o.date)?.held).map((o) => o.date);
    throw clashedDays(held, row.onBehalfOfEmail ? `${row.onBehalfOfEmail} already has a desk booked` : 'You already have a desk booked');
  }
}
