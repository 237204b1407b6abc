/**
 * GET /api/bookings/series/{SeriesId} (issue 22): one repeating booking with every occurrence.
 *
 * Who may see (and manage) a series is who may cancel its bookings one by one (canCancelBooking, as
 * DELETE /api/bookings decides): the booker and the on-behalf person as themselves; an Admin, a room
 * admin of the room (room series) or a Booking Manager (desk series) as managers. Everyone else gets
 * 404, exactly as for an unknown or malformed id, so a stranger cannot learn that a series exists.
 * Every caller admitted also sees the occurrences' Description through the single booking routes
 * (My Bookings, approvals, Manage Desk Bookings), so the detail carries it to all of them.
 */
import { canCancelBooking } from '../../../domain/approval.js';
import { hasRole, isAdmin } from '../../../domain/permissions.js';
import { describeRecurrence } from '../../../domain/recurrence/describeRecurrence.js';
import type { SeriesDetail } from '../../../domain/wire/seriesManage.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { isRoomAdminOf, type Db } from '../orgAccess/orgAccess.repo.js';
import { loadSeries, type StoredSeries } from './seriesDetail.repo.js';

/** How the caller stands to a series: its owner (asAdmin false) or a manager of it (asAdmin true). */
export interface SeriesAccess { asAdmin: boolean; isRoomAdmin: boolean }

export const SERIES_NOT_FOUND = 'The repeating booking';

/** The caller's standing, or undefined when they may not see the series at all. */
export async function seriesAccess(db: Db, user: SessionUser, s: StoredSeries): Promise<SeriesAccess | undefined> {
  const isDesk = s.place.roomId === null;
  const isRoomAdmin = !isDesk && (await isRoomAdminOf(db, user.id, s.place.roomId!));
  const decision = canCancelBooking({
    caller: { userId: user.id, email: user.email, isAdmin: isAdmin(user.caller), isRoomAdminOfRoom: isRoomAdmin, isBookingManager: hasRole(user.caller, 'Booking Manager') },
    booking: { bookedByUserId: s.bookedByUserId, onBehalfOfEmail: s.onBehalfOfEmail, isDesk },
  });
  return decision.ok ? { asAdmin: decision.asAdmin, isRoomAdmin } : undefined;
}

/** Loads the series the caller may see (locked when asked), or throws 404. */
export async function visibleSeries(db: Db, user: SessionUser, seriesId: string, opts: { lock?: boolean } = {}): Promise<{ series: StoredSeries; access: SeriesAccess }> {
  const series = await loadSeries(db, seriesId, opts);
  const access = series && (await seriesAccess(db, user, series));
  if (!series || !access) throw notFound(SERIES_NOT_FOUND);
  return { series, access };
}

export const seriesSummary = (s: Pick<StoredSeries, 'rule' | 'firstDate'>, locale?: string) => describeRecurrence(s.rule, s.firstDate, locale);

export async function getSeriesDetail(deps: AppDeps, user: SessionUser, seriesId: string): Promise<SeriesDetail> {
  const { series: s, access } = await visibleSeries(deps.pool, user, seriesId);
  return {
    SeriesId: s.id,
    Kind: s.place.roomId === null ? 'Desk' : 'Room',
    PlaceName: s.place.name,
    SiteName: s.place.siteName,
    TimeZone: s.timeZone,
    Rule: s.rule,
    Summary: seriesSummary(s),
    Description: s.description,
    BookedByUserName: s.bookerName,
    OnBehalfOfEmail: s.onBehalfOfEmail,
    CancelNeedsReason: access.asAdmin,
    Occurrences: s.occurrences.map((o) => ({ BookingId: o.id, Date: o.day, Start: o.start.toISOString(), Finish: o.finish.toISOString(), Status: o.status })),
  };
}
