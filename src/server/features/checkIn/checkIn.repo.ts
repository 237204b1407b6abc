import type pg from 'pg';
import { canCheckIn, checkInWindow, resolveRoomCheckIns } from '../../../domain/checkIn.js';
import { isBookingStatus } from '../../../domain/bookingStatus.js';
import { ACCESS_TYPE } from '../../../domain/orgAccess.js';
import type { CheckInMeeting, CheckInPageMeeting, CheckInRoomDetails } from '../../../domain/wire/myBookings.js';
import { BOOKING_COLUMNS, BOOKING_JOINS, toBooking, type BookingRow } from '../bookings/bookingPresenter.js';
import { roomAdminSql } from '../orgAccess/orgAccess.repo.js';

type Db = pg.Pool | pg.PoolClient;

/** A booking with its check-in time: what the check-in page and the Reception View show. */
export const MEETING_COLUMNS = `${BOOKING_COLUMNS}, b.checked_in_at`;
export interface MeetingRow extends BookingRow { checked_in_at: Date | null }

/**
 * The meeting with its check-in state, whole: for the Reception View (admins and the site's
 * site-level admins). The check-in page uses toCheckInPageMeeting.
 */
export function toCheckInMeeting(r: MeetingRow, now: Date, anonymous: boolean): CheckInMeeting {
  const booking = toBooking(r);
  const meeting: CheckInMeeting = { ...booking, ...checkInState(r, now) };
  if (!anonymous) return meeting;
  return {
    ...meeting, Description: '', OnBehalfOfEmail: '', BookedByUserId: 0, BookedByUserName: '', CancellationReason: '',
    CancelledByUserName: null, CheckedInByUserId: null, CheckedInByUserName: null,
  };
}

function checkInState(r: MeetingRow, now: Date) {
  const { opens, closes } = checkInWindow(r.starts_at);
  const checkedIn = r.checked_in_at !== null;
  return {
    CheckedIn: checkedIn,
    CheckedInAt: r.checked_in_at?.toISOString() ?? null,
    CheckInOpens: opens.toISOString(),
    CheckInCloses: closes.toISOString(),
    CanCheckIn: isBookingStatus(r.status) && r.room_id !== null && canCheckIn({ status: r.status, start: r.starts_at, checkedIn }, now),
  };
}

/**
 * The meeting as the check-in page shows it (issue 18). `yours`: the signed-in caller is one of the
 * meeting's people or administers its room, and sees what it is and who is in it. Everyone else
 * (signed out, or signed in with nothing to do with the meeting) sees times, status and check-in
 * state, and the description only when the room shows descriptions (`publicDescriptions`).
 */
export function toCheckInPageMeeting(r: MeetingRow, now: Date, v: { yours: boolean; publicDescriptions: boolean }): CheckInPageMeeting {
  return {
    Id: r.id,
    Start: r.starts_at.toISOString(),
    Finish: r.finishes_at.toISOString(),
    Status: r.status,
    Description: v.yours || v.publicDescriptions ? r.description : '',
    BookedByUserName: v.yours ? r.booked_by_user_name : null,
    CheckedInByUserName: v.yours ? r.checked_in_by_name : null,
    ...checkInState(r, now),
    IsYours: v.yours,
  };
}

const ROOM_SQL = `
  SELECT r.id, l.site_id, r.location_id, r.name, r.room_type, r.capacity, r.equipment, r.notes, s.title AS site_name,
    l.title AS location_name, l.building_name_no, s.time_zone, r.room_check_ins, l.room_check_ins AS location_check_ins,
    s.room_check_ins AS site_check_ins,
    (r.check_in_shows_descriptions AND r.room_type = 0 AND NOT r.restrict_room_access) AS public_descriptions
  FROM rooms r
  JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
  JOIN sites s ON s.id = l.site_id AND s.deleted_at IS NULL
  WHERE r.id = $1 AND r.deleted_at IS NULL`;

/**
 * A live room's public details (no access lists), and whether its meetings' descriptions are shown
 * to everyone (the room setting, never for clinical or restricted rooms), or undefined.
 */
export async function roomDetails(db: Db, roomId: number): Promise<{ details: CheckInRoomDetails; publicDescriptions: boolean } | undefined> {
  const { rows } = await db.query(ROOM_SQL, [roomId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    details: {
      Id: r.id, SiteId: r.site_id, LocationId: r.location_id, Name: r.name, RoomType: r.room_type, Capacity: r.capacity,
      Equipment: r.equipment, Notes: r.notes, SiteName: r.site_name, LocationName: r.location_name, BuildingNameNo: r.building_name_no,
      TimeZone: r.time_zone, RoomCheckIns: resolveRoomCheckIns(r.room_check_ins, r.location_check_ins, r.site_check_ins),
    },
    publicDescriptions: r.public_descriptions === true,
  };
}

/**
 * Of these bookings, the ones the person belongs to or administers: their booker, the person they
 * were booked for (e-mail, any case), a room admin of their room (room or location list, directly or
 * through a team) or a site-level admin of their site (its resource admins). Admins are decided by
 * the caller (a role, not a list).
 */
export async function meetingsOfPerson(db: Db, bookingIds: readonly number[], person: { id: number; email: string }): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: number }>(
    `SELECT b.id FROM bookings b JOIN rooms r ON r.id = b.room_id
     WHERE b.id = ANY ($1::bigint[])
       AND (b.booked_by_user_id = $2 OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($3))
         OR ${roomAdminSql('r', '$2')} OR access_listed('site', b.site_id, '{${ACCESS_TYPE.ResourceAdmin}}'::smallint[], $2))`,
    [bookingIds, person.id, person.email],
  );
  return new Set(rows.map((x) => Number(x.id)));
}

/**
 * Is this e-mail (any case) the booker's or the person's the room booking was made for? Hotdesk
 * knows no other attendees. False for a booking that does not exist or is not a room booking.
 */
export async function isMeetingsEmail(db: Db, bookingId: number, email: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM bookings b JOIN users bu ON bu.id = b.booked_by_user_id
     WHERE b.id = $1 AND b.room_id IS NOT NULL
       AND (lower(bu.email) = lower($2) OR (b.on_behalf_of_email <> '' AND lower(b.on_behalf_of_email) = lower($2)))`,
    [bookingId, email],
  );
  return rows.length > 0;
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
