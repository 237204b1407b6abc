import type pg from 'pg';
import { ACCESS_TYPE, deletionRefusal, keptAccessList, resolveRoomConstraint, type AccessType, type Place } from '../../../domain/orgAccess.js';
import { advanceLimitDate, type BookingConstraint } from '../../../domain/advanceLimit.js';
import { badInput, conflict, notFound } from '../../http/errors.js';

/**
 * Shared access-list and place logic for sites, locations and rooms: SQL fragments for "who is
 * listed where", reading and replacing access lists and booking constraints, and safe deletion.
 * Fragments only ever interpolate constants from this file; values travel as parameters.
 */
export type Db = pg.Pool | pg.PoolClient;

const SCOPE_COLUMN: Record<Place, 'site_id' | 'location_id' | 'room_id'> = { site: 'site_id', location: 'location_id', room: 'room_id' };
const PLACE_TABLE: Record<Place, 'sites' | 'locations' | 'rooms'> = { site: 'sites', location: 'locations', room: 'rooms' };

/** SQL: the person ($userParam) is listed at this level with one of these access types, directly or via a team. */
export const listedSql = (scope: Place, idExpr: string, types: readonly AccessType[], userParam: string) =>
  `access_listed('${scope}', ${idExpr}, '{${types.join(',')}}'::smallint[], ${userParam})`;

/** SQL: room admin of room r (listed on the room or its location as room admin). */
export const roomAdminSql = (roomAlias: string, userParam: string) =>
  `(${listedSql('room', `${roomAlias}.id`, [ACCESS_TYPE.RoomAdmin], userParam)} OR ${listedSql('location', `${roomAlias}.location_id`, [ACCESS_TYPE.RoomAdmin], userParam)})`;

/**
 * SQL: the person may choose rooms in site s / location l. Site room restrictions let through the
 * site's room admins and its resource admins (SPEC 6: "sites can restrict room booking to site admins").
 */
export const roomChoiceSql = (siteAlias: string, locationAlias: string, userParam: string, bypassParam: string) =>
  `(${bypassParam}::boolean OR ((NOT ${siteAlias}.restrict_room_access OR ${listedSql('site', `${siteAlias}.id`, [ACCESS_TYPE.ResourceAdmin, ACCESS_TYPE.RoomAdmin], userParam)})
     AND (NOT ${locationAlias}.restrict_room_access OR ${listedSql('location', `${locationAlias}.id`, [ACCESS_TYPE.RoomAdmin], userParam)})))`;

/** SQL: the person may choose desks in site s / location l (desk access lists, AccessType 2). */
export const deskChoiceSql = (siteAlias: string, locationAlias: string, userParam: string, bypassParam: string) =>
  `(${bypassParam}::boolean OR ((NOT ${siteAlias}.restrict_desk_access OR ${listedSql('site', `${siteAlias}.id`, [ACCESS_TYPE.DeskAccess], userParam)})
     AND (NOT ${locationAlias}.restrict_desk_access OR ${listedSql('location', `${locationAlias}.id`, [ACCESS_TYPE.DeskAccess], userParam)})))`;

/** SQL: a location of site s with a live floorplan whose layout has been published. */
export const publishedFloorplanSql = (locationAlias: string) =>
  `EXISTS (SELECT 1 FROM floorplans f WHERE f.location_id = ${locationAlias}.id AND f.deleted_at IS NULL
     AND EXISTS (SELECT 1 FROM layouts lay WHERE lay.floorplan_id = f.id AND lay.published))`;

/** SQL: the people listed at a level with one access type, as [{Id, FullName, Email}]. */
export const usersJsonSql = (scope: Place, idExpr: string, type: AccessType) =>
  `coalesce((SELECT json_agg(json_build_object('Id', u.id, 'FullName', u.full_name, 'Email', u.email) ORDER BY u.full_name, u.id)
     FROM access_grants g JOIN users u ON u.id = g.user_id
     WHERE g.scope = '${scope}' AND g.scope_id = ${idExpr} AND g.access_type = ${type}), '[]'::json)`;

