import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type {
  AdminClosure, Closure, ClosureCreated, ClosureImportInput, ClosureImportPreview, ClosureInput, ClosurePreview, ClosureRangeQuery,
} from '../../../domain/wire/closures.js';
import { CLOSURE_LIMITS } from '../../../domain/wire/closures.js';
import { bypassesRestrictions } from '../../../domain/orgAccess.js';
import type { SessionUser } from '../../auth/sessions.js';
import { inTransaction } from '../../db/transaction.js';
import type { AppDeps } from '../../deps.js';
import { conflict, fieldError, notFound } from '../../http/errors.js';
import { whenText } from '../mail/bookingMail.js';
import { countRead } from '../../http/perPersonLimit.js';
import {
  affectedBookings, cancelForClosure, closuresById, closuresForScreens, closuresInRange, deleteClosure, insertClosures, lockSiteAgainstBookings,
  queueNotices, siteTimeZone, toAdminClosure, toClosure, unknownPlaces, type AffectedRow, type NewClosure, type PersonNotice,
} from './closures.repo.js';
import { closuresWritten } from '../audit/auditFacts.js';
import { recordAudit } from '../audit/recordAudit.js';

type Input = z.output<typeof ClosureInput>;
type ImportInput = z.output<typeof ClosureImportInput>;
type RangeQuery = z.output<typeof ClosureRangeQuery>;

const DAY_MS = 86_400_000;
const YEAR_MS = 366 * DAY_MS;
/** Holiday imports per admin and minute: each parses up to a megabyte. */
export const IMPORTS_PER_MINUTE = 10;
export const STALE_PREVIEW = 'The bookings this closure would cancel have changed since the preview. Look at the new list and confirm again.';

/** A range asked for: From before To, at most two years. */
function checkedRange(q: RangeQuery): { from: Date; to: Date } {
  const from = new Date(q.from), to = new Date(q.to);
  if (to <= from) throw fieldError('to', 'The end must be after the start.');
  if (to.getTime() - from.getTime() > CLOSURE_LIMITS.maxDays * DAY_MS) throw fieldError('to', 'Ask for at most two years at a time.');
  return { from, to };
}

async function liveSiteZone(deps: AppDeps, siteId: number): Promise<string> {
  const tz = await siteTimeZone(deps.pool, siteId);
  if (!tz) throw notFound('The site');
  return tz;
}

/** Every rule of a closure's fields and places; the row to write. */
async function checkedClosure(deps: AppDeps, user: SessionUser, input: Input): Promise<NewClosure> {
  await liveSiteZone(deps, input.SiteId);
  const start = new Date(input.Start), end = new Date(input.End);
  if (end <= start) throw fieldError('End', 'The end must be after the start.');
  if (end.getTime() - start.getTime() > CLOSURE_LIMITS.maxDays * DAY_MS) throw fieldError('End', 'A closure can last at most two years.');
  if (input.RepeatsYearly && end.getTime() - start.getTime() > YEAR_MS) throw fieldError('End', 'A closure that repeats every year can last at most a year.');
  const s = input.Scope;
  const named = s.LocationIds.length + s.RoomIds.length + s.Desks.length;
  if (s.WholeSite && named > 0) throw fieldError('Scope', 'Close either the whole site or the places listed, not both.');
  if (!s.WholeSite && named === 0) throw fieldError('Scope', 'Choose the whole site, or at least one floor, room or desk.');
  if (named > CLOSURE_LIMITS.maxPlaces) throw fieldError('Scope', `A closure can name at most ${CLOSURE_LIMITS.maxPlaces} places.`);
  const c: NewClosure = {
    siteId: input.SiteId, wholeSite: s.WholeSite, locationIds: [...new Set(s.LocationIds)], roomIds: [...new Set(s.RoomIds)],
    desks: [...new Map(s.Desks.map((d) => [`${d.FloorplanId}/${d.DeskId}`, d])).values()],
    start, end, reason: input.Reason, repeatsYearly: input.RepeatsYearly, createdBy: user.id,
  };
  const unknown = await unknownPlaces(deps.pool, c);
  if (unknown.locations.length > 0) throw fieldError('Scope.LocationIds', `No floor ${unknown.locations.join(', ')} at this site.`);
  if (unknown.rooms.length > 0) throw fieldError('Scope.RoomIds', `No room ${unknown.rooms.join(', ')} at this site.`);
  if (unknown.desks.length > 0) throw fieldError('Scope.Desks', `No desk ${unknown.desks.join(', ')} on the published floorplans of this site.`);
  return c;
}

