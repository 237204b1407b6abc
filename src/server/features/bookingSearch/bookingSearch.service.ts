import { addDays, daysBetween, isCalendarDay, SEARCH_MAX_DAYS } from '../../../domain/adminRules.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { fromWallClock } from '../../../domain/wallClock.js';
import type { AppDeps } from '../../deps.js';
import { badInput, fieldError, notFound } from '../../http/errors.js';
import { searchDeskBookings, siteTimeZone } from './bookingSearch.repo.js';

export interface DeskSearchQuery {
  FromDate: string; ToDate: string; DeskId?: string | undefined; FloorplanId?: number | undefined;
  SiteId?: number | undefined; LocationId?: number | undefined; UserId?: number | undefined;
}

/**
 * POST /api/bookings/searchDesks (Booking Manager or Admin). SPEC 5: From is set to 00:00:00 and To to
 * 23:59:59: the search covers whole days, in the site's time zone when a site (or a location or
 * floorplan, whose site it is) is chosen, else in the server's default time zone.
 */
export async function searchDesks(deps: AppDeps, q: DeskSearchQuery): Promise<Booking[]> {
  if (!isCalendarDay(q.FromDate)) throw fieldError('FromDate', 'The start date must be a date (YYYY-MM-DD)');
  if (!isCalendarDay(q.ToDate)) throw fieldError('ToDate', 'The end date must be a date (YYYY-MM-DD)');
  const span = daysBetween(q.FromDate, q.ToDate);
  if (span < 0) throw fieldError('ToDate', 'The end date must be on or after the start date');
  if (span > SEARCH_MAX_DAYS) throw badInput(`Please search at most ${SEARCH_MAX_DAYS} days at a time`, { ToDate: `Please search at most ${SEARCH_MAX_DAYS} days at a time` });
  const tz = await siteTimeZone(deps.pool, { siteId: q.SiteId, locationId: q.LocationId, floorplanId: q.FloorplanId });
  if (tz === null) throw notFound(q.SiteId ? 'The site' : q.LocationId ? 'The location' : 'The floorplan');
  const zone = tz ?? deps.config.defaultTimeZone;
  return searchDeskBookings(deps.pool, {
    from: fromWallClock(q.FromDate, 0, zone),
    // 23:59:59 inclusive, as the half-open range up to the next midnight.
    until: fromWallClock(addDays(q.ToDate, 1), 0, zone),
    deskId: q.DeskId?.trim() || undefined,
    floorplanId: q.FloorplanId, siteId: q.SiteId, locationId: q.LocationId, userId: q.UserId,
  });
}
