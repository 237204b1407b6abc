import type pg from 'pg';

/** Booking rows written straight into the table, for search and report tests (known data, any status). */
let holderSeq = 0;

export async function insertRoom(pool: pg.Pool, locationId: number, name: string, roomType: 0 | 1 = 0): Promise<number> {
  return (await pool.query<{ id: number }>('INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, $2, $3, 6) RETURNING id', [locationId, name, roomType])).rows[0]!.id;
}

export interface RowSpec {
  siteId: number; locationId: number; userId: number; start: string; finish: string; status?: number;
  floorplanId?: number; deskId?: string; deskName?: string; roomId?: number; holder?: string; onBehalfOf?: string;
}

export async function insertBooking(pool: pg.Pool, b: RowSpec): Promise<number> {
  const holder = b.holder ?? `holder-${++holderSeq}@example.org`;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO bookings (site_id, location_id, room_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at,
       booked_by_user_id, holder_key, on_behalf_of_email, status, description)
     VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, $8, $9, lower($10), $11, $12, 'Test') RETURNING id`,
    [b.siteId, b.locationId, b.roomId ?? null, b.floorplanId ?? null, b.deskId ?? null, b.deskId ? (b.deskName ?? `Desk ${b.deskId}`) : null,
      b.start, b.finish, b.userId, holder, b.onBehalfOf ?? '', b.status ?? 1],
  );
  return rows[0]!.id;
}
