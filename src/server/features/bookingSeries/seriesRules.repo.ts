import type { Occurrence } from '../../../domain/recurrence/expandSeries.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

/** A place as the closure trigger names it: a room (room set) or a desk (floorplan and desk set). */
export interface ClosablePlace {
  siteId: number; locationId: number; roomId: number | null; floorplanId: number | null; deskId: string | null;
}

/**
 * The occurrences a closure covers at this place, with the closure's reason: the predicate of the
 * trigger bookings_place_open (migration 0021: closure_end_over, closure_names_place), so the preview
 * and the refusal at insert agree. The earliest-ending closure wins, as in the trigger.
 */
export async function closedDays(db: Db, place: ClosablePlace, occurrences: readonly Occurrence[]): Promise<Map<string, string>> {
  if (occurrences.length === 0) return new Map();
  const { rows } = await db.query<{ day: string; reason: string }>(
    `SELECT x.day, x.reason FROM (
       SELECT o.day, (SELECT c.reason FROM closures c,
           LATERAL closure_end_over(c, st.time_zone, tstzrange(o.s, o.f, '[)')) e
         WHERE c.site_id = $1 AND (c.during && tstzrange(o.s, o.f, '[)') OR c.repeats_yearly) AND e IS NOT NULL
           AND closure_names_place(c, $2, $3, $4, $5)
         ORDER BY e LIMIT 1) AS reason
       FROM sites st, unnest($6::text[], $7::timestamptz[], $8::timestamptz[]) AS o(day, s, f)
       WHERE st.id = $1) x
     WHERE x.reason IS NOT NULL`,
    [place.siteId, place.locationId, place.roomId, place.floorplanId, place.deskId,
      occurrences.map((o) => o.date), occurrences.map((o) => o.start), occurrences.map((o) => o.finish)]);
  return new Map(rows.map((r) => [r.day, r.reason]));
}
