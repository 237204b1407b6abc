import type pg from 'pg';

/**
 * Booking rows written straight into the database for the API tests of issue 5 (My Bookings,
 * cancelling, check-in, no-show, Reception View): the booking APIs are other features', and these
 * tests need bookings in the past, in every status and checked in or not.
 */
export interface BookingSpec {
  siteId: number; locationId: number; userId: number; start: Date; finish: Date;
  roomId?: number; floorplanId?: number; deskId?: string; status?: number; description?: string; onBehalfOf?: string;
  holderKey?: string; checkedInAt?: Date; checkedInByName?: string;
}

export async function insertBooking(pool: pg.Pool, b: BookingSpec): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO bookings (site_id, location_id, room_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id,
       holder_key, status, description, on_behalf_of_email, checked_in_at, checked_in_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, (SELECT lower(email) FROM users WHERE id = $9)), $11, $12, $13, $14, $15)
     RETURNING id`,
    [b.siteId, b.locationId, b.roomId ?? null, b.floorplanId ?? null, b.deskId ?? null, b.deskId ? `Desk ${b.deskId}` : null,
      b.start, b.finish, b.userId, b.holderKey ?? (b.onBehalfOf ? b.onBehalfOf.toLowerCase() : null), b.status ?? 1,
      b.description ?? 'Team meeting', b.onBehalfOf ?? '', b.checkedInAt ?? null, b.checkedInByName ?? null],
  );
  return Number(rows[0]!.id);
}

export const minutes = (base: Date, m: number) => new Date(base.getTime() + m * 60_000);
