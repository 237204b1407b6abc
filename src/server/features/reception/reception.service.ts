import { isAdmin } from '../../../domain/permissions.js';
import type { SiteCalendar } from '../../../domain/wire/myBookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { badInput, forbidden, notFound } from '../../http/errors.js';
import { toCheckInMeeting } from '../checkIn/checkIn.repo.js';
import { siteForReception, siteRoomBookings, siteRooms } from './reception.repo.js';

export const MAX_CALENDAR_DAYS = 42;

/**
 * GET /api/bookings/site/{siteId} (Reception View): every room of the site and its bookings in the
 * range, with check-in state. For admins and the site's own site-level admins (resource admins).
 * Each room says whether the caller is its room admin (IsRoomAdmin), so the screen offers
 * "Cancel booking" (with a reason) only where DELETE /api/bookings would allow it.
 */
export async function siteCalendar(deps: AppDeps, user: SessionUser, siteId: number, start: Date, end: Date): Promise<SiteCalendar> {
  if (end <= start) throw badInput('The end must be after the start.', { end: 'The end must be after the start.' });
  if (end.getTime() - start.getTime() > MAX_CALENDAR_DAYS * 86_400_000) {
    throw badInput(`Ask for at most ${MAX_CALENDAR_DAYS} days at a time.`, { end: `Ask for at most ${MAX_CALENDAR_DAYS} days at a time.` });
  }
  const site = await siteForReception(deps.pool, siteId, user.id);
  if (!site) throw notFound('The site');
  if (!site.listed && !isAdmin(user.caller)) throw forbidden('Only the site-level admins of this site can see its calendar.');
  const now = deps.now();
  const [rooms, bookings] = await Promise.all([siteRooms(deps.pool, siteId, user.id), siteRoomBookings(deps.pool, siteId, start, end)]);
  return {
    SiteId: siteId, SiteName: site.title, TimeZone: site.time_zone, Rooms: rooms,
    Bookings: bookings.map((b) => toCheckInMeeting(b, now, false)),
  };
}
