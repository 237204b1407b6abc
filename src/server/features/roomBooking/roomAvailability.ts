import { ACCESS_TYPE, passesRestrictions, type AccessType } from '../../../domain/orgAccess.js';
import type { AvailabilityItem } from '../../../domain/wire/roomBooking.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import { roomCatalogue, type CatalogueRoom } from './roomCatalogue.js';

// The rooms with an active booking overlapping the range (a scan of the room_not_double_booked
// constraint's index, which leads with the time range: migration 0019), each once, so the answer never outgrows the number of
// rooms however long the range (as JSON, which pg reads with JSON.parse: its array parser took ~0.1 ms
// for the ~750 ids of a whole-site search); and the caller's grants, direct or through a team.
export const SEARCH_SQL = `
  SELECT
    (SELECT coalesce(json_agg(DISTINCT b.room_id), '[]') FROM bookings b
      WHERE b.room_id IS NOT NULL AND b.status IN (0, 1) AND b.during && tstzrange($1, $2, '[)')) AS busy,
    (SELECT coalesce(array_agg(g.scope || ':' || g.scope_id || ':' || g.access_type), '{}') FROM access_grants g
      WHERE g.user_id = $3 OR g.team_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.user_id = $3)) AS grants`;

export interface AvailabilityQuery {
  from: Date; to: Date; roomType: number; userId: number; bypass: boolean; locationId: number | null; siteId: number | null;
}

interface SearchInputs { rooms: readonly CatalogueRoom[]; busy: ReadonlySet<number>; grants: ReadonlySet<string> }

async function searchInputs(db: Db, configVersion: number, q: AvailabilityQuery): Promise<SearchInputs> {
  const [rooms, { rows }] = await Promise.all([
    roomCatalogue(db, configVersion),
    db.query<{ busy: number[]; grants: string[] }>({ name: 'room_availability', text: SEARCH_SQL, values: [q.from, q.to, q.userId] }),
  ]);
  return { rooms, busy: new Set(rows[0]!.busy), grants: new Set(rows[0]!.grants) };
}

/**
 * Rooms free for the whole range: live, visible, enabled rooms of the type at sites with room
 * booking on, that the caller may choose (site and location restrictions; restricted ROOMS stay
 * listed, since others may request them), with no active booking overlapping the range. The rules
 * are those of roomChoiceSql and roomAdminSql (orgAccess.repo.ts), applied to the cached catalogue.
 */
export async function availableRooms(db: Db, configVersion: number, q: AvailabilityQuery): Promise<AvailabilityItem[]> {
  const { rooms, busy, grants } = await searchInputs(db, configVersion, q);
  return freeRooms(rooms, busy, grants, q);
}

/**
 * The same answer as UTF-8 JSON, exactly as the route's schema would encode availableRooms' list
 * (same keys, same order), made from pieces kept with the catalogue as bytes: a whole-site answer
 * (~250 rooms, ~74 KB) then costs one copy of them instead of an object per room, the response
 * schema's check of each and JSON.stringify (issue 19: that work took the search past 1.5 x its SQL).
 * Bytes rather than a string: a string joined from ~1,250 pieces had to be flattened and counted
 * before it was sent (Content-Length) and encoded again as it was written, ~0.2 ms a search.
 */
export async function availableRoomsJson(db: Db, configVersion: number, q: AvailabilityQuery): Promise<Buffer> {
  const { rooms, busy, grants } = await searchInputs(db, configVersion, q);
  return freeRoomsJson(rooms, busy, grants, q);
}

/** The search over the catalogue; `grants` holds 'scope:id:accessType' keys of the caller's grants. */
export function freeRooms(rooms: readonly CatalogueRoom[], busy: ReadonlySet<number>, grants: ReadonlySet<string>, q: AvailabilityQuery): AvailabilityItem[] {
  const start = q.from.toISOString(), finish = q.to.toISOString();
  const free: AvailabilityItem[] = [];
  forEachFreeRoom(rooms, busy, grants, q, (r, isRoomAdmin) => {
    free.push({
      ID: r.id, LocationID: r.locationId, Name: r.name, Capacity: r.capacity, Equipment: r.equipment, Disabled: r.disabled,
      Hidden: r.hidden, Start: start, Finish: finish, SiteId: r.siteId, SiteName: r.siteName, LocationName: r.locationName,
      IsRestricted: r.restricted, IsRoomAdmin: isRoomAdmin, TimeZone: r.timeZone,
    });
  });
  return free;
}

