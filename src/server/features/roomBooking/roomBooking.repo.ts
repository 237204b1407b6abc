import type pg from 'pg';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import { roomAdminSql, roomChoiceSql, type Db } from '../orgAccess/orgAccess.repo.js';

/** Everything a room booking decision needs about the room and the caller, in one round trip. */
export interface RoomContext {
  roomId: number; roomName: string; locationId: number; siteId: number; timeZone: string;
  hidden: boolean; disabled: boolean; restricted: boolean;
  siteRoomBooking: boolean; maintenance: boolean; globalRoomBooking: boolean;
  isRoomAdmin: boolean;
  /** Site and location room restrictions let the caller choose rooms here. */
  mayChoose: boolean;
}

const CONTEXT_SQL = `
  SELECT r.id AS room_id, r.name AS room_name, r.location_id, l.site_id, s.time_zone, r.hidden, r.disabled, r.restrict_room_access,
    s.room_booking_enabled AS site_room_booking, gs.maintenance_mode, gs.room_booking_enabled AS global_room_booking,
    ${roomAdminSql('r', '$2')} AS is_room_admin,
    ${roomChoiceSql('s', 'l', '$2', '$3')} AS may_choose
  FROM rooms r
  JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
  JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
  CROSS JOIN global_settings gs
  WHERE r.id = $1 AND r.deleted_at IS NULL`;

export async function loadRoomContext(db: Db, roomId: number, userId: number, bypass: boolean): Promise<RoomContext | undefined> {
  const { rows } = await db.query(CONTEXT_SQL, [roomId, userId, bypass]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    roomId: r.room_id, roomName: r.room_name, locationId: r.location_id, siteId: r.site_id, timeZone: r.time_zone,
    hidden: r.hidden, disabled: r.disabled, restricted: r.restrict_room_access,
    siteRoomBooking: r.site_room_booking, maintenance: r.maintenance_mode, globalRoomBooking: r.global_room_booking,
    isRoomAdmin: r.is_room_admin, mayChoose: r.may_choose,
  };
}

export interface NewRoomBooking {
  siteId: number; locationId: number; roomId: number; start: Date; finish: Date; description: string;
  onBehalfOfEmail: string; bookedByUserId: number; holderKey: string; status: number;
}

// One statement inserts and returns the presented booking; room_not_double_booked refuses overlaps.
const INSERT_SQL = `
  WITH b AS (
    INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, description, on_behalf_of_email,
      booked_by_user_id, holder_key, status)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
    RETURNING *)
  SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS}`;

export async function insertRoomBooking(client: pg.PoolClient, n: NewRoomBooking) {
  const { rows } = await client.query<BookingRow>(INSERT_SQL,
    [n.siteId, n.locationId, n.roomId, n.start, n.finish, n.description, n.onBehalfOfEmail, n.bookedByUserId, n.holderKey, n.status]);
  return toBooking(rows[0]!);
}

/**
 * Active (Pending, Approved) bookings of one room, or of the rooms of a site the caller may choose,
 * overlapping a range. `sees_all` says whether the caller may see the people of each booking
 * (their own, an admin's, a room admin's view); the service blanks e-mails otherwise.
 */
export async function activeRoomBookings(db: Db, q: { roomId: number | null; siteId: number | null; from: Date; to: Date; userId: number; email: string; admin: boolean; bypass: boolean }) {
  const { rows } = await db.query<BookingRow & { sees_all: boolean }>(
    `SELECT ${BOOKING_COLUMNS},
       ($6::boolean OR b.booked_by_user_id = $4 OR b.holder_key = lower($5) OR ${roomAdminSql('r', '$4')}) AS sees_all
     FROM bookings b ${BOOKING_JOINS}
     JOIN locations l ON l.id = b.location_id
     WHERE b.room_id IS NOT NULL AND b.status IN (0, 1) AND b.during && tstzrange($1, $2, '[)')
       AND ($3::int IS NULL OR b.room_id = $3)
       AND ($8::int IS NULL OR (b.site_id = $8 AND r.deleted_at IS NULL AND l.deleted_at IS NULL AND ${roomChoiceSql('s', 'l', '$4', '$7')}))
     ORDER BY b.starts_at, b.id`,
    [q.from, q.to, q.roomId, q.userId, q.email, q.admin, q.bypass, q.siteId]);
  return rows;
}
