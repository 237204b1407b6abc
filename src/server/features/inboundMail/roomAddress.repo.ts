import type pg from 'pg';

type Db = Pick<pg.Pool | pg.PoolClient, 'query'>;

/**
 * Rooms' booking addresses (rooms.booking_address, migration 0026). A room without one set by an
 * admin has the address the pattern derives from its name's slug (INBOUND_ROOM_ADDRESS_PATTERN,
 * room-{slug}@book.example.org: "Severn Room" → room-severn-room@...). The slug is computed the same
 * way here in SQL and in roomSlug below.
 */
const SLUG_SQL = `trim(both '-' from regexp_replace(lower(r.name), '[^a-z0-9]+', '-', 'g'))`;

export const roomSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** The slug an address holds under the pattern, or undefined when it does not fit the pattern. */
export function slugFromAddress(pattern: string | undefined, address: string): string | undefined {
  if (!pattern) return undefined;
  const [before = '', after = ''] = pattern.split('{slug}');
  const a = address.toLowerCase();
  if (a.length <= before.length + after.length || !a.startsWith(before) || !a.endsWith(after)) return undefined;
  const slug = a.slice(before.length, a.length - after.length);
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) ? slug : undefined;
}

export interface AddressedRoom { roomId: number; name: string; address: string; timeZone: string }

/**
 * The live room an address belongs to: the room that has it set, else the one room without an
 * address of its own whose slug it holds. undefined when none (or, for a slug, several) match.
 */
export async function roomForAddress(db: Db, pattern: string | undefined, address: string): Promise<AddressedRoom | undefined> {
  const slug = slugFromAddress(pattern, address) ?? null;
  const { rows } = await db.query<{ id: number; name: string; time_zone: string; explicit: boolean }>(
    `SELECT r.id, r.name, s.time_zone, r.booking_address IS NOT NULL AS explicit
     FROM rooms r JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id
     WHERE r.deleted_at IS NULL AND l.deleted_at IS NULL AND s.deleted_at IS NULL
       AND (r.booking_address = lower($1) OR ($2::text IS NOT NULL AND r.booking_address IS NULL AND ${SLUG_SQL} = $2))
     ORDER BY explicit DESC LIMIT 2`, [address, slug]);
  const [first, second] = rows;
  if (!first || (!first.explicit && second)) return undefined;
  return { roomId: first.id, name: first.name, address: address.toLowerCase(), timeZone: first.time_zone };
}

/** The address set on a room (null: none) and whether the room is live. */
export async function roomBookingAddress(db: Db, roomId: number): Promise<{ name: string; address: string | null } | undefined> {
  const { rows } = await db.query<{ name: string; booking_address: string | null }>(
    'SELECT name, booking_address FROM rooms WHERE id = $1 AND deleted_at IS NULL', [roomId]);
  return rows[0] ? { name: rows[0].name, address: rows[0].booking_address } : undefined;
}

/** Sets (or with null clears) a room's address; a duplicate fails with rooms_booking_address (23505). */
export async function setRoomBookingAddress(db: Db, roomId: number, address: string | null): Promise<boolean> {
  return ((await db.query('UPDATE rooms SET booking_address = $2 WHERE id = $1 AND deleted_at IS NULL', [roomId, address])).rowCount ?? 0) === 1;
}

/** Another live room already answers to this address under the pattern (its derived address). */
export async function addressDerivedByOther(db: Db, pattern: string | undefined, address: string, roomId: number): Promise<boolean> {
  const slug = slugFromAddress(pattern, address);
  if (!slug) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM rooms r WHERE r.deleted_at IS NULL AND r.id <> $1 AND r.booking_address IS NULL AND ${SLUG_SQL} = $2 LIMIT 1`, [roomId, slug]);
  return rows.length > 0;
}
