import type pg from 'pg';
import { ACCESS_TYPE } from '../../../domain/orgAccess.js';
import type { MySite, Site, SiteSummary } from '../../../domain/wire/sites.js';
import {
  constraintsJsonSql, deskChoiceSql, publishedFloorplanSql, roomChoiceSql, teamsJsonSql, usersJsonSql, type Db,
} from '../orgAccess/orgAccess.repo.js';

const SUMMARY_COLUMNS = `s.id, s.title, s.address, s.description, s.post_code, s.time_zone, s.site_level_parking, s.parking_spaces,
  s.notes, s.notification_email, s.room_booking_enabled, s.desk_booking_enabled, s.work_week_only, s.restrict_room_access,
  s.restrict_desk_access, s.room_check_ins, s.day_start_minutes, s.day_end_minutes, ${constraintsJsonSql('site', 's.id')} AS constraints`;

const LIST_COLUMNS = `
  ${usersJsonSql('site', 's.id', ACCESS_TYPE.ResourceAdmin)} AS resource_admin_users,
  ${teamsJsonSql('site', 's.id', ACCESS_TYPE.ResourceAdmin)} AS resource_admin_teams,
  ${usersJsonSql('site', 's.id', ACCESS_TYPE.RoomAdmin)} AS room_admin_users,
  ${teamsJsonSql('site', 's.id', ACCESS_TYPE.RoomAdmin)} AS room_admin_teams,
  ${usersJsonSql('site', 's.id', ACCESS_TYPE.DeskAccess)} AS desk_access_users,
  ${teamsJsonSql('site', 's.id', ACCESS_TYPE.DeskAccess)} AS desk_access_teams`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

const toSummary = (r: Row): SiteSummary => ({
  Id: r.id, Title: r.title, Address: r.address, Description: r.description, PostCode: r.post_code, TimeZone: r.time_zone,
  SiteLevelParking: r.site_level_parking, ParkingSpaces: r.parking_spaces, Notes: r.notes, NotificationEmail: r.notification_email,
  RoomBookingEnabled: r.room_booking_enabled, DeskBookingEnabled: r.desk_booking_enabled, WorkWeekOnly: r.work_week_only,
  RestrictRoomAccess: r.restrict_room_access, RestrictDeskAccess: r.restrict_desk_access, RoomCheckIns: r.room_check_ins,
  BookingConstraints: r.constraints, DayStartMinutes: r.day_start_minutes, DayEndMinutes: r.day_end_minutes,
});

export async function listSites(db: Db): Promise<SiteSummary[]> {
  const { rows } = await db.query(`SELECT ${SUMMARY_COLUMNS} FROM sites s WHERE s.deleted_at IS NULL ORDER BY lower(s.title), s.id`);
  return rows.map(toSummary);
}

export async function findSite(db: Db, id: number): Promise<Site | undefined> {
  const { rows } = await db.query(`SELECT ${SUMMARY_COLUMNS}, ${LIST_COLUMNS} FROM sites s WHERE s.id = $1 AND s.deleted_at IS NULL`, [id]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    ...toSummary(r),
    ResourceAdminUsers: r.resource_admin_users, ResourceAdminTeams: r.resource_admin_teams,
    RoomAdminUsers: r.room_admin_users, RoomAdminTeams: r.room_admin_teams,
    DeskAccessUsers: r.desk_access_users, DeskAccessTeams: r.desk_access_teams,
  };
}

/** Sites with room booking on and a live, visible, enabled room of this type in a location the person may choose. */
export async function sitesWithRooms(db: Db, roomType: number, userId: number, bypass: boolean): Promise<SiteSummary[]> {
  const { rows } = await db.query(
    `SELECT ${SUMMARY_COLUMNS} FROM sites s
     WHERE s.deleted_at IS NULL AND s.room_booking_enabled
       AND EXISTS (SELECT 1 FROM locations l JOIN rooms r ON r.location_id = l.id
                   WHERE l.site_id = s.id AND l.deleted_at IS NULL AND r.deleted_at IS NULL AND NOT r.hidden AND NOT r.disabled
                     AND r.room_type = $1 AND ${roomChoiceSql('s', 'l', '$2', '$3')})
     ORDER BY lower(s.title), s.id`,
    [roomType, userId, bypass],
  );
  return rows.map(toSummary);
}

