import type pg from 'pg';

/**
 * What a closure closes at one instant, for screens that show a moment rather than a range (the lobby
 * board): the whole site, locations (every floor and room on them), rooms and desks, each with the reason
 * of the closure that closes it. A yearly closure counts in every year from its first, shifted on the
 * site's wall clock by closure_end_over (migration 0021), the function the booking trigger refuses with,
 * so a board never calls free what a booking would be refused for.
 */
export interface ClosedPlaces {
  /** The reason when the whole site is closed now, else null. */
  site: string | null;
  locations: Map<number, string>;
  rooms: Map<number, string>;
  /** Keyed `${floorplanId}:${deskId}`. */
  desks: Map<string, string>;
}

interface Row { whole_site: boolean; reason: string; location_id: number | null; room_id: number | null; floorplan_id: number | null; desk_id: string | null }

export const closedDeskKey = (floorplanId: number, deskId: string) => `${floorplanId}:${deskId}`;

/** Why a floor (a location) is closed now: the site's closure, else the location's; null when open. */
export const floorClosedReason = (closed: ClosedPlaces, locationId: number): string | null =>
  closed.site ?? closed.locations.get(locationId) ?? null;

/** Why a room is closed now: the site's, its floor's or its own closure; null when open. */
export const roomClosedReason = (closed: ClosedPlaces, room: { locationId: number; roomId: number }): string | null =>
  floorClosedReason(closed, room.locationId) ?? closed.rooms.get(room.roomId) ?? null;

export async function closedPlacesAt(db: pg.Pool, siteId: number, at: Date): Promise<ClosedPlaces> {
  // The site and instant narrow on the index closures_site_during (yearly ones are few) before closure_end_over runs.
  const { rows } = await db.query<Row>(
    `SELECT c.whole_site, c.reason, cp.location_id, cp.room_id, cp.floorplan_id, cp.desk_id
     FROM closures c JOIN sites s ON s.id = c.site_id
     LEFT JOIN closure_places cp ON cp.closure_id = c.id AND NOT c.whole_site
     WHERE c.site_id = $1 AND (c.during @> $2::timestamptz OR c.repeats_yearly)
       AND closure_end_over(c, s.time_zone, tstzrange($2::timestamptz, $2::timestamptz + interval '1 millisecond', '[)')) IS NOT NULL
     ORDER BY c.starts_at, c.id`, [siteId, at]);
  const closed: ClosedPlaces = { site: null, locations: new Map(), rooms: new Map(), desks: new Map() };
  // The earliest closure's reason wins where two close the same place.
  for (const r of rows) {
    if (r.whole_site) closed.site ??= r.reason;
    if (r.location_id !== null && !closed.locations.has(r.location_id)) closed.locations.set(r.location_id, r.reason);
    if (r.room_id !== null && !closed.rooms.has(r.room_id)) closed.rooms.set(r.room_id, r.reason);
    if (r.floorplan_id !== null && r.desk_id !== null) {
      const key = closedDeskKey(r.floorplan_id, r.desk_id);
      if (!closed.desks.has(key)) closed.desks.set(key, r.reason);
    }
  }
  return closed;
}
