import { format } from 'date-fns/format';
import { bookingStatusInWords, isBookingStatus } from '../../../domain/bookingStatus.js';
import { isoWithOffset } from '../../../domain/dateFormat.js';
import type { MyBookings } from '../../../domain/wire/myBookings.js';
import type { SessionUser } from '../../auth/sessions.js';
import type { AppDeps } from '../../deps.js';
import { toCsv } from './csv.js';
import { allMyBookings, pastBookings, upcomingBookings, type MyBookingRow } from './myBookings.repo.js';

/** Upcoming bookings are listed in full up to this many (a person rarely has more than a few dozen). */
export const MAX_UPCOMING = 500;
/** The export holds at most this many bookings (the latest ones). */
export const MAX_EXPORT = 10_000;

export async function myBookings(deps: AppDeps, user: SessionUser, q: { pastLimit: number; pastBefore?: string }): Promise<MyBookings> {
  const now = deps.now();
  const [upcoming, past] = await Promise.all([
    upcomingBookings(deps.pool, user.id, user.email, now, MAX_UPCOMING),
    pastBookings(deps.pool, user.id, user.email, now, q.pastBefore ? new Date(q.pastBefore) : null, q.pastLimit + 1),
  ]);
  return { Upcoming: upcoming, Past: past.slice(0, q.pastLimit), HasMorePast: past.length > q.pastLimit };
}

export const EXPORT_HEADER = [
  'Booking Id', 'Type', 'Site', 'Location', 'Room or Desk', 'Start', 'Finish', 'Time Zone', 'Description', 'On Behalf Of',
  'Booked By', 'Parking', 'Status', 'Cancellation Reason', 'Cancelled By', 'Checked In By',
] as const;


const exportRow = (r: MyBookingRow) => [
  r.id, r.room_id !== null ? 'Room' : 'Desk', r.site_name, r.location_name, r.room_id !== null ? r.room_name : (r.desk_name ?? r.desk_id),
  // ISO 8601 on the site's clock with its offset ('2030-01-07T09:30:00+00:00'), as in the report file;
  // the Time Zone column names the zone.
  isoWithOffset(r.starts_at, r.time_zone), isoWithOffset(r.finishes_at, r.time_zone), r.time_zone, r.description, r.on_behalf_of_email,
  r.booked_by_user_name, r.include_parking ? 'Yes' : 'No', isBookingStatus(r.status) ? bookingStatusInWords(r.status) : String(r.status),
  r.cancellation_reason, r.status === 3 ? (r.cancelled_by_admin ? `${r.cancelled_by_user_name ?? ''} (admin)`.trim() : (r.cancelled_by_user_name ?? '')) : '',
  r.checked_in_by_name ?? '',
];

/** GET /api/bookings/my/export: every booking of the person, latest first, as CSV. */
export async function myBookingsCsv(deps: AppDeps, user: SessionUser): Promise<{ filename: string; csv: string }> {
  const rows = await allMyBookings(deps.pool, user.id, user.email, { limit: MAX_EXPORT });
  const day = format(deps.now(), 'yyyy-MM-dd');
  return { filename: `hotdesk-my-bookings-${day}.csv`, csv: toCsv(EXPORT_HEADER, rows.map(exportRow)) };
}
