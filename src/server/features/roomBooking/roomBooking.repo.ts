import type pg from 'pg';
import type { AvailabilityItem } from '../../../domain/wire/roomBooking.js';
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
 * Rooms free for the whole range, in ONE query: live, visible, enabled rooms of the type at sites
 * with room booking on, that the caller may choose (site and location restrictions; restricted
 * ROOMS stay listed, since others may request them), with NOT EXISTS an active booking overlapping
 * the range (bookings_room_active_during, migration 0004, finds the overlapping bookings of the
 * range at once; the rooms are anti-joined to them).
 *
 * The caller's grants are read once (my_grants) rather than per room through access_listed():
 * over a thousand rooms the per-row lookups cost more than the search. The rules are those of
 * roomChoiceSql and roomAdminSql (orgAccess.repo.ts); the tests check they agree.
 */
export const AVAILABILITY_SQL = `
  WITH my_grants AS MATERIALIZED (
    SELECT g.scope, g.scope_id, g.access_type FROM access_grants g
    WHERE g.user_id = $4 OR g.team_id IN (SELECT tm.team_id FROM team_members tm WHERE tm.user_id = $4))
  SELECT r.id, r.location_id, r.name, r.capacity, r.equipment, r.disabled, r.hidden, l.site_id, s.title AS site_name,
    l.title AS location_name, r.restrict_room_access, s.time_zone,
    EXISTS (SELECT 1 FROM my_grants m WHERE m.access_type = 1
      AND ((m.scope = 'room' AND m.scope_id = r.id) OR (m.scope = 'location' AND m.scope_id = r.location_id))) AS is_room_admin
  FROM rooms r
  JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
  JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
  WHERE r.deleted_at IS NULL AND NOT r.hidden AND NOT r.disabled AND s.room_booking_enabled
    AND r.room_type = $3
    AND ($6::int IS NULL OR r.location_id = $6)
    AND ($7::int IS NULL OR l.site_id = $7)
    AND ($5::boolean OR (
      (NOT s.restrict_room_access OR EXISTS (SELECT 1 FROM my_grants m WHERE m.scope = 'site' AND m.scope_id = s.id AND m.access_type IN (0, 1)))
      AND (NOT l.restrict_room_access OR EXISTS (SELECT 1 FROM my_grants m WHERE m.scope = 'location' AND m.scope_id = l.id AND m.access_type = 1))))
    AND NOT EXISTS (SELECT 1 FROM bookings b
      WHERE b.room_id = r.id AND b.status IN (0, 1) AND b.during && tstzrange($1, $2, '[)'))
  ORDER BY lower(s.title), lower(l.title), lower(r.name), r.id`;

export async function availableRooms(db: Db, q: { from: Date; to: Date; roomType: number; userId: number; bypass: boolean; locationId: number | null; siteId: number | null }): Promise<AvailabilityItem[]> {
  const { rows } = await db.query(AVAILABILITY_SQL, [q.from, q.to, q.roomType, q.userId, q.bypass, q.locationId, q.siteId]);
  const start = q.from.toISOString(), finish = q.to.toISOString();
  return rows.map((r) => ({
    ID: r.id, LocationID: r.location_id, Name: r.name, Capacity: r.capacity, Equipment: r.equipment, Disabled: r.disabled,
    Hidden: r.hidden, Start: start, Finish: finish, SiteId: r.site_id, SiteName: r.site_name, LocationName: r.location_name,
    IsRestricted: r.restrict_room_access, IsRoomAdmin: r.is_room_admin, TimeZone: r.time_zone,
  }));
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
