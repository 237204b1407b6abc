import { type BookingConstraint } from '../../../domain/advanceLimit.js';
import { ACCESS_TYPE, passesRestrictions, resolveRoomConstraint, type AccessType } from '../../../domain/orgAccess.js';
import { ReadCache } from '../../db/readCache.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';
import { roomCatalogue, type CatalogueRoom } from './roomCatalogue.js';

/**
 * What a room booking decision needs about rooms and places, kept per configuration version like the
 * room catalogue: the live rooms (the catalogue), the global switches, the room booking constraints
 * and the access lists of room admins and resource admins. Every table read here bumps the version
 * when it changes (migration 0008); team membership, which the lists name through teams, bumps the
 * person's caller version instead, and the session's teamIds are re-read with it. So a booking needs
 * no round trip for its room (before: two statements per booking, ~0.6–1.5 ms of PostgreSQL each
 * under load, bench/README.md 2026-11-25).
 */
export interface RoomRules {
  rooms: ReadonlyMap<number, CatalogueRoom>;
  maintenance: boolean;
  globalRoomBooking: boolean;
  globalConstraint: BookingConstraint;
  /** Room booking constraints (ResourceType 1) by 'room:id', 'location:id', 'site:id'. */
  constraints: ReadonlyMap<string, BookingConstraint>;
  /** Grants of types ResourceAdmin and RoomAdmin by 'scope:id:type': the people and teams listed. */
  grants: ReadonlyMap<string, { userIds: ReadonlySet<number>; teamIds: ReadonlySet<number> }>;
}

const rulesCache = new ReadCache<RoomRules>(2);

export function roomRules(db: Db, configVersion: number): Promise<RoomRules> {
  return rulesCache.get(db, String(configVersion), () => readRules(db, configVersion));
}

async function readRules(db: Db, configVersion: number): Promise<RoomRules> {
  const [catalogue, settings, constraints, grants] = await Promise.all([
    roomCatalogue(db, configVersion),
    db.query('SELECT maintenance_mode, room_booking_enabled, room_constraint_number, room_constraint_type FROM global_settings'),
    db.query(`SELECT CASE WHEN room_id IS NOT NULL THEN 'room:' || room_id WHEN location_id IS NOT NULL THEN 'location:' || location_id
                ELSE 'site:' || site_id END AS key, number, type
              FROM booking_constraints WHERE resource_type = 1`),
    db.query(`SELECT scope || ':' || scope_id || ':' || access_type AS key, array_remove(array_agg(user_id), NULL) AS users,
                array_remove(array_agg(team_id), NULL) AS teams
              FROM access_grants WHERE access_type IN (${ACCESS_TYPE.ResourceAdmin}, ${ACCESS_TYPE.RoomAdmin}) GROUP BY 1`),
  ]);
  const gs = settings.rows[0];
  return {
    rooms: new Map(catalogue.map((r) => [r.id, r])),
    maintenance: gs.maintenance_mode,
    globalRoomBooking: gs.room_booking_enabled,
    globalConstraint: { Number: gs.room_constraint_number, Type: gs.room_constraint_type, ResourceType: 1 },
    constraints: new Map(constraints.rows.map((c) => [c.key as string, { Number: c.number, Type: c.type, ResourceType: 1 }])),
    grants: new Map(grants.rows.map((g) => [g.key as string, { userIds: new Set<number>(g.users), teamIds: new Set<number>(g.teams) }])),
  };
}

/** The person is listed at this level with one of these types, directly or through one of their teams (access_listed). */
export function listedIn(rules: RoomRules, user: { id: number; teamIds: readonly number[] }, scope: 'site' | 'location' | 'room', id: number, types: readonly AccessType[]): boolean {
  return types.some((t) => {
    const g = rules.grants.get(`${scope}:${id}:${t}`);
    return !!g && (g.userIds.has(user.id) || user.teamIds.some((team) => g.teamIds.has(team)));
  });
}

/** Anyone is listed as room admin of the room or its location (its approvers may be nobody if the teams are empty). */
export function hasRoomAdmins(rules: RoomRules, room: CatalogueRoom): boolean {
  return rules.grants.has(`room:${room.id}:${ACCESS_TYPE.RoomAdmin}`) || rules.grants.has(`location:${room.locationId}:${ACCESS_TYPE.RoomAdmin}`);
}

/** roomAdminSql and roomChoiceSql (orgAccess.repo.ts) over the cached lists. */
export function roomAccess(rules: RoomRules, room: CatalogueRoom, user: { id: number; teamIds: readonly number[] }, bypass: boolean) {
  return {
    isRoomAdmin: listedIn(rules, user, 'room', room.id, [ACCESS_TYPE.RoomAdmin]) || listedIn(rules, user, 'location', room.locationId, [ACCESS_TYPE.RoomAdmin]),
    mayChoose: passesRestrictions([
      { restricted: room.siteRestricted, listed: listedIn(rules, user, 'site', room.siteId, [ACCESS_TYPE.ResourceAdmin, ACCESS_TYPE.RoomAdmin]) },
      { restricted: room.locationRestricted, listed: listedIn(rules, user, 'location', room.locationId, [ACCESS_TYPE.RoomAdmin]) },
    ], bypass),
  };
}

/** The room's advance-limit constraint (roomAdvanceLimit in orgAccess.repo.ts, over the cached rows). */
export function roomConstraint(rules: RoomRules, room: CatalogueRoom): BookingConstraint | null {
  return resolveRoomConstraint({
    room: rules.constraints.get(`room:${room.id}`) ?? null,
    location: rules.constraints.get(`location:${room.locationId}`) ?? null,
    site: rules.constraints.get(`site:${room.siteId}`) ?? null,
    global: rules.globalConstraint,
  });
}
