import type pg from 'pg';
import { resolveRoomCheckIns } from '../../../domain/checkIn.js';
import { ACCESS_TYPE } from '../../../domain/orgAccess.js';
import type { Location } from '../../../domain/wire/locations.js';
import type { PlaceConstraint } from '../../../domain/wire/sites.js';
import {
  constraintsJsonSql, deskChoiceSql, publishedFloorplanSql, roomChoiceSql, teamsJsonSql, usersJsonSql, type Db,
} from '../orgAccess/orgAccess.repo.js';

const COLUMNS = `l.id, l.site_id, s.title AS site_name, l.title, l.building_name_no, l.room_check_ins, s.room_check_ins AS site_room_check_ins,
  l.restrict_room_access, l.restrict_desk_access, s.time_zone, ${constraintsJsonSql('location', 'l.id')} AS constraints,
  ${usersJsonSql('location', 'l.id', ACCESS_TYPE.RoomAdmin)} AS room_admin_users,
  ${teamsJsonSql('location', 'l.id', ACCESS_TYPE.RoomAdmin)} AS room_admin_teams,
  ${usersJsonSql('location', 'l.id', ACCESS_TYPE.DeskAccess)} AS desk_access_users,
  ${teamsJsonSql('location', 'l.id', ACCESS_TYPE.DeskAccess)} AS desk_access_teams`;

const FROM = 'FROM locations l JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const toLocation = (r: Record<string, any>): Location => {
  const constraints = r.constraints as PlaceConstraint[];
  return {
    Id: r.id, SiteId: r.site_id, SiteName: r.site_name, Title: r.title, BuildingNameNo: r.building_name_no, BuildingNo: r.building_name_no,
    RoomCheckIns: resolveRoomCheckIns(null, r.room_check_ins, r.site_room_check_ins), RoomCheckInsSetting: r.room_check_ins,
    RestrictRoomAccess: r.restrict_room_access, RestrictDeskAccess: r.restrict_desk_access,
    RoomAdminUsers: r.room_admin_users, RoomAdminTeams: r.room_admin_teams, DeskAccessUsers: r.desk_access_users, DeskAccessTeams: r.desk_access_teams,
    BookingConstraints: constraints,
    RoomBookingConstraint: constraints.find((c) => c.ResourceType === 1) ?? null,
    DeskBookingConstraint: constraints.find((c) => c.ResourceType === 2) ?? null,
    TimeZone: r.time_zone,
  };
};

export async function findLocation(db: Db, id: number): Promise<Location | undefined> {
  const { rows } = await db.query(`SELECT ${COLUMNS} ${FROM} WHERE l.id = $1 AND l.deleted_at IS NULL`, [id]);
  return rows[0] ? toLocation(rows[0]) : undefined;
}

/** Live locations of a site the person may choose rooms in (all of them when bypass). */
export async function locationsOfSite(db: Db, siteId: number, userId: number, bypass: boolean): Promise<Location[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} ${FROM} WHERE l.site_id = $1 AND l.deleted_at IS NULL AND ${roomChoiceSql('s', 'l', '$2', '$3')}
     ORDER BY lower(l.title), l.id`,
    [siteId, userId, bypass],
  );
  return rows.map(toLocation);
}

/** Live locations of a desk-enabled site with a published floorplan, where the person may book desks. */
export async function deskLocationsOfSite(db: Db, siteId: number, userId: number, bypass: boolean): Promise<Location[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} ${FROM} WHERE l.site_id = $1 AND l.deleted_at IS NULL AND s.desk_booking_enabled
       AND ${publishedFloorplanSql('l')} AND ${deskChoiceSql('s', 'l', '$2', '$3')}
     ORDER BY lower(l.title), l.id`,
    [siteId, userId, bypass],
  );
  return rows.map(toLocation);
}

export interface LocationValues {
  title: string; buildingNameNo: string; roomCheckIns: boolean | null; restrictRoomAccess: boolean; restrictDeskAccess: boolean;
}

export async function insertLocation(client: pg.PoolClient, siteId: number, v: LocationValues): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO locations (site_id, title, building_name_no, room_check_ins, restrict_room_access, restrict_desk_access)
     SELECT id, $2, $3, $4, $5, $6 FROM sites WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
    [siteId, v.title, v.buildingNameNo, v.roomCheckIns, v.restrictRoomAccess, v.restrictDeskAccess],
  );
  return rows[0]?.id ?? 0;
}

export async function updateLocation(client: pg.PoolClient, id: number, v: LocationValues): Promise<boolean> {
  const res = await client.query(
    `UPDATE locations SET title = $2, building_name_no = $3, room_check_ins = $4, restrict_room_access = $5, restrict_desk_access = $6
     WHERE id = $1 AND deleted_at IS NULL`,
    [id, v.title, v.buildingNameNo, v.roomCheckIns, v.restrictRoomAccess, v.restrictDeskAccess],
  );
  return res.rowCount === 1;
}
