import type pg from 'pg';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import type { BookingConstraint } from '../../../domain/advanceLimit.js';
import { roomAdminSql, roomChoiceSql, type Db } from '../orgAccess/orgAccess.repo.js';
import type { CatalogueRoom } from './roomCatalogue.js';

/** Everything a room booking decision needs about the room and the caller (roomContext in the service). */
export interface RoomContext {
  roomId: number; roomName: string; locationId: number; siteId: number; timeZone: string;
  hidden: boolean; disabled: boolean; restricted: boolean;
  siteRoomBooking: boolean; maintenance: boolean; globalRoomBooking: boolean;
  isRoomAdmin: boolean;
  /** Site and location room restrictions let the caller choose rooms here. */
  mayChoose: boolean;
  /** The room's advance-limit constraint (room, else location, else site, else global). */
  constraint: BookingConstraint | null;
  room: CatalogueRoom;
  /** Someone is listed as room admin of the room or its location (a request may have approvers to tell). */
  hasRoomAdmins: boolean;
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