/** SQL: the teams listed at a level with one access type, as [{Id, Name}]. */
export const teamsJsonSql = (scope: Place, idExpr: string, type: AccessType) =>
  `coalesce((SELECT json_agg(json_build_object('Id', t.id, 'Name', t.name) ORDER BY t.name, t.id)
     FROM access_grants g JOIN teams t ON t.id = g.team_id
     WHERE g.scope = '${scope}' AND g.scope_id = ${idExpr} AND g.access_type = ${type}), '[]'::json)`;

/** SQL: a level's booking constraints as the wire's PlaceConstraint list, room before desk. */
export const constraintsJsonSql = (scope: Place, idExpr: string) =>
  `coalesce((SELECT json_agg(json_build_object('Id', c.id, 'SiteId', c.site_id, 'LocationId', c.location_id, 'RoomId', c.room_id,
       'Number', c.number, 'ResourceType', c.resource_type, 'Type', c.type) ORDER BY c.resource_type)
     FROM booking_constraints c WHERE c.${SCOPE_COLUMN[scope]} = ${idExpr}), '[]'::json)`;

export interface AccessListChange {
  type: AccessType;
  restricted: boolean;
  /** The lists as requested; undefined keeps what is saved (unless the restriction is off). */
  userIds: number[] | undefined;
  teamIds: number[] | undefined;
}

/**
 * Replaces a level's list of one access type. A list is kept only while its restriction is on
 * (resource admins, AccessType 0, are not a restriction: pass restricted: true for them).
 */
export async function saveAccessList(client: pg.PoolClient, scope: Place, scopeId: number, change: AccessListChange): Promise<void> {
  const { type } = change;
  const clear = !change.restricted;
  for (const [column, ids, table, label] of [
    ['user_id', change.userIds, 'users', 'person'],
    ['team_id', change.teamIds, 'teams', 'team'],
  ] as const) {
    if (ids === undefined && !clear) continue;
    const kept = keptAccessList(change.restricted, ids ?? []);
    await client.query(`DELETE FROM access_grants WHERE scope = $1 AND scope_id = $2 AND access_type = $3 AND ${column} IS NOT NULL`, [scope, scopeId, type]);
    if (kept.length === 0) continue;
    const inserted = await client.query(
      `INSERT INTO access_grants (scope, scope_id, access_type, ${column})
       SELECT $1, $2, $3, x.id FROM ${table} x WHERE x.id = ANY ($4::int[])`,
      [scope, scopeId, type, kept],
    );
    if (inserted.rowCount !== kept.length) throw badInput(`An access list names a ${label} that does not exist.`);
  }
}

/** Replaces a level's booking constraints (at most one per resource type; the caller checked that). */
export async function saveConstraints(client: pg.PoolClient, scope: Place, scopeId: number, constraints: readonly BookingConstraint[]): Promise<void> {
  const column = SCOPE_COLUMN[scope];
  await client.query(`DELETE FROM booking_constraints WHERE ${column} = $1`, [scopeId]);
  for (const c of constraints) {
    await client.query(`INSERT INTO booking_constraints (${column}, number, resource_type, type) VALUES ($1, $2, $3, $4)`, [scopeId, c.Number, c.ResourceType, c.Type]);
  }
}

/** One transaction helper for the whole server (deadlocks retried): src/server/db/transaction.ts. */
import { inTransaction } from '../../db/transaction.js';
export { inTransaction };

const PLACE_WORD: Record<Place, string> = { site: 'The site', location: 'The location', room: 'The room' };

/**
 * Deletes a site, location or room unless it has active (Pending or Approved) bookings finishing
 * after now (409 with their count). Deletion is soft (deleted_at): past bookings keep pointing at
 * the place for reports. Children go with their parent. The row lock taken here pairs with the
 * bookings trigger of migration 0002, so a booking saved meanwhile is either counted or refused.
 */
