import { ACCESS_TYPE, passesRestrictions, type AccessType } from '../../../domain/orgAccess.js';
import type { AvailabilityItem } from '../../../domain/wire/roomBooking.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import { roomCatalogue, type CatalogueRoom } from './roomCatalogue.js';

// The rooms with an active booking overlapping the range (an index-only scan of
// bookings_room_active_during, migration 0004), each once, so the answer never outgrows the number of
// rooms however long the range; and the caller's grants, direct or through a team.
export const SEARCH_SQL = `
  SELECT
    (SELECT coalesce(array_agg(DISTINCT b.room_id), '{}') FROM bookings b
      WHERE b.room_id IS NOT NULL AND b.status IN (0, 1) AND b.during && tstzrange($1, $2, '[)')) AS busy,
    (SELECT coalesce(array_agg(g.scope || ':' || g.scope_id || ':' || g.access_type), '{}') FROM access_grants g
      WHERE g.user_id = $3 OR g.team_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.user_id = $3)) AS grants`;

export interface AvailabilityQuery {
  from: Date; to: Date; roomType: number; userId: number; bypass: boolean; locationId: number | null; siteId: number | null;
}

/**
 * Rooms free for the whole range: live, visible, enabled rooms of the type at sites with room
 * booking on, that the caller may choose (site and location restrictions; restricted ROOMS stay
 * listed, since others may request them), with no active booking overlapping the range. The rules
 * are those of roomChoiceSql and roomAdminSql (orgAccess.repo.ts), applied to the cached catalogue.
 */
export async function availableRooms(db: Db, configVersion: number, q: AvailabilityQuery): Promise<AvailabilityItem[]> {
  const [rooms, { rows }] = await Promise.all([
    roomCatalogue(db, configVersion),
    db.query<{ busy: number[]; grants: string[] }>({ name: 'room_availability', text: SEARCH_SQL, values: [q.from, q.to, q.userId] }),
  ]);
  return freeRooms(rooms, new Set(rows[0]!.busy), new Set(rows[0]!.grants), q);
}

/** The search over the catalogue; `grants` holds 'scope:id:accessType' keys of the caller's grants. */
export function freeRooms(rooms: readonly CatalogueRoom[], busy: ReadonlySet<number>, grants: ReadonlySet<string>, q: AvailabilityQuery): AvailabilityItem[] {
  const listed = (scope: 'site' | 'location' | 'room', id: number, types: readonly AccessType[]) => types.some((t) => grants.has(`${scope}:${id}:${t}`));
  const start = q.from.toISOString(), finish = q.to.toISOString();
  const free: AvailabilityItem[] = [];
  for (const r of rooms) {
    if (r.roomType !== q.roomType || r.hidden || r.disabled || !r.siteRoomBooking || busy.has(r.id)) continue;
    if ((q.locationId !== null && r.locationId !== q.locationId) || (q.siteId !== null && r.siteId !== q.siteId)) continue;
    const mayChoose = passesRestrictions([
      { restricted: r.siteRestricted, listed: listed('site', r.siteId, [ACCESS_TYPE.ResourceAdmin, ACCESS_TYPE.RoomAdmin]) },
      { restricted: r.locationRestricted, listed: listed('location', r.locationId, [ACCESS_TYPE.RoomAdmin]) },
    ], q.bypass);
    if (!mayChoose) continue;
    free.push({
      ID: r.id, LocationID: r.locationId, Name: r.name, Capacity: r.capacity, Equipment: r.equipment, Disabled: r.disabled,
      Hidden: r.hidden, Start: start, Finish: finish, SiteId: r.siteId, SiteName: r.siteName, LocationName: r.locationName,
      IsRestricted: r.restricted, TimeZone: r.timeZone,
      IsRoomAdmin: listed('room', r.id, [ACCESS_TYPE.RoomAdmin]) || listed('location', r.locationId, [ACCESS_TYPE.RoomAdmin]),
    });
  }
  return free;
}
