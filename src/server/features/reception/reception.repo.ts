import type pg from 'pg';
import { resolveRoomCheckIns } from '../../../domain/checkIn.js';
import { BOOKING_JOINS } from '../bookings/bookingPresenter.js';
import { MEETING_COLUMNS, type MeetingRow } from '../checkIn/checkIn.repo.js';
import { roomAdminSql } from '../orgAccess/orgAccess.repo.js';

/** The live site and whether the person is its resource admin (site-level admin), directly or through a team. */
export async function siteForReception(db: pg.Pool, siteId: number, userId: number): Promise<{ title: string; time_zone: string; listed: boolean } | undefined> {
  const { rows } = await db.query(
    `SELECT s.title, s.time_zone, access_listed('site', s.id, '{0}'::smallint[], $2) AS listed
     FROM sites s WHERE s.id = $1 AND s.deleted_at IS NULL`, [siteId, userId]);
  return rows[0];
}

/** The site's live rooms, with whether the person ($2) is a room admin of each (room or location list, directly or via a team). */
export async function siteRooms(db: pg.Pool, siteId: number, userId: number) {
  const { rows } = await db.query(
    `SELECT r.id, r.name, r.location_id, l.title AS location_name, r.room_type, r.capacity,
       r.room_check_ins, l.room_check_ins AS location_check_ins, s.room_check_ins AS site_check_ins,
       ${roomAdminSql('r', '$2')} AS is_room_admin
     FROM rooms r JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
     JOIN sites s ON s.id = l.site_id
     WHERE l.site_id = $1 AND r.deleted_at IS NULL
     ORDER BY lower(l.title), lower(r.name), r.id`, [siteId, userId]);
  return rows.map((r) => ({
    Id: r.id, Name: r.name, LocationId: r.location_id, LocationName: r.location_name, RoomType: r.room_type, Capacity: r.capacity,
    RoomCheckIns: resolveRoomCheckIns(r.room_check_ins, r.location_check_ins, r.site_check_ins),
    IsRoomAdmin: r.is_room_admin === true,
  }));
}

/** Room bookings of the site overlapping [start, end): Pending, Approved and auto-cancelled ones. */
export async function siteRoomBookings(db: pg.Pool, siteId: number, start: Date, end: Date): Promise<MeetingRow[]> {
  const { rows } = await db.query<MeetingRow>(
    `SELECT ${MEETING_COLUMNS} FROM bookings b ${BOOKING_JOINS}
     WHERE b.site_id = $1 AND b.room_id IS NOT NULL AND b.status IN (0, 1, 4) AND b.during && tstzrange($2, $3, '[)')
     ORDER BY b.starts_at, b.id LIMIT 5000`, [siteId, start, end]);
  return rows;
}