const OPEN = Buffer.from('['), CLOSE = Buffer.from(']');

/** freeRooms as UTF-8 JSON (see availableRoomsJson). */
export function freeRoomsJson(rooms: readonly CatalogueRoom[], busy: ReadonlySet<number>, grants: ReadonlySet<string>, q: AvailabilityQuery): Buffer {
  const parts = jsonPartsOf(rooms);
  // Start and Finish are the same in every item: encoded once.
  const range = Buffer.from(`${JSON.stringify(q.from.toISOString())},"Finish":${JSON.stringify(q.to.toISOString())}`);
  const pieces: Buffer[] = [OPEN];
  forEachFreeRoom(rooms, busy, grants, q, (_r, isRoomAdmin, i) => {
    const p = parts[i]!;
    pieces.push(pieces.length > 1 ? p.nextHead : p.head, range, isRoomAdmin ? p.restIfRoomAdmin : p.rest);
  });
  pieces.push(CLOSE);
  return Buffer.concat(pieces);
}

/** The rules of the search, once for both forms of the answer: calls `take` for each free room the caller may choose, in catalogue order. */
function forEachFreeRoom(
  rooms: readonly CatalogueRoom[], busy: ReadonlySet<number>, grants: ReadonlySet<string>, q: AvailabilityQuery,
  take: (room: CatalogueRoom, isRoomAdmin: boolean, index: number) => void,
): void {
  const listed = (scope: 'site' | 'location' | 'room', id: number, types: readonly AccessType[]) => types.some((t) => grants.has(`${scope}:${id}:${t}`));
  for (let i = 0; i < rooms.length; i++) {
    const r = rooms[i]!;
    if (r.roomType !== q.roomType || r.hidden || r.disabled || !r.siteRoomBooking || busy.has(r.id)) continue;
    if ((q.locationId !== null && r.locationId !== q.locationId) || (q.siteId !== null && r.siteId !== q.siteId)) continue;
    const mayChoose = passesRestrictions([
      { restricted: r.siteRestricted, listed: r.siteRestricted && listed('site', r.siteId, [ACCESS_TYPE.ResourceAdmin, ACCESS_TYPE.RoomAdmin]) },
      { restricted: r.locationRestricted, listed: r.locationRestricted && listed('location', r.locationId, [ACCESS_TYPE.RoomAdmin]) },
    ], q.bypass);
    if (!mayChoose) continue;
    // No grants (most people): no key to build.
    const isRoomAdmin = grants.size > 0 && (listed('room', r.id, [ACCESS_TYPE.RoomAdmin]) || listed('location', r.locationId, [ACCESS_TYPE.RoomAdmin]));
    take(r, isRoomAdmin, i);
  }
}

/**
 * A room's answer item as bytes around what varies per search: `head` ends with '"Start":' (`nextHead` is
 * the same after a comma, for every item but the first), Start and Finish follow, then `rest` or
 * `restIfRoomAdmin` (IsRoomAdmin false or true, and the fields after it). Three pieces per room, as copying
 * ~750 small pieces was a third of making the answer. Kept per catalogue (which is kept per
 * configuration version), so made once per change of rooms or places.
 */
interface RoomJson { head: Buffer; nextHead: Buffer; rest: Buffer; restIfRoomAdmin: Buffer }
const jsonParts = new WeakMap<readonly CatalogueRoom[], RoomJson[]>();

function jsonPartsOf(rooms: readonly CatalogueRoom[]): RoomJson[] {
  let parts = jsonParts.get(rooms);
  if (!parts) {
    const inner = (o: object) => JSON.stringify(o).slice(1, -1);
    parts = rooms.map((r) => {
      const head = `{${inner({ ID: r.id, LocationID: r.locationId, Name: r.name, Capacity: r.capacity, Equipment: r.equipment, Disabled: r.disabled, Hidden: r.hidden })},"Start":`;
      const rest = (isRoomAdmin: boolean) => `,${inner({ SiteId: r.siteId, SiteName: r.siteName, LocationName: r.locationName, IsRestricted: r.restricted, IsRoomAdmin: isRoomAdmin, TimeZone: r.timeZone })}}`;
      return { head: Buffer.from(head), nextHead: Buffer.from(`,${head}`), rest: Buffer.from(rest(false)), restIfRoomAdmin: Buffer.from(rest(true)) };
    });
    jsonParts.set(rooms, parts);
  }
  return parts;
}