/** Sites with desk booking on and a location with a published floorplan the person may book desks in. */
export async function sitesWithDesks(db: Db, userId: number, bypass: boolean): Promise<SiteSummary[]> {
  const { rows } = await db.query(
    `SELECT ${SUMMARY_COLUMNS} FROM sites s
     WHERE s.deleted_at IS NULL AND s.desk_booking_enabled
       AND EXISTS (SELECT 1 FROM locations l WHERE l.site_id = s.id AND l.deleted_at IS NULL
                     AND ${publishedFloorplanSql('l')} AND ${deskChoiceSql('s', 'l', '$1', '$2')})
     ORDER BY lower(s.title), s.id`,
    [userId, bypass],
  );
  return rows.map(toSummary);
}

/** Sites whose resource admins list the person (directly or via a team); every live site for admins. */
export async function mySites(db: Db, userId: number, all: boolean): Promise<MySite[]> {
  const { rows } = await db.query<{ id: number; title: string; time_zone: string; day_start_minutes: number; day_end_minutes: number }>(
    `SELECT s.id, s.title, s.time_zone, s.day_start_minutes, s.day_end_minutes FROM sites s
     WHERE s.deleted_at IS NULL AND ($2::boolean OR access_listed('site', s.id, '{0}'::smallint[], $1))
     ORDER BY lower(s.title), s.id`,
    [userId, all],
  );
  return rows.map((r) => ({ SiteId: r.id, SiteName: r.title, TimeZone: r.time_zone, DayStartMinutes: r.day_start_minutes, DayEndMinutes: r.day_end_minutes }));
}

export interface SiteValues {
  title: string; address: string; description: string; postCode: string; timeZone: string; siteLevelParking: boolean;
  parkingSpaces: number; notes: string; notificationEmail: string; roomBookingEnabled: boolean; deskBookingEnabled: boolean;
  workWeekOnly: boolean; restrictRoomAccess: boolean; restrictDeskAccess: boolean; roomCheckIns: boolean;
  dayStartMinutes: number; dayEndMinutes: number;
}

const valuesArray = (v: SiteValues) => [v.title, v.address, v.description, v.postCode, v.timeZone, v.siteLevelParking, v.parkingSpaces,
  v.notes, v.notificationEmail, v.roomBookingEnabled, v.deskBookingEnabled, v.workWeekOnly, v.restrictRoomAccess, v.restrictDeskAccess, v.roomCheckIns,
  v.dayStartMinutes, v.dayEndMinutes];

export async function insertSite(client: pg.PoolClient, v: SiteValues): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO sites (title, address, description, post_code, time_zone, site_level_parking, parking_spaces, notes, notification_email,
       room_booking_enabled, desk_booking_enabled, work_week_only, restrict_room_access, restrict_desk_access, room_check_ins,
       day_start_minutes, day_end_minutes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) RETURNING id`,
    valuesArray(v),
  );
  return rows[0]!.id;
}

export async function updateSite(client: pg.PoolClient, id: number, v: SiteValues): Promise<boolean> {
  const res = await client.query(
    `UPDATE sites SET title = $2, address = $3, description = $4, post_code = $5, time_zone = $6, site_level_parking = $7,
       parking_spaces = $8, notes = $9, notification_email = $10, room_booking_enabled = $11, desk_booking_enabled = $12,
       work_week_only = $13, restrict_room_access = $14, restrict_desk_access = $15, room_check_ins = $16,
       day_start_minutes = $17, day_end_minutes = $18
     WHERE id = $1 AND deleted_at IS NULL`,
    [id, ...valuesArray(v)],
  );
  return res.rowCount === 1;
}
