import type pg from 'pg';

/** A live room (not deleted), with what its feed needs to know of its place. */
export interface FeedRoom { roomId: number; roomName: string; locationId: number; siteId: number; timeZone: string }

const ROOM_COLUMNS = `r.id AS "roomId", r.name AS "roomName", r.location_id AS "locationId", l.site_id AS "siteId", s.time_zone AS "timeZone"`;
const ROOM_JOINS = 'JOIN locations l ON l.id = r.location_id JOIN sites s ON s.id = l.site_id';

export async function liveRoom(db: pg.Pool, roomId: number): Promise<FeedRoom | undefined> {
  const { rows } = await db.query<FeedRoom>(`SELECT ${ROOM_COLUMNS} FROM rooms r ${ROOM_JOINS} WHERE r.id = $1 AND r.deleted_at IS NULL`, [roomId]);
  return rows[0];
}

/** The room whose feed secret hashes to `hash`: one lookup through the unique index. */
export async function roomOfFeed(db: pg.Pool, hash: string): Promise<FeedRoom | undefined> {
  const { rows } = await db.query<FeedRoom>({
    name: 'room_of_free_busy_feed',
    text: `SELECT ${ROOM_COLUMNS} FROM room_free_busy_feeds f JOIN rooms r ON r.id = f.room_id ${ROOM_JOINS}
           WHERE f.token_hash = $1 AND r.deleted_at IS NULL`,
    values: [hash],
  });
  return rows[0];
}

export async function feedMadeAt(db: pg.Pool, roomId: number): Promise<Date | undefined> {
  const { rows } = await db.query<{ created_at: Date }>('SELECT created_at FROM room_free_busy_feeds WHERE room_id = $1', [roomId]);
  return rows[0]?.created_at;
}

/** Turns the feed on or rotates it: the new hash replaces the old one in the same statement. */
export async function saveFeedHash(db: pg.Pool, roomId: number, hash: string, userId: number, now: Date): Promise<Date> {
  const { rows } = await db.query<{ created_at: Date }>(
    `INSERT INTO room_free_busy_feeds (room_id, token_hash, created_at, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (room_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at, created_by = EXCLUDED.created_by
     RETURNING created_at`, [roomId, hash, now, userId]);
  return rows[0]!.created_at;
}

export async function deleteFeed(db: pg.Pool, roomId: number): Promise<void> {
  await db.query('DELETE FROM room_free_busy_feeds WHERE room_id = $1', [roomId]);
}

/** A booking as the feed shows it: when, whether pending, and its change counter. Nothing about people. */
export interface BusyBooking { id: number; start: Date; finish: Date; pending: boolean; sequence: number }

/**
 * The room's active bookings (Pending 0, Approved 1; a checked-in booking is Approved) that overlap
 * [from, to): found through the room_not_double_booked exclusion index (room_id, during).
 */
export async function busyBookings(db: pg.Pool, roomId: number, from: Date, to: Date): Promise<BusyBooking[]> {
  // Instants as epoch milliseconds: a year of bookings is thousands of rows, and a float parses in a
  // fraction of the time a timestamptz text does.
  const { rows } = await db.query<{ id: string; s: number; f: number; status: number; ics_sequence: number }>({
    name: 'room_free_busy_bookings',
    text: `SELECT id, extract(epoch FROM starts_at)::float8 * 1000 AS s, extract(epoch FROM finishes_at)::float8 * 1000 AS f, status, ics_sequence
           FROM bookings
           WHERE room_id = $1 AND status IN (0, 1) AND during && tstzrange($2, $3, '[)')
           ORDER BY starts_at, id`,
    values: [roomId, from, to],
  });
  return rows.map((r) => ({ id: Number(r.id), start: new Date(r.s), finish: new Date(r.f), pending: r.status === 0, sequence: r.ics_sequence }));
}

/** One closure occurrence: a yearly closure has one per year, numbered by `year` (0 for a one-off). */
export interface ClosedSpan { closureId: number; year: number; start: Date; finish: Date }

/**
 * Closures of the room, its location or its whole site that overlap [from, to). A yearly closure is
 * repeated on the site's wall clock from its first year on, as closure_end_over (migration 0021) does
 * for the booking check, but every occurrence in the range is returned, not only the first.
 */
export async function closedSpans(db: pg.Pool, room: FeedRoom, from: Date, to: Date): Promise<ClosedSpan[]> {
  const { rows } = await db.query<{ id: string; k: number; starts_at: Date; ends_at: Date }>({
    name: 'room_free_busy_closures',
    text: `SELECT c.id, x.k, lower(x.o) AS starts_at, upper(x.o) AS ends_at
           FROM closures c CROSS JOIN LATERAL (
             SELECT 0 AS k, c.during AS o WHERE NOT c.repeats_yearly
             UNION ALL
             SELECT k, tstzrange(((c.starts_at AT TIME ZONE $4) + make_interval(years => k)) AT TIME ZONE $4,
                                 ((c.ends_at AT TIME ZONE $4) + make_interval(years => k)) AT TIME ZONE $4, '[)')
             FROM generate_series(
               greatest(0, extract(year FROM $5::timestamptz AT TIME ZONE $4)::int - extract(year FROM c.starts_at AT TIME ZONE $4)::int - 1),
               extract(year FROM $6::timestamptz AT TIME ZONE $4)::int - extract(year FROM c.starts_at AT TIME ZONE $4)::int) AS k
             WHERE c.repeats_yearly
           ) x
           WHERE c.site_id = $1 AND (c.repeats_yearly OR c.during && tstzrange($5, $6, '[)'))
             AND x.o && tstzrange($5, $6, '[)')
             AND closure_names_place(c, $2, $3, NULL, NULL)
           ORDER BY lower(x.o), c.id`,
    values: [room.siteId, room.locationId, room.roomId, room.timeZone, from, to],
  });
  return rows.map((r) => ({ closureId: Number(r.id), year: r.k, start: r.starts_at, finish: r.ends_at }));
}
