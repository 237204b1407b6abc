import type pg from 'pg';

/** An Approved room booking nobody checked in to, whose window has closed: a candidate for release. */
export interface NoShowCandidate {
  id: number; starts_at: Date; finishes_at: Date; status: number; checked_in_at: Date | null;
  room_check_ins: boolean | null; location_check_ins: boolean | null; site_check_ins: boolean | null;
  booked_by_user_id: number; on_behalf_of_email: string; description: string;
  room_name: string; site_name: string; time_zone: string;
}

/**
 * Locks a batch of candidates. SKIP LOCKED: when several instances run the job at once, each takes
 * different rows, so no booking is released or announced twice. The SQL only narrows the search
 * (index bookings_unchecked_room, check-ins on at some level); the rule itself is decided by
 * shouldAutoCancel and resolveRoomCheckIns in src/domain.
 * Bookings that started more than `lookbackHours` ago are left alone: turning check-ins on for a
 * site must not cancel (and e-mail about) its whole history.
 */
/**
 * The room bookings the release may cancel: Approved, nobody checked in, started 15 minutes to
 * `$2` hours before `$1`, check-ins on for the room (else its location, else its site). Also read by
 * /metrics (jobs/queueDepths.ts), so the queue it reports is the one this job works through.
 */
export const RELEASABLE_ROOM_BOOKINGS = `
     FROM bookings b
     JOIN rooms r ON r.id = b.room_id
     JOIN locations l ON l.id = r.location_id
     JOIN sites s ON s.id = l.site_id
     WHERE b.room_id IS NOT NULL AND b.status = 1 AND b.checked_in_at IS NULL
       AND b.starts_at < $1::timestamptz - interval '15 minutes'
       AND b.starts_at > $1::timestamptz - make_interval(hours => $2)
       AND coalesce(r.room_check_ins, l.room_check_ins, s.room_check_ins, false)`;

export async function lockCandidates(client: pg.PoolClient, now: Date, lookbackHours: number, limit: number): Promise<NoShowCandidate[]> {
  const { rows } = await client.query<NoShowCandidate>(
    `SELECT b.id, b.starts_at, b.finishes_at, b.status, b.checked_in_at, b.booked_by_user_id, b.on_behalf_of_email, b.description,
       r.room_check_ins, l.room_check_ins AS location_check_ins, s.room_check_ins AS site_check_ins,
       r.name AS room_name, s.title AS site_name, s.time_zone
     ${RELEASABLE_ROOM_BOOKINGS}
     ORDER BY b.starts_at
     LIMIT $3
     FOR UPDATE OF b SKIP LOCKED`,
    [now, lookbackHours, limit],
  );
  return rows;
}

/** Moves the locked bookings to AutoCancel (4); the status condition keeps it a no-op for any already changed. */
export async function markAutoCancelled(client: pg.PoolClient, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await client.query<{ id: number }>(
    `UPDATE bookings SET status = 4, cancelled_at = $2, updated_at = $2,
       cancellation_reason = 'Nobody checked in within 15 minutes of the start.'
     WHERE id = ANY($1::bigint[]) AND status = 1 AND checked_in_at IS NULL RETURNING id`,
    [ids, now],
  );
  return rows.map((r) => r.id);
}
