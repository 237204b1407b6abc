import type pg from 'pg';

type Db = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * inbound_invitation_answers (migration 0036): per booking made or moved by invitation, what the room
 * last told the organizer it holds (times, and Pending or Approved). The follow-up job compares it
 * with the booking and answers again when they differ (invitationFollowUp.ts).
 */
export interface Answered { bookingId: number; recurrenceId: Date | null; start: Date; finish: Date; status: number }

export async function recordAnswers(db: Db, link: { roomId: number; uid: string; sequence: number }, rows: readonly Answered[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO inbound_invitation_answers (booking_id, room_id, uid, recurrence_id, sequence, starts_at, finishes_at, status)
     SELECT a.id, $1, $2, a.rid, $3, a.s, a.f, a.st
     FROM unnest($4::bigint[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[], $8::smallint[]) AS a(id, rid, s, f, st)
     ON CONFLICT (booking_id) DO UPDATE SET recurrence_id = EXCLUDED.recurrence_id, sequence = EXCLUDED.sequence,
       starts_at = EXCLUDED.starts_at, finishes_at = EXCLUDED.finishes_at, status = EXCLUDED.status`,
    [link.roomId, link.uid, link.sequence, rows.map((r) => r.bookingId), rows.map((r) => r.recurrenceId), rows.map((r) => r.start),
      rows.map((r) => r.finish), rows.map((r) => r.status)]);
}

/**
 * Locks the link's rows on the job's transaction before the organizer's own change goes through a
 * booking service (its own transaction): the follow-up job skips locked rows, so it cannot answer a
 * change the organizer asked for. Returns the rows.
 */
export async function lockAnswers(db: Db, link: { roomId: number; uid: string }): Promise<Answered[]> {
  const { rows } = await db.query<{ booking_id: string; recurrence_id: Date | null; starts_at: Date; finishes_at: Date; status: number }>(
    `SELECT booking_id, recurrence_id, starts_at, finishes_at, status FROM inbound_invitation_answers
     WHERE room_id = $1 AND uid = $2 ORDER BY starts_at FOR UPDATE`, [link.roomId, link.uid]);
  return rows.map((r) => ({ bookingId: Number(r.booking_id), recurrenceId: r.recurrence_id, start: r.starts_at, finish: r.finishes_at, status: r.status }));
}

/** The organizer's own change made these rows moot (their CANCEL, or a series replaced by a changed one). */
export async function forgetAnswers(db: Db, link: { roomId: number; uid: string }, bookingIds?: readonly number[]): Promise<void> {
  await db.query(`DELETE FROM inbound_invitation_answers WHERE room_id = $1 AND uid = $2 AND ($3::bigint[] IS NULL OR booking_id = ANY($3::bigint[]))`,
    [link.roomId, link.uid, bookingIds ?? null]);
}
