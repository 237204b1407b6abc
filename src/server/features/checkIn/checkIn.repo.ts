import type pg from 'pg';
import { canCheckIn, checkInWindow, resolveRoomCheckIns } from '../../../domain/checkIn.js';
import { isBookingStatus } from '../../../domain/bookingStatus.js';
import type { CheckInMeeting, CheckInRoomDetails } from '../../../domain/wire/myBookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';

type Db = pg.Pool | pg.PoolClient;

/** A booking with its check-in time: what the check-in page and the Reception View show. */
export const MEETING_COLUMNS = `${BOOKING_COLUMNS}, b.checked_in_at`;
export interface MeetingRow extends BookingRow { checked_in_at: Date | null }

/**
 * The meeting as the caller may see it. Anonymous visitors (the QR code on the door) see when and
 * what, and whether someone checked in, but no e-mail address and no person's name or id.
 */
export function toCheckInMeeting(r: MeetingRow, now: Date, anonymous: boolean): CheckInMeeting {
  const booking = toBooking(r);
  const { opens, closes } = checkInWindow(r.starts_at);
  const checkedIn = r.checked_in_at !== null;
  const meeting: CheckInMeeting = {
    ...booking,
    CheckedIn: checkedIn,
    CheckedInAt: r.checked_in_at?.toISOString() ?? null,
    CheckInOpens: opens.toISOString(),
    CheckInCloses: closes.toISOString(),
    CanCheckIn: isBookingStatus(r.status) && r.room_id !== null && canCheckIn({ status: r.status, start: r.starts_at, checkedIn }, now),
  };
  if (!anonymous) return meeting;
  return {
    ...meeting, OnBehalfOfEmail: '', BookedByUserId: 0, BookedByUserName: '', CancelledByUserName: null,
    CheckedInByUserId: null, CheckedInByUserName: null,
  };
}

const ROOM_SQL = `
  SELECT r.id, l.site_id, r.location_id, r.name, r.room_type, r.capacity, r.equipment, r.notes, s.title AS site_name,
    l.title AS location_name, l.building_name_no, s.time_zone, r.room_check_ins, l.room_check_ins AS location_check_ins,
    s.room_check_ins AS site_check_ins
  FROM rooms r
  JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
  JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
  WHERE r.id = $1 AND r.deleted_at IS NULL`;

/** A live room's public details (no access lists), or undefined. */
export async function roomDetails(db: Db, roomId: number): Promise<CheckInRoomDetails | undefined> {
  const { rows } = await db.query(ROOM_SQL, [roomId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    Id: r.id, SiteId: r.site_id, LocationId: r.location_id, Name: r.name, RoomType: r.room_type, Capacity: r.capacity,
    Equipment: r.equipment, Notes: r.notes, SiteName: r.site_name, LocationName: r.location_name, BuildingNameNo: r.building_name_no,
    TimeZone: r.time_zone, RoomCheckIns: resolveRoomCheckIns(r.room_check_ins, r.location_check_ins, r.site_check_ins),
  };
}

/**
 * The room's upcoming meeting: the first Pending or Approved booking whose check-in window has not
 * closed yet (start + 15 min >= now), so a meeting stays "upcoming" while it can still be checked in
 * to. The previous meeting: the latest Approved or auto-cancelled one whose window has closed.
 */
export async function roomMeetings(db: Db, roomId: number, now: Date): Promise<{ upcoming?: MeetingRow; previous?: MeetingRow }> {
  const [up, prev] = await Promise.all([
    db.query<MeetingRow>(
      `SELECT ${MEETING_COLUMNS} FROM bookings b ${BOOKING_JOINS}
       WHERE b.room_id = $1 AND b.status IN (0, 1) AND b.starts_at >= $2::timestamptz - interval '15 minutes'
       ORDER BY b.starts_at, b.id LIMIT 1`, [roomId, now]),
    db.query<MeetingRow>(
      `SELECT ${MEETING_COLUMNS} FROM bookings b ${BOOKING_JOINS}
       WHERE b.room_id = $1 AND b.status IN (1, 4) AND b.starts_at < $2::timestamptz - interval '15 minutes'
       ORDER BY b.starts_at DESC, b.id DESC LIMIT 1`, [roomId, now]),
  ]);
  return { upcoming: up.rows[0], previous: prev.rows[0] };
}

export async function findMeeting(db: Db, bookingId: number): Promise<MeetingRow | undefined> {
  const { rows } = await db.query<MeetingRow>(`SELECT ${MEETING_COLUMNS} FROM bookings b ${BOOKING_JOINS} WHERE b.id = $1`, [bookingId]);
  return rows[0];
}

/**
 * Records the check-in in one conditional statement: only an Approved room booking, not yet checked
 * in, inside its window. Two check-ins at once: one changes the row, the other finds nothing to change.
 */
export async function recordCheckIn(db: Db, c: { bookingId: number; userId: number | null; name: string; at: Date }): Promise<MeetingRow | undefined> {
  const { rows } = await db.query<MeetingRow>(
    `WITH b AS (
       UPDATE bookings SET checked_in_by_user_id = $2, checked_in_by_name = $3, checked_in_at = $4, updated_at = $4
       WHERE id = $1 AND room_id IS NOT NULL AND status = 1 AND checked_in_at IS NULL
         AND $4::timestamptz BETWEEN starts_at - interval '15 minutes' AND starts_at + interval '15 minutes'
       RETURNING *)
     SELECT ${MEETING_COLUMNS} FROM b ${BOOKING_JOINS}`,
    [c.bookingId, c.userId, c.name, c.at],
  );
  return rows[0];
}
