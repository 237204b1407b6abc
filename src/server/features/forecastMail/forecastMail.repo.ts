import type pg from 'pg';

/** The forecast mail's switch (sites.forecast_mail, migration 0033) and the sites due a mail. */

type Db = pg.Pool | pg.PoolClient;

export interface ForecastSiteRow { enabled: boolean; notificationEmail: string; timeZone: string }

/** `forUpdate`: inside a change's transaction, so the audit entry's "before" is the value replaced. */
export async function readForecastSetting(db: Db, siteId: number, forUpdate = false): Promise<ForecastSiteRow | undefined> {
  const { rows } = await db.query<ForecastSiteRow>(
    `SELECT forecast_mail AS enabled, notification_email AS "notificationEmail", time_zone AS "timeZone"
     FROM sites WHERE id = $1 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`, [siteId]);
  return rows[0];
}

/** False when the site does not exist (or was deleted). */
export async function writeForecastSetting(db: Db, siteId: number, enabled: boolean): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE sites SET forecast_mail = $2 WHERE id = $1 AND deleted_at IS NULL', [siteId, enabled]);
  return (rowCount ?? 0) === 1;
}

/** A site with the mail on and an address that can receive it, and its wall clock at `now`. */
export interface ForecastSite {
  id: number; title: string; timeZone: string; notificationEmail: string; workWeekOnly: boolean;
  /** The site's local date (YYYY-MM-DD), hour (0-23) and ISO weekday (1 Monday .. 7 Sunday) at `now`. */
  today: string; hour: number; weekday: number;
}

/**
 * Sites whose mail is on and whose address can receive mail: not empty, not in the reserved .invalid
 * domain (notify skips those too). The local clock comes from PostgreSQL's zone rules, the same ones
 * the insights' days use, so a daylight-saving day has one 06:00 like any other.
 */
export async function sitesWithForecastMail(db: Db, now: Date): Promise<ForecastSite[]> {
  const { rows } = await db.query<ForecastSite>(
    `SELECT id, title, time_zone AS "timeZone", notification_email AS "notificationEmail", work_week_only AS "workWeekOnly",
       to_char(local, 'YYYY-MM-DD') AS today, extract(hour FROM local)::int AS hour, extract(isodow FROM local)::int AS weekday
     FROM (SELECT s.*, $1::timestamptz AT TIME ZONE s.time_zone AS local FROM sites s
           WHERE s.forecast_mail AND s.deleted_at IS NULL AND btrim(s.notification_email) <> ''
             AND lower(btrim(s.notification_email)) NOT LIKE '%.invalid') s
     ORDER BY id`, [now]);
  return rows;
}

/**
 * The days (YYYY-MM-DD, the site's dates) on which a whole-site closure covers the whole local day, with
 * its reason: the occurrence that holds the day's first instant ends at or after the day's end. Yearly
 * closures count in every year, by closure_end_over (migration 0021), the function bookings are refused
 * with. A closure of part of a day, or of some floors, is not called a closed day: people still come.
 */
export async function closedDays(db: Db, siteId: number, days: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ day: string; reason: string }>(
    `SELECT DISTINCT ON (d) to_char(d, 'YYYY-MM-DD') AS day, c.reason
     FROM unnest($2::date[]) AS d
     JOIN sites s ON s.id = $1
     JOIN closures c ON c.site_id = s.id AND c.whole_site
     WHERE closure_end_over(c, s.time_zone,
             tstzrange(d::timestamp AT TIME ZONE s.time_zone, d::timestamp AT TIME ZONE s.time_zone + interval '1 millisecond', '[)'))
           >= (d + 1)::timestamp AT TIME ZONE s.time_zone
     ORDER BY d, c.starts_at, c.id`, [siteId, days]);
  return new Map(rows.map((r) => [r.day, r.reason]));
}