/** A version of the set of bookings to cancel: confirming with it proves the admin saw this set. */
const tokenOf = (rows: AffectedRow[]) => createHash('sha256').update(rows.map((r) => r.id).sort().join(',')).digest('base64url').slice(0, 32);

/** The place in words; the screen writes the times in the reader's language (AffectedBookingsList). */
const placeOf = (r: AffectedRow) => (r.room_id !== null ? `Room ${r.room_name ?? ''}` : `Desk ${r.desk_name ?? r.desk_id ?? ''}`);

function previewOf(rows: AffectedRow[]): ClosurePreview {
  return {
    Count: rows.length,
    Token: tokenOf(rows),
    Bookings: rows.slice(0, CLOSURE_LIMITS.previewList).map((r) => ({
      Id: Number(r.id), Start: r.starts_at.toISOString(), Finish: r.finishes_at.toISOString(),
      Place: placeOf(r), PersonName: r.person_name,
    })),
  };
}

/** The closures written and rolled back: the preview uses the very predicate the cancellation will. */
async function dryRun(deps: AppDeps, list: NewClosure[]): Promise<AffectedRow[]> {
  const client = await deps.pool.connect();
  try {
    await client.query('BEGIN');
    const ids = await insertClosures(client, list);
    return await affectedBookings(client, ids, deps.now());
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/**
 * Writes the closures and cancels what they cover, in one transaction, after taking the site's row
 * FOR UPDATE (no booking of the site can be written meanwhile; migration 0021). The set must still be
 * the previewed one (token), else 409 and nothing is written. One push and one e-mail per owner.
 */
async function createAll(deps: AppDeps, user: SessionUser, list: NewClosure[], token: string): Promise<ClosureCreated> {
  const now = deps.now();
  const locale = deps.config.mailLocale;
  const { ids, cancelled } = await inTransaction(deps.pool, async (client) => {
    await lockSiteAgainstBookings(client, list[0]!.siteId);
    const written = await insertClosures(client, list);
    const rows = await affectedBookings(client, written, now);
    if (tokenOf(rows) !== token) throw conflict(STALE_PREVIEW);
    const count = await cancelForClosure(client, rows, user.id, now);
    await queueNotices(client, noticesFor(rows, user, locale));
    await recordAudit(client, { actor: user, action: 'closure.create', target: { type: 'site', id: list[0]!.siteId }, after: closuresWritten(list, written, count) });
    return { ids: written, cancelled: count };
  });
  return { Closures: (await closuresById(deps.pool, ids)).map(toAdminClosure), CancelledCount: cancelled };
}

const MAX_LINES_IN_MAIL = 50;

function noticesFor(rows: AffectedRow[], by: SessionUser, locale: string): PersonNotice[] {
  const byOwner = new Map<number, AffectedRow[]>();
  for (const r of rows) {
    const own = byOwner.get(r.booked_by_user_id);
    if (own) own.push(r); else byOwner.set(r.booked_by_user_id, [r]);
  }
  // Bookings a closure covers mostly share their times (a day's desks, 09:00-17:00): each distinct
  // range is written once (Intl's formatRange costs ~0.2 ms, 5,000 of them a second). The line reads
  // as describeBooking's (cancellation.service.ts) does.
  const whens = new Map<string, string>();
  const describe = (r: AffectedRow) => {
    const key = `${r.starts_at.getTime()}|${r.finishes_at.getTime()}|${r.time_zone}`;
    let when = whens.get(key);
    if (when === undefined) { when = whenText(r.starts_at, r.finishes_at, r.time_zone, locale); whens.set(key, when); }
    const what = r.room_id !== null ? `room ${r.room_name ?? ''}` : `desk ${r.desk_name ?? r.desk_id ?? ''}`;
    return `${what} (${r.site_name}) on ${when}`;
  };
  return [...byOwner].map(([userId, own]) => {
    const lines = own.slice(0, MAX_LINES_IN_MAIL).map((r) => `- ${describe(r)}: ${r.reason}`);
    if (own.length > MAX_LINES_IN_MAIL) lines.push(`- and ${own.length - MAX_LINES_IN_MAIL} more (see My Bookings)`);
    const one = own.length === 1;
    return {
      userId,
      extraEmails: [...new Set(own.map((r) => r.on_behalf_of_email).filter((e) => e !== ''))],
      subject: one ? 'Your booking has been cancelled' : `${own.length} of your bookings have been cancelled`,
      text: `${one ? 'Your booking has' : 'Your bookings have'} been cancelled by ${by.fullName || by.email} because the place is closed.\n${lines.join('\n')}`,
      url: '/menu/mybookings',
    };
  });
}

export async function previewClosure(deps: AppDeps, user: SessionUser, input: Input): Promise<ClosurePreview> {
  return previewOf(await dryRun(deps, [await checkedClosure(deps, user, input)]));
}

export async function createClosure(deps: AppDeps, user: SessionUser, input: Input & { Token: string }): Promise<ClosureCreated> {
  return createAll(deps, user, [await checkedClosure(deps, user, input)], input.Token);
}

/** Holiday import: without Token the preview (holidays found, bookings affected), with it the closures. */
export async function importHolidays(deps: AppDeps, user: SessionUser, input: ImportInput): Promise<ClosureImportPreview | ClosureCreated> {
  await countRead(deps.pool, 'closure-import', user.id, IMPORTS_PER_MINUTE);
  const tz = await liveSiteZone(deps, input.SiteId);
  // ical.js (~260 KB of source) is imported at the first import of a holiday file, not at start-up (issue 19 point 4).
  const { holidaysFromIcs } = await import('./icsHolidays.js');
  const list: NewClosure[] = holidaysFromIcs(input.Ics, tz).map((h) => ({
    siteId: input.SiteId, wholeSite: true, locationIds: [], roomIds: [], desks: [],
    start: h.start, end: h.end, reason: h.reason, repeatsYearly: input.RepeatsYearly, createdBy: user.id,
  }));
  if (input.Token !== undefined) return createAll(deps, user, list, input.Token);
  const preview = previewOf(await dryRun(deps, list));
  return { ...preview, Holidays: list.map((h) => ({ Start: h.start.toISOString(), End: h.end.toISOString(), Reason: h.reason })) };
}

export async function removeClosure(deps: AppDeps, id: number, admin: SessionUser): Promise<void> {
  await inTransaction(deps.pool, async (client) => {
    const [gone] = await closuresById(client, [id]);
    if (!gone || !(await deleteClosure(client, id))) throw notFound('The closure');
    await recordAudit(client, { actor: admin, action: 'closure.delete', target: { type: 'closure', id }, before: toClosure(gone) });
  });
}

export async function listForAdmin(deps: AppDeps, q: RangeQuery): Promise<AdminClosure[]> {
  const { from, to } = checkedRange(q);
  await liveSiteZone(deps, q.siteId);
  return (await closuresInRange(deps.pool, q.siteId, from, to)).map(toAdminClosure);
}

/**
 * For the booking screens: each occurrence over [from, to) (yearly ones once per year), holding only
 * the places the person may choose (closures.repo closuresForScreens); 404 for a site where they may
 * choose nothing, as for an unknown one. No creator: a closure names no one here.
 */
export async function listForScreens(deps: AppDeps, user: SessionUser, q: RangeQuery): Promise<Closure[]> {
  const { from, to } = checkedRange(q);
  await liveSiteZone(deps, q.siteId);
  const { anyChoice, rows } = await closuresForScreens(deps.pool, q.siteId, from, to, user.id, bypassesRestrictions(user.caller));
  if (!anyChoice) throw notFound('The site');
  return rows.map(toClosure);
}
