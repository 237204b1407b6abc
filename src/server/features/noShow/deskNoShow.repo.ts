import type pg from 'pg';
import { DESK_RULE_SQL } from '../deskCheckIn/deskCheckIn.repo.js';

/** An Approved desk booking nobody checked in to, whose window (its site's or location's) has closed. */
export interface DeskNoShowCandidate {
  id: number; starts_at: Date; status: number; checked_in_at: Date | null;
  required: boolean; before_minutes: number; after_minutes: number;
  booked_by_user_id: number; on_behalf_of_email: string; desk_name: string; floorplan_name: string; site_name: string; time_zone: string;
}

/**
 * The desk bookings the release may cancel (issue 24): Approved, nobody checked in, started more than
 * the window's "after" minutes and less than `$2` hours before `$1`, desk check-in required at the
 * location (else its site). The index bookings_unchecked_desk (migration 0029) narrows the search;
 * the rule itself is decided again by deskWindowState in src/domain.
 */
export const RELEASABLE_DESK_BOOKINGS = `
     FROM bookings b
     JOIN locations l ON l.id = b.location_id
     JOIN sites s ON s.id = l.site_id
     JOIN floorplans f ON f.id = b.floorplan_id
     WHERE b.desk_id IS NOT NULL AND b.status = 1 AND b.checked_in_at IS NULL
       AND b.starts_at < $1::timestamptz - make_interval(mins => ${DESK_RULE_SQL.after})
       AND b.starts_at > $1::timestamptz - make_interval(hours => $2)
       AND ${DESK_RULE_SQL.required}`;

/** Locks a batch (SKIP LOCKED: concurrent runs on several instances take different rows). */
export async function lockDeskCandidates(client: pg.PoolClient, now: Date, lookbackHours: number, limit: number): Promise<DeskNoShowCandidate[]> {
  const { rows } = await client.query<DeskNoShowCandidate>(
    `SELECT b.id, b.starts_at, b.status, b.checked_in_at, b.booked_by_user_id, b.on_behalf_of_email,
       ${DESK_RULE_SQL.required} AS required, ${DESK_RULE_SQL.before} AS before_minutes, ${DESK_RULE_SQL.after} AS after_minutes,
       coalesce(b.desk_name, b.desk_id) AS desk_name, f.name AS floorplan_name, s.title AS site_name, s.time_zone
     ${RELEASABLE_DESK_BOOKINGS}
     ORDER BY b.starts_at
     LIMIT $3
     FOR UPDATE OF b SKIP LOCKED`,
    [now, lookbackHours, limit],
  );
  return rows;
}

/** Moves the locked desk bookings to AutoCancel (4); the status condition keeps it a no-op for any already changed. */
export async function markDesksAutoCancelled(client: pg.PoolClient, released: Array<{ id: number; afterMinutes: number }>, now: Date): Promise<number[]> {
  if (released.length === 0) return [];
  const { rows } = await client.query<{ id: number }>(
    `UPDATE bookings b SET status = 4, cancelled_at = $3, updated_at = $3,
       cancellation_reason = 'Nobody checked in within ' || x.after || ' minutes of the start.'
     FROM unnest($1::bigint[], $2::int[]) AS x(id, after)
     WHERE b.id = x.id AND b.status = 1 AND b.checked_in_at IS NULL RETURNING b.id`,
    [released.map((r) => r.id), released.map((r) => r.afterMinutes), now],
  );
  return rows.map((r) => Number(r.id));
}
