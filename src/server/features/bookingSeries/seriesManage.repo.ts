import type pg from 'pg';
import type { StoredOccurrence } from './seriesDetail.repo.js';

const toOccurrence = (r: { id: string | number; day: string; starts_at: Date; finishes_at: Date; status: number }): StoredOccurrence =>
  ({ id: Number(r.id), day: r.day, start: r.starts_at, finish: r.finishes_at, status: r.status });

const byDay = (a: StoredOccurrence, b: StoredOccurrence) => a.day.localeCompare(b.day) || a.id - b.id;

/**
 * Cancels, in one statement, the series' active (Pending or Approved) occurrences that have not
 * started by `now`, from `from` on (null: all of them); started, past, cancelled and rejected
 * occurrences stay as they are. The same columns as a single cancellation (cancellation.repo.ts).
 */
export async function cancelOccurrences(
  client: pg.PoolClient,
  c: { seriesId: string; from: string | null; reason: string; asAdmin: boolean; byUserId: number; now: Date },
): Promise<StoredOccurrence[]> {
  const { rows } = await client.query(
    `UPDATE bookings SET status = 3, cancellation_reason = $3, cancelled_by_admin = $4, cancelled_by_user_id = $5,
       cancelled_at = $6, updated_at = $6
     WHERE series_id = $1 AND status IN (0, 1) AND starts_at > $6 AND ($2::date IS NULL OR occurrence_date >= $2::date)
     RETURNING id, occurrence_date::text AS day, starts_at, finishes_at, status`,
    [c.seriesId, c.from, c.reason, c.asAdmin, c.byUserId, c.now]);
  return rows.map(toOccurrence).sort(byDay);
}

/**
 * Approves (1) or rejects (2) every still-pending occurrence of the series that has not finished, in
 * one statement, with the same columns as a single decision (approvals.repo.ts recordDecision).
 */
export async function decideOccurrences(
  client: pg.PoolClient,
  d: { seriesId: string; status: 1 | 2; reason: string; userId: number; now: Date },
): Promise<StoredOccurrence[]> {
  const { rows } = await client.query(
    `UPDATE bookings SET status = $2::smallint, updated_at = $5,
       cancellation_reason = CASE WHEN $2::smallint = 2 THEN $3 ELSE cancellation_reason END,
       cancelled_by_admin = CASE WHEN $2::smallint = 2 THEN true ELSE cancelled_by_admin END,
       cancelled_by_user_id = CASE WHEN $2::smallint = 2 THEN $4::int ELSE cancelled_by_user_id END,
       cancelled_at = CASE WHEN $2::smallint = 2 THEN $5::timestamptz ELSE cancelled_at END
     WHERE series_id = $1 AND status = 0 AND finishes_at > $5
     RETURNING id, occurrence_date::text AS day, starts_at, finishes_at, status`,
    [d.seriesId, d.status, d.reason, d.userId, d.now]);
  return rows.map(toOccurrence).sort(byDay);
}

export interface Move { id: number; day: string; start: Date; finish: Date; status: number }

/**
 * The days among `moves` on which another active booking (not one of the moved occurrences) holds
 * the room, the desk, or (desks) the same person at the new time: what the exclusion constraints
 * would refuse, named per day before anything is written.
 */
export async function clashingDays(
  db: pg.PoolClient, place: { roomId: number | null; floorplanId: number | null; deskId: string | null; holderKey: string }, moves: readonly Move[],
): Promise<string[]> {
  if (moves.length === 0) return [];
  const { rows } = await db.query<{ day: string }>(
    `SELECT DISTINCT m.day FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS m(day, s, f)
     JOIN bookings b ON b.status IN (0, 1) AND b.during && tstzrange(m.s, m.f, '[)') AND NOT (b.id = ANY($4::bigint[]))
     WHERE b.room_id = $5
        OR (b.floorplan_id = $6 AND b.desk_id = $7)
        OR ($7::text IS NOT NULL AND b.desk_id IS NOT NULL AND b.holder_key = $8)
     ORDER BY 1`,
    [moves.map((m) => m.day), moves.map((m) => m.start), moves.map((m) => m.finish), moves.map((m) => m.id),
      place.roomId, place.floorplanId, place.deskId, place.holderKey]);
  return rows.map((r) => r.day);
}

/**
 * Moves occurrences to new times (and statuses: a restricted room's change is a new request) in one
 * statement. The exclusion constraints refuse the whole statement if any new time overlaps another
 * active booking that came in after clashingDays looked; nothing is then moved.
 */
export async function moveOccurrences(client: pg.PoolClient, moves: readonly Move[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  await client.query(
    `UPDATE bookings b SET starts_at = m.s, finishes_at = m.f, status = m.st, updated_at = $5
     FROM unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[], $4::smallint[]) AS m(id, s, f, st) WHERE b.id = m.id`,
    [moves.map((m) => m.id), moves.map((m) => m.start), moves.map((m) => m.finish), moves.map((m) => m.status), now]);
}
