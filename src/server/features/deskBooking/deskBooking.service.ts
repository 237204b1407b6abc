import type { z } from 'zod';
import { advanceLimitDate, isWithinAdvanceLimit, resolveConstraint } from '../../../domain/advanceLimit.js';
import { canAccessRestricted, canBookDesk } from '../../../domain/deskRules.js';
import { isValidOptionalEmail, normaliseEmail } from '../../../domain/email.js';
import { formatDayMonthYear } from '../../../domain/slotRules.js';
import { hasRole, isAdmin } from '../../../domain/permissions.js';
import { ACTIVE_STATUSES, type BookingStatus } from '../../../domain/bookingStatus.js';
import type { Booking, DeskBookingInput, DeskOccupancy } from '../../../domain/wire/bookings.js';
import { initialsOf, occupantNameShown } from '../../../domain/namePrivacy.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badInput, conflict, fieldError, forbidden, notFound } from '../../http/errors.js';
import { assertOnBehalfAllowed } from '../people/onBehalf.js';
import {
  deskOccupancyRows, insertDeskBooking, toDeskOccupancy, type OccupantScope, insertDeskBookingWithParking, loadDeskBookingForEdit, loadDeskContext, rewriteDeskBooking,
  type AccessList, type DeskContext, type NewDeskBooking,
} from './deskBooking.repo.js';
import { publishedDesks, type DeskFacts } from './publishedDesks.js';
import { namesOnMapSetting } from '../settings/settings.service.js';

/** Longest desk booking: a working day and then some; longer ranges are refused as mistakes or abuse. */
export const MAX_DESK_BOOKING_HOURS = 24;
/** A start this far in the past is still accepted (booking "from now" on a slow connection). */
const START_GRACE_MS = 15 * 60_000;

type Input = z.output<typeof DeskBookingInput>;

/** Admins and the Not Restricted role pass site and location desk restrictions (docs/decisions.md). */
const passesRestrictions = (user: SessionUser) => isAdmin(user.caller) || hasRole(user.caller, 'Not Restricted');

function assertDeskBookingOpen(ctx: DeskContext): void {
  if (ctx.maintenance) throw forbidden('Desk booking is not available while the system is in maintenance mode.');
  if (!ctx.globalDeskBooking) throw forbidden('Desk booking is turned off.');
  if (!ctx.siteDeskBooking) throw forbidden('Desk booking is turned off at this site.');
}

/** The desk advance limit that applies (location, else site, else global): the last instant a booking may start, or null. */
export function deskAdvanceLimit(ctx: DeskContext, now: Date): Date | null {
  return advanceLimitDate(
    resolveConstraint({ location: ctx.locationConstraint, site: ctx.siteConstraint, global: ctx.globalConstraint }),
    now, ctx.timeZone,
  );
}

/** Why these times cannot be booked (a repeating booking asks this per occurrence), or undefined. */
export function deskTimesRefusal(start: Date, finish: Date, now: Date, ctx: DeskContext):
  { field: 'Start' | 'Finish'; kind: 'Invalid' | 'Past' | 'BeyondLimit'; message: string } | undefined {
  if (finish <= start) return { field: 'Finish', kind: 'Invalid', message: 'The end must be after the start.' };
  if (finish.getTime() - start.getTime() > MAX_DESK_BOOKING_HOURS * 3_600_000) {
    return { field: 'Finish', kind: 'Invalid', message: `A desk booking can last at most ${MAX_DESK_BOOKING_HOURS} hours.` };
  }
  if (start.getTime() < now.getTime() - START_GRACE_MS) return { field: 'Start', kind: 'Past', message: 'Cannot book a date in the past' };
  const limit = deskAdvanceLimit(ctx, now);
  if (!isWithinAdvanceLimit(start, limit)) {
    const firstRefused = new Date(limit!.getTime() + 1);
    return { field: 'Start', kind: 'BeyondLimit', message: `Bookings to this desk are restricted. You may only book slots before: ${formatDayMonthYear(firstRefused, ctx.timeZone)}` };
  }
  return undefined;
}

function assertTimes(start: Date, finish: Date, now: Date, ctx: DeskContext): void {
  const refusal = deskTimesRefusal(start, finish, now, ctx);
  if (refusal) throw fieldError(refusal.field, refusal.message);
}

export interface Booker { id: number; email: string }

