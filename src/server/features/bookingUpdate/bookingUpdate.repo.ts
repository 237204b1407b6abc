import type pg from 'pg';
import type { Booking } from '../../../domain/wire/bookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import type { Db } from '../orgAccess/orgAccess.repo.js';

export interface SavedBooking {
  id: number; roomId: number | null; isDesk: boolean; status: number; bookedByUserId: number; bookerEmail: string;
  onBehalfOfEmail: string; description: string; start: Date; finish: Date;
  /** The row version (xmin) as read: the update applies only to this version. */
  version: string;
}

export async function findBooking(db: Db, id: number): Promise<SavedBooking | undefined> {
  const { rows } = await db.query(
    `SELECT b.id, b.room_id, b.desk_id IS NOT NULL AS is_desk, b.status, b.booked_by_user_id, u.email AS booker_email,
       b.on_behalf_of_email, b.description, b.starts_at, b.finishes_at, b.xmin::text AS version
     FROM bookings b JOIN users u ON u.id = b.booked_by_user_id WHERE b.id = $1`, [id]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id), roomId: r.room_id, isDesk: r.is_desk, status: r.status, bookedByUserId: r.booked_by_user_id,
    bookerEmail: r.booker_email, onBehalfOfEmail: r.on_behalf_of_email, description: r.description,
    start: r.starts_at, finish: r.finishes_at, version: r.version,
  };
}

export interface RoomBookingChange {
  id: number; expectedVersion: string;
  siteId: number; locationId: number; roomId: number; start: Date; finish: Date; description: string;
  onBehalfOfEmail: string; holderKey: string; status: number; now: Date;
}

/**
 * Writes the change only if the booking is still as it was read (optimistic: no connection is held
 * while the rules run). undefined: someone changed or cancelled it meanwhile. The exclusion
 * constraint still refuses a clash (409), and the place trigger a deleted room.
 */
export async function updateRoomBooking(client: pg.PoolClient, c: RoomBookingChange): Promise<Booking | undefined> {
  const { rows } = await client.query<BookingRow>(
    `WITH b AS (
       UPDATE bookings SET site_id = $3, location_id = $4, room_id = $5, starts_at = $6, finishes_at = $7, description = $8,
         on_behalf_of_email = $9, holder_key = $10, status = $11, updated_at = $12
       WHERE id = $1 AND status IN (0, 1) AND xmin = $2::text::xid RETURNING *)
     SELECT ${BOOKING_COLUMNS} FROM b ${BOOKING_JOINS}`,
    [c.id, c.expectedVersion, c.siteId, c.locationId, c.roomId, c.start, c.finish, c.description,
      c.onBehalfOfEmail, c.holderKey, c.status, c.now]);
  return rows[0] ? toBooking(rows[0]) : undefined;
}