export async function deletePlace(pool: pg.Pool, place: Place, id: number, now: Date): Promise<void> {
  await inTransaction(pool, async (client) => {
    const found = await client.query(`SELECT 1 FROM ${PLACE_TABLE[place]} WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    if (found.rowCount === 0) throw notFound(PLACE_WORD[place]);
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings WHERE ${SCOPE_COLUMN[place]} = $1 AND status IN (0, 1) AND finishes_at > $2`,
      [id, now],
    );
    const refusal = deletionRefusal(place, rows[0]?.n ?? 0);
    if (refusal) throw conflict(refusal);
    await client.query(`UPDATE ${PLACE_TABLE[place]} SET deleted_at = $2 WHERE id = $1`, [id, now]);
    if (place === 'site') {
      await client.query('UPDATE locations SET deleted_at = $2 WHERE site_id = $1 AND deleted_at IS NULL', [id, now]);
    }
    if (place !== 'room') {
      const locationFilter = place === 'site' ? 'location_id IN (SELECT id FROM locations WHERE site_id = $1)' : 'location_id = $1';
      await client.query(`UPDATE rooms SET deleted_at = $2 WHERE ${locationFilter} AND deleted_at IS NULL`, [id, now]);
      await client.query(`UPDATE floorplans SET deleted_at = $2 WHERE ${locationFilter} AND deleted_at IS NULL`, [id, now]);
    }
  });
}

/** Is the person a room admin of this live room (via the room or its location, directly or via a team)? */
export async function isRoomAdminOf(db: Db, userId: number, roomId: number): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(`SELECT ${roomAdminSql('r', '$2')} AS ok FROM rooms r WHERE r.id = $1 AND r.deleted_at IS NULL`, [roomId, userId]);
  return rows[0]?.ok ?? false;
}

/** Is this site, location or room live (it and every level above it not deleted)? */
export async function placeIsLive(db: Db, place: Place, id: number): Promise<boolean> {
  const sql = {
    site: 'SELECT 1 FROM sites s WHERE s.id = $1 AND s.deleted_at IS NULL',
    location: `SELECT 1 FROM locations l JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL WHERE l.id = $1 AND l.deleted_at IS NULL`,
    room: `SELECT 1 FROM rooms r JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
           JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL WHERE r.id = $1 AND r.deleted_at IS NULL`,
  }[place];
  const { rowCount } = await db.query(sql, [id]);
  return rowCount === 1;
}

/**
 * The advance limit for booking a room (for the room booking work): the room's constraint, else
 * its location's, else its site's, else the global room constraint, read in the site's time zone.
 * undefined when the room is not live.
 */
export async function roomAdvanceLimit(db: Db, roomId: number, now: Date): Promise<{ constraint: BookingConstraint | null; limit: Date | null; timeZone: string } | undefined> {
  const pick = (column: string, id: string) => `(SELECT json_build_object('Number', c.number, 'Type', c.type, 'ResourceType', c.resource_type)
    FROM booking_constraints c WHERE c.${column} = ${id} AND c.resource_type = 1)`;
  const { rows } = await db.query(
    `SELECT s.time_zone, ${pick('room_id', 'r.id')} AS room, ${pick('location_id', 'l.id')} AS location, ${pick('site_id', 's.id')} AS site,
       gs.room_constraint_number, gs.room_constraint_type
     FROM rooms r JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
     JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL CROSS JOIN global_settings gs
     WHERE r.id = $1 AND r.deleted_at IS NULL`,
    [roomId],
  );
  const r = rows[0];
  if (!r) return undefined;
  const constraint = resolveRoomConstraint({
    room: r.room, location: r.location, site: r.site,
    global: { Number: r.room_constraint_number, Type: r.room_constraint_type, ResourceType: 1 },
  });
  return { constraint, limit: advanceLimitDate(constraint, now, r.time_zone), timeZone: r.time_zone };
}