/**
 * The rules of a desk booking that do not depend on its time: the on-behalf address, the floorplan,
 * desk booking open (maintenance, switched off) and the site's and location's restrictions.
 * A repeating booking checks these once for the series.
 */
export async function openDeskContext(deps: AppDeps, user: SessionUser, input: Input, previousOnBehalf = ''): Promise<DeskContext> {
  if (!isValidOptionalEmail(input.OnBehalfOfEmail)) throw fieldError('OnBehalfOfEmail', 'Please enter a valid email');
  await assertOnBehalfAllowed(deps.pool, deps.config, input.OnBehalfOfEmail, previousOnBehalf);
  const ctx = await loadDeskContext(deps.pool, input.FloorplanId, user.configVersion);
  if (!ctx) throw notFound('The floorplan');
  assertDeskBookingOpen(ctx);
  const listed = (list: AccessList) => canAccessRestricted({
    restricted: true, userId: user.id, userTeamIds: user.teamIds, allowedUserIds: list.userIds, allowedTeamIds: list.teamIds,
  });
  if (!passesRestrictions(user) && ((ctx.siteRestricted && !listed(ctx.siteAccess)) || (ctx.locationRestricted && !listed(ctx.locationAccess)))) {
    throw forbidden('Desk booking at this location is restricted to named people and teams.');
  }
  return ctx;
}

/** The desk asked for, on the floorplan's published layout (the layout the booking is written against). */
export async function publishedDeskFor(deps: AppDeps, ctx: DeskContext, deskId: string): Promise<{ desk: DeskFacts; layoutId: number }> {
  if (ctx.layoutId === null || ctx.layoutUpdatedAt === null) throw conflict('This floorplan has no published layout to book from.');
  const desk = (await publishedDesks(deps.pool, ctx.layoutId, ctx.layoutUpdatedAt)).get(deskId);
  if (!desk) throw new AppError('CONFLICT', 'This desk is not on the current layout of the floorplan. Please reload the layout.');
  return { desk, layoutId: ctx.layoutId };
}

export function assertParkingOffered(ctx: DeskContext, input: Pick<Input, 'IncludeParking'>): void {
  if (input.IncludeParking && !ctx.parkingOffered) throw fieldError('IncludeParking', 'This site does not offer parking.');
}

/** The row a desk booking writes, from the checked request (any of a series' occurrences alike). */
export function deskBookingRow(
  ctx: DeskContext, at: { desk: DeskFacts; layoutId: number }, input: Input, booker: Booker, start: Date, finish: Date,
): NewDeskBooking {
  const { desk, layoutId } = at;
  const onBehalfOf = input.OnBehalfOfEmail.trim();
  return {
    siteId: ctx.siteId, locationId: ctx.locationId, floorplanId: ctx.floorplanId, layoutId,
    deskId: desk.id, deskName: desk.name, start, finish,
    description: input.Description.trim(), onBehalfOfEmail: onBehalfOf,
    bookedByUserId: booker.id,
    // whose desk it is: the on-behalf person when given (one desk at a time per person)
    holderKey: normaliseEmail(onBehalfOf || booker.email),
    includeParking: input.IncludeParking,
  };
}

/**
 * Every rule of a desk booking, for a new booking and for an edit alike: the caller's access, times,
 * the advance limit, the desk itself (bookable, team rule) and parking. Returns the row to write.
 * `previousOnBehalf`: an edit's saved on-behalf address, which is kept without the on-behalf rule.
 */
async function checkedDeskBooking(
  deps: AppDeps, user: SessionUser, input: Input, booker: Booker, previousOnBehalf = '',
): Promise<{ row: NewDeskBooking; spaces: number }> {
  const ctx = await openDeskContext(deps, user, input, previousOnBehalf);
  const now = deps.now();
  const start = new Date(input.Start);
  const finish = new Date(input.Finish);
  assertTimes(start, finish, now, ctx);
  const at = await publishedDeskFor(deps, ctx, input.DeskId);
  const rule = canBookDesk({ desk: at.desk, start, now, userTeamIds: user.teamIds });
  if (!rule.ok) throw forbidden(rule.reason);
  assertParkingOffered(ctx, input);
  return { spaces: ctx.parkingSpaces, row: deskBookingRow(ctx, at, input, booker, start, finish) };
}

