import type pg from 'pg';
import { resolveRoomCheckIns } from '../../../domain/checkIn.js';
import { ACCESS_TYPE } from '../../../domain/orgAccess.js';
import type { Room } from '../../../domain/wire/rooms.js';
import type { PlaceConstraint } from '../../../domain/wire/sites.js';
import { constraintsJsonSql, roomAdminSql, roomChoiceSql, teamsJsonSql, usersJsonSql, type Db } from '../orgAccess/orgAccess.repo.js';

/** Columns of a room for the caller $1. */
const COLUMNS = `r.id, l.site_id, r.location_id, r.name, r.room_type, r.capacity, r.equipment, r.notes, r.hidden, r.disabled,
  r.restrict_room_access, r.room_check_ins, r.check_in_shows_descriptions, l.room_check_ins AS location_room_check_ins, s.room_check_ins AS site_room_check_ins,
  s.work_week_only, s.room_booking_enabled, s.title AS site_name, l.title AS location_name, s.time_zone,
  ${roomAdminSql('r', '$1')} AS is_room_admin,
  ${constraintsJsonSql('room', 'r.id')} AS constraints,
  ${usersJsonSql('room', 'r.id', ACCESS_TYPE.RoomAdmin)} AS room_admin_users,
  ${teamsJsonSql('room', 'r.id', ACCESS_TYPE.RoomAdmin)} AS room_admin_teams`;

const FROM = `FROM rooms r
  JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
  JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL`;

const ORDER = 'ORDER BY lower(s.title), lower(l.title), lower(r.name), r.id';

/** Live, visible, enabled rooms of a type at a site with room booking on. */
const BOOKABLE = 'r.deleted_at IS NULL AND NOT r.hidden AND NOT r.disabled AND s.room_booking_enabled';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const toRoom = (r: Record<string, any>): Room => ({
  Id: r.id, SiteId: r.site_id, LocationId: r.location_id, Name: r.name, RoomType: r.room_type, Capacity: r.capacity,
  Equipment: r.equipment, Notes: r.notes, Hidden: r.hidden, Disabled: r.disabled,
  IsRestricted: r.restrict_room_access, IsRoomAdmin: r.is_room_admin, RestrictRoomAccess: r.restrict_room_access,
  RoomAdminUsers: r.room_admin_users, RoomAdminTeams: r.room_admin_teams,
  RoomBookingConstraint: (r.constraints as PlaceConstraint[]).find((c) => c.ResourceType === 1) ?? null,
  RoomCheckIns: resolveRoomCheckIns(r.room_check_ins, r.location_room_check_ins, r.site_room_check_ins),
  RoomCheckInsSetting: r.room_check_ins,
  CheckInShowsDescriptions: r.check_in_shows_descriptions,
  WorkWeekOnly: r.work_week_only, RoomBookingEnabled: r.room_booking_enabled, SiteName: r.site_name, LocationName: r.location_name,
  TimeZone: r.time_zone,
});

export async function findRoom(db: Db, id: number, userId: number): Promise<Room | undefined> {
  const { rows } = await db.query(`SELECT ${COLUMNS} ${FROM} WHERE r.id = $2 AND r.deleted_at IS NULL`, [userId, id]);
  return rows[0] ? toRoom(rows[0]) : undefined;
}

/** Every live room of a location, hidden and disabled ones included (the admin list). */
export async function allRoomsOfLocation(db: Db, locationId: number, userId: number): Promise<Room[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} ${FROM} WHERE r.location_id = $2 AND r.deleted_at IS NULL ${ORDER}`, [userId, locationId]);
  return rows.map(toRoom);
}

/** Rooms a person may choose for booking, in one location or one site. Restricted rooms stay (others request them). */
export async function bookableRooms(db: Db, where: { locationId: number } | { siteId: number }, roomType: number, userId: number, bypass: boolean): Promise<Room[]> {
  const [filter, id] = 'locationId' in where ? ['r.location_id = $2', where.locationId] : ['l.site_id = $2', where.siteId];
  const { rows } = await db.query(
    `SELECT ${COLUMNS} ${FROM} WHERE ${filter} AND r.room_type = $3 AND ${BOOKABLE} AND ${roomChoiceSql('s', 'l', '$1', '$4')} ${ORDER}`,
    [userId, id, roomType, bypass],
  );
  return rows.map(toRoom);
}

/** Rooms the person is a room admin of (on the room or its location, directly or through a team). */
export async function roomsAdministeredBy(db: Db, userId: number): Promise<Room[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} ${FROM} WHERE r.deleted_at IS NULL AND ${roomAdminSql('r', '$1')} ${ORDER}`, [userId]);
  return rows.map(toRoom);
}

/** Is the person listed as room admin at this location (directly or via a team)? */
export async function listedAtLocation(db: Db, locationId: number, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(`SELECT access_listed('location', $1, '{1}'::smallint[], $2) AS ok`, [locationId, userId]);
  return rows[0]?.ok ?? false;
}

export interface RoomValues {
  locationId: number; name: string; roomType: number; capacity: number; equipment: string; notes: string;
  hidden: boolean; disabled: boolean; restrictRoomAccess: boolean; roomCheckIns: boolean | null;
  /** Descriptions on the check-in page for everyone; false for clinical and restricted rooms (migration 0013's check). */
  checkInShowsDescriptions: boolean;
}

const valuesArray = (v: RoomValues) =>
  [v.locationId, v.name, v.roomType, v.capacity, v.equipment, v.notes, v.hidden, v.disabled, v.restrictRoomAccess, v.roomCheckIns,
    v.checkInShowsDescriptions];

export async function insertRoom(client: pg.PoolClient, v: RoomValues): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO rooms (location_id, name, room_type, capacity, equipment, notes, hidden, disabled, restrict_room_access, room_check_ins,
       check_in_shows_descriptions)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    valuesArray(v),
  );
  return rows[0]!.id;
}

export async function updateRoom(client: pg.PoolClient, id: number, v: RoomValues): Promise<boolean> {
  const res = await client.query(
    `UPDATE rooms SET location_id = $2, name = $3, room_type = $4, capacity = $5, equipment = $6, notes = $7, hidden = $8,
       disabled = $9, restrict_room_access = $10, room_check_ins = $11, check_in_shows_descriptions = $12
     WHERE id = $1 AND deleted_at IS NULL`,
    [id, ...valuesArray(v)],
  );
  return res.rowCount === 1;
}
