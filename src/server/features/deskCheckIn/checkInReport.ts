import { CHECK_IN_REPORT_MAX_DAYS, type CheckInReport, type CheckInReportParams, type KindReport } from '../../../domain/wire/deskCheckIn.js';
import type { AppDeps } from '../../deps.js';
import { fieldError, notFound } from '../../http/errors.js';
import { readInsightsSettings } from '../insights/insightsSettings.repo.js';
import { shown } from '../insights/suppression.js';
import { DESK_RULE_SQL } from './deskCheckIn.repo.js';

const DAY_MS = 86_400_000;

interface KindRow { kind: 'desk' | 'room'; needed: number; checked_in: number; no_shows: number; people: number }

/**
 * The Reporting card "Check-ins and no-shows" (issue 24): of one site's desk and room bookings that
 * started in a period of its local days (and before now), those that needed a check-in, were checked in
 * and were released as no-shows (AutoCancel, set only by the no-show jobs).
 * "Needed" is read from today's setting of the place (room, else location, else site; the location, else
 * the site, for desks): the setting is not stored per booking. A booking checked in or released counts
 * as needed whatever the setting says now, so turning check-in off later does not lose its history.
 * Pending bookings never needed one (only Approved bookings are released).
 */
const SQL = `
  WITH site AS MATERIALIZED (
    SELECT s.id, ($2::date)::timestamp AT TIME ZONE s.time_zone AS lo, ($3::date + 1)::timestamp AT TIME ZONE s.time_zone AS hi
    FROM sites s WHERE s.id = $1),
  started AS (
    SELECT CASE WHEN b.room_id IS NULL THEN 'desk' ELSE 'room' END AS kind,
      coalesce(b.holder_key, b.booked_by_user_id::text) AS who, b.status, b.checked_in_at,
      CASE WHEN b.room_id IS NULL THEN ${DESK_RULE_SQL.required}
        ELSE coalesce(r.room_check_ins, rl.room_check_ins, s.room_check_ins, false) END AS required
    FROM bookings b CROSS JOIN site
    JOIN sites s ON s.id = b.site_id
    LEFT JOIN locations l ON l.id = b.location_id
    LEFT JOIN rooms r ON r.id = b.room_id
    LEFT JOIN locations rl ON rl.id = r.location_id
    WHERE b.site_id = site.id AND b.starts_at >= site.lo AND b.starts_at < site.hi AND b.starts_at < $4::timestamptz
      AND (b.room_id IS NOT NULL OR b.desk_id IS NOT NULL)),
  needed AS (
    SELECT * FROM started
    WHERE checked_in_at IS NOT NULL OR status = 4 OR (status = 1 AND coalesce(required, false)))
  SELECT kind, count(*)::int AS needed,
    count(*) FILTER (WHERE checked_in_at IS NOT NULL)::int AS checked_in,
    count(*) FILTER (WHERE status = 4)::int AS no_shows,
    count(DISTINCT who)::int AS people
  FROM needed GROUP BY kind`;

const rate = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10_000) / 10_000 : null);

/** A kind's figures, all hidden when the people behind them are fewer than the insights minimum (as insights do). */
function kindReport(row: KindRow | undefined, min: number): KindReport {
  const r = row ?? { needed: 0, checked_in: 0, no_shows: 0, people: 0 };
  return {
    Needed: shown(r.needed, r.people, min),
    CheckedIn: shown(r.checked_in, r.people, min),
    NoShows: shown(r.no_shows, r.people, min),
    CheckedInRate: shown(rate(r.checked_in, r.needed), r.people, min),
    NoShowRate: shown(rate(r.no_shows, r.needed), r.people, min),
  };
}

/** GET /api/bookings/stats/check-ins/site/{siteId}/from/{from}/to/{to} (Reporting or Admin). */
export async function checkInReport(deps: AppDeps, p: CheckInReportParams): Promise<CheckInReport> {
  if (p.to < p.from) throw fieldError('to', 'The end date must be on or after the start date');
  const days = (Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > CHECK_IN_REPORT_MAX_DAYS) throw fieldError('to', `A period is at most ${CHECK_IN_REPORT_MAX_DAYS} days`);
  const site = (await deps.pool.query<{ time_zone: string }>('SELECT time_zone FROM sites WHERE id = $1 AND deleted_at IS NULL', [p.siteId])).rows[0];
  if (!site) throw notFound('The site');
  const { MinGroupSize: min } = await readInsightsSettings(deps.pool);
  const { rows } = await deps.pool.query<KindRow>(SQL, [p.siteId, p.from, p.to, deps.now().toISOString()]);
  return {
    SiteId: p.siteId, From: p.from, To: p.to, TimeZone: site.time_zone, MinGroupSize: min,
    Desk: kindReport(rows.find((r) => r.kind === 'desk'), min),
    Room: kindReport(rows.find((r) => r.kind === 'room'), min),
  };
}