export const PARKING_FULL = 'The car park is full at this time. Book the desk without parking, or choose another time.';

export async function bookDesk(deps: AppDeps, user: SessionUser, input: Input): Promise<Booking> {
  const { row, spaces } = await checkedDeskBooking(deps, user, input, user);
  if (!row.includeParking) return insertDeskBooking(deps.pool, row);
  const saved = await insertDeskBookingWithParking(deps.pool, row, spaces);
  if (!saved) throw conflict(PARKING_FULL);
  return saved;
}

/** Fields of a desk booking an edit may change; anything left out keeps its value. */
export interface DeskBookingEdit {
  Start?: string; Finish?: string; DeskId?: string; Description?: string; OnBehalfOfEmail?: string; IncludeParking?: boolean;
}

/**
 * Edits a desk booking (POST /api/bookings/{id}): the owner, the person booked on behalf of (e-mail
 * compared case-insensitively) or an admin, keeping every rule of a new booking. The booking stays
 * on its floorplan; the database still refuses overlaps, now excluding the booking itself.
 */
export async function updateDeskBooking(deps: AppDeps, user: SessionUser, id: number, edit: DeskBookingEdit): Promise<Booking> {
  const existing = await loadDeskBookingForEdit(deps.pool, id);
  if (!existing) throw notFound('The booking');
  const mayEdit = existing.bookedByUserId === user.id || isAdmin(user.caller)
    || (existing.onBehalfOfEmail !== '' && normaliseEmail(existing.onBehalfOfEmail) === normaliseEmail(user.email));
  if (!mayEdit) throw forbidden('Only the person who booked, the person booked for, or an admin can change this booking.');
  if (!ACTIVE_STATUSES.includes(existing.status as BookingStatus)) throw conflict('Only pending or approved bookings can be changed.');
  if (edit.DeskId !== undefined && edit.DeskId.length === 0) throw fieldError('DeskId', 'Choose a desk.');
  const input: Input = {
    FloorplanId: existing.floorplanId,
    DeskId: edit.DeskId ?? existing.deskId,
    Start: edit.Start ?? existing.start.toISOString(),
    Finish: edit.Finish ?? existing.finish.toISOString(),
    Description: edit.Description ?? existing.description,
    OnBehalfOfEmail: edit.OnBehalfOfEmail ?? existing.onBehalfOfEmail,
    IncludeParking: edit.IncludeParking ?? existing.includeParking,
  };
  const { row, spaces } = await checkedDeskBooking(deps, user, input, { id: existing.bookedByUserId, email: existing.bookerEmail }, existing.onBehalfOfEmail);
  const result = await rewriteDeskBooking(deps.pool, id, row, row.includeParking ? spaces : null);
  if (result.ok) return result.booking;
  throw conflict(result.reason === 'parkingFull' ? PARKING_FULL : 'This booking was cancelled meanwhile and can no longer be changed.');
}

/**
 * Which desks are taken, and by whom where privacy allows (issue 20): a desk's occupant is named only
 * under the organisation's names setting (teammates by default), never when they hide their name,
 * never for the caller's own booking (IsMine says so). Names are looked up only when some can show.
 */
export async function floorplanOccupancy(deps: AppDeps, user: SessionUser, floorplanId: number, start: Date, end: Date): Promise<DeskOccupancy[]> {
  if (end <= start) throw badInput('The end must be after the start.', { end: 'The end must be after the start.' });
  if (end.getTime() - start.getTime() > 31 * 86_400_000) throw badInput('Ask for at most 31 days at a time.', { end: 'Ask for at most 31 days at a time.' });
  const setting = await namesOnMapSetting(deps.pool, user.configVersion);
  const scope: OccupantScope = setting === 'off' || (setting === 'teammates' && user.teamIds.length === 0)
    ? { kind: 'none' } : { kind: setting, teamIds: user.teamIds };
  const rows = await deskOccupancyRows(deps.pool, floorplanId, start, end, user.id, user.email, scope);
  return rows.map((r) => {
    const shown = r.holder_name !== null && !r.mine && occupantNameShown({
      setting, viewerId: user.id, occupantId: r.holder_id, occupantHidesName: r.holder_hides === true, sharesTeam: r.shares_team === true,
    });
    return toDeskOccupancy(r, shown ? { Name: r.holder_name!, Initials: initialsOf(r.holder_name!) } : null);
  });
}

