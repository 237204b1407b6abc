import type { CheckInCounts } from '../../../domain/wire/deskCheckIn.js';
import type { AppDeps } from '../../deps.js';
import { windows } from '../reporting/reporting.repo.js';
import { parseRange } from '../reporting/reporting.service.js';

/**
 * GET /api/bookings/stats/check-ins/from/{from}/to/{to} (Reporting or Admin): of the bookings starting
 * in the range (the report's bounds: a calendar day is midnight on each booking's site clock), how many
 * were checked in and how many were released as no-shows (AutoCancel, which only the no-show job
 * sets), desks and rooms apart. The wide UTC window (a day either side) lets the index narrow the
 * scan; each booking is then held to its own site's local bounds.
 */
export async function checkInCounts(deps: AppDeps, from: string, to: string): Promise<CheckInCounts> {
  const r = parseRange(from, to);
  const [wideLo, , , wideHi] = windows(r);
  const { rows } = await deps.pool.query<{ kind: 'desk' | 'room'; checked_in: number; no_shows: number }>(
    `WITH bounds AS MATERIALIZED (
       SELECT s.id,
         ${r.fromIsDay ? '($1::date)::timestamp AT TIME ZONE s.time_zone' : '$1::timestamptz'} AS lo,
         ${r.toIsDay ? '($2::date + 1)::timestamp AT TIME ZONE s.time_zone' : "$2::timestamptz + interval '1 millisecond'"} AS hi
       FROM sites s)
     SELECT CASE WHEN b.room_id IS NULL THEN 'desk' ELSE 'room' END AS kind,
       count(*) FILTER (WHERE b.checked_in_at IS NOT NULL)::int AS checked_in,
       count(*) FILTER (WHERE b.status = 4)::int AS no_shows
     FROM bookings b JOIN bounds s ON s.id = b.site_id
     WHERE b.starts_at >= $3::timestamptz AND b.starts_at < $4::timestamptz AND b.starts_at >= s.lo AND b.starts_at < s.hi
       AND (b.checked_in_at IS NOT NULL OR b.status = 4)
     GROUP BY 1`,
    [r.from, r.to, wideLo, wideHi],
  );
  const of = (kind: 'desk' | 'room') => {
    const row = rows.find((x) => x.kind === kind);
    return { CheckedIn: row?.checked_in ?? 0, NoShows: row?.no_shows ?? 0 };
  };
  return { Desk: of('desk'), Room: of('room') };
}
