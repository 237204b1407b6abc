import type pg from 'pg';
import type { RetentionSettings } from '../../../domain/wire/audit.js';

/** The retention periods (global_settings, migration 0031) and the statements of the daily jobs. */

type Db = pg.Pool | pg.PoolClient;

export async function readRetention(db: Db, lock = false): Promise<RetentionSettings> {
  const { rows } = await db.query<{ audit: number; bookings: number | null }>(
    `SELECT audit_retention_months AS audit, booking_retention_months AS bookings FROM global_settings${lock ? ' FOR UPDATE' : ''}`);
  return { BookingRetentionMonths: rows[0]?.bookings ?? null, AuditRetentionMonths: rows[0]?.audit ?? 24 };
}

export async function writeRetention(db: pg.PoolClient, s: RetentionSettings): Promise<void> {
  await db.query('UPDATE global_settings SET booking_retention_months = $1, audit_retention_months = $2', [s.BookingRetentionMonths, s.AuditRetentionMonths]);
}

/**
 * Claims today's run of a daily job for this instance: true for exactly one caller per job and day
 * across all instances (the others wait on the key until the winner commits, then find it taken).
 */
export async function claimDailyRun(db: Db, job: string, day: string): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO daily_job_runs (job, day) VALUES ($1, $2::date) ON CONFLICT DO NOTHING', [job, day]);
  return (rowCount ?? 0) === 1;
}

export async function addToDailyRun(db: Db, job: string, day: string, done: number): Promise<void> {
  await db.query('UPDATE daily_job_runs SET done = done + $3 WHERE job = $1 AND day = $2::date', [job, day, done]);
}

/** Runs older than this are forgotten (the table would otherwise grow by a row per job and day). */
export async function pruneDailyRuns(db: Db, now: Date): Promise<void> {
  await db.query("DELETE FROM daily_job_runs WHERE day < ($1::timestamptz - interval '90 days')::date", [now]);
}

export const FORMER_MEMBER_EMAIL = 'former-member@erased.invalid';

/**
 * The owner anonymised bookings point to: one shared account with the erasure's treatment ("Former
 * member", an address in the reserved .invalid domain so nothing is ever mailed to it and people search
 * skips it, no password, no identity-provider subject: nobody can sign in as it). Made by the first
 * run that needs it (not by the migration, so databases that never use retention have no extra account).
 */
export async function ensureFormerMember(db: Db): Promise<number> {
  await db.query(
    `INSERT INTO users (email, full_name, hide_name_on_map) VALUES ($1, 'Former member', true) ON CONFLICT (email_key) DO NOTHING`, [FORMER_MEMBER_EMAIL]);
  const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email_key = $1', [FORMER_MEMBER_EMAIL]);
  return rows[0]!.id;
}

export interface RetentionBatch { count: number; last: { startsAt: Date; id: string } | undefined }

/**
 * Anonymises up to `limit` bookings that started before `cutoff` and are not anonymised yet, after
 * `from` in (starts_at, id) order. One statement: the rows are locked (SKIP LOCKED: a row another run
 * holds is left to it) and re-checked (anonymised_at IS NULL) when updated, so a booking is
 * anonymised once however many instances run this at the same moment.
 *
 * What goes: the owner (the shared "Former member" account of migration 0031), the holder (a key of
 * its own per booking in the reserved .invalid domain, so the one-desk-at-a-time constraint still
 * holds), the description (the meeting title), the on-behalf address, the check-in name and person,
 * the canceller and the cancellation reason (it may name people). What stays: place, times, status,
 * whether it was checked in and whether an admin cancelled it, so every count and rate keeps its value.
 */
export async function anonymiseBatch(db: pg.PoolClient, formerMember: number, cutoff: Date, now: Date, limit: number, from?: { startsAt: Date; id: string }): Promise<RetentionBatch> {
  const { rows } = await db.query<{ id: string; starts_at: Date; series_id: string | null }>(
    `WITH old AS (
       SELECT id FROM bookings
       WHERE starts_at < $1 AND anonymised_at IS NULL AND ($4::timestamptz IS NULL OR (starts_at, id) > ($4::timestamptz, $5::bigint))
       ORDER BY starts_at, id LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     UPDATE bookings b SET
       booked_by_user_id = $6,
       holder_key = 'retained-' || b.id || '@erased.invalid',
       description = '', on_behalf_of_email = '', checked_in_by_name = NULL, checked_in_by_user_id = NULL,
       cancelled_by_user_id = NULL, cancellation_reason = '', anonymised_at = $2, updated_at = $2
     FROM old WHERE b.id = old.id AND b.anonymised_at IS NULL
     RETURNING b.id, b.starts_at, b.series_id`,
    [cutoff, now, limit, from?.startsAt ?? null, from?.id ?? null, formerMember],
  );
  // The invitation that booked it (issue 23) holds the organizer's address and the meeting's title.
  await db.query('DELETE FROM inbound_invitations WHERE booking_id = ANY ($1::bigint[])', [rows.map((r) => r.id)]);
  // A series whose every occurrence is now anonymised is no longer anyone's.
  const series = [...new Set(rows.map((r) => r.series_id).filter((s): s is string => s !== null))];
  if (series.length > 0) {
    await db.query(
      `UPDATE booking_series s SET booked_by_user_id = $2
       WHERE s.id = ANY ($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.series_id = s.id AND b.anonymised_at IS NULL)`,
      [series, formerMember]);
  }
  const last = rows.reduce<RetentionBatch['last']>((max, r) =>
    (!max || r.starts_at > max.startsAt || (r.starts_at.getTime() === max.startsAt.getTime() && BigInt(r.id) > BigInt(max.id)) ? { startsAt: r.starts_at, id: r.id } : max), from);
  return { count: rows.length, last };
}
