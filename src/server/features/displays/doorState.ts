import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { canCheckIn, checkInWindow } from '../../../domain/checkIn.js';
import { fromWallClock, toWallClock } from '../../../domain/wallClock.js';
import { BOOK_NOW_MINUTES, type DoorMeeting, type DoorState } from '../../../domain/wire/displays.js';
import type { CheckInRoomDetails } from '../../../domain/wire/myBookings.js';

/**
 * The default auto-dim hours of door displays, on the site's clock: 20:00 to 07:00. A site may set its
 * own or turn dimming off (migration 0035, dimHours.ts); the door state carries the site's.
 */
export const DIM_FROM = '20:00';
export const DIM_TO = '07:00';
/** Shorter than this to the next meeting, Book now is not offered (a booking nobody could use). */
export const SHORTEST_BOOK_NOW_MINUTES = 5;
/** The list of the rest of today is cut here, so the screen never scrolls. */
export const LATER_LIMIT = 12;

export interface DoorRow {
  id: number; starts_at: Date; finishes_at: Date; status: number; description: string; checked_in_at: Date | null; by_display: boolean;
}

/** The room's Pending and Approved bookings not yet over that start before the end of today (or within the next hour). */
export async function doorRows(db: pg.Pool, roomId: number, now: Date, until: Date): Promise<DoorRow[]> {
  const { rows } = await db.query<DoorRow>(
    `SELECT b.id::int AS id, b.starts_at, b.finishes_at, b.status, b.description, b.checked_in_at,
       EXISTS (SELECT 1 FROM display_actions a WHERE a.booking_id = b.id AND a.action = 'booked') AS by_display
     FROM bookings b
     WHERE b.room_id = $1 AND b.status IN (${BOOKING_STATUS.Pending}, ${BOOKING_STATUS.Approved}) AND b.finishes_at > $2 AND b.starts_at < $3
     ORDER BY b.starts_at, b.id LIMIT ${LATER_LIMIT + 2}`,
    [roomId, now, until]);
  return rows;
}

const minuteFloor = (d: Date) => new Date(Math.floor(d.getTime() / 60_000) * 60_000);

/** Book now's start: this minute (room times are whole minutes, so it never overlaps a booking that just ended). */
export const bookNowStart = (now: Date): Date => minuteFloor(now);

/**
 * The choices of Book now while the room is free: each length that fits before the next meeting, and
 * the first that does not, cut at the next meeting's start (so "15 minutes" with 10 minutes left books
 * 10). None when less than SHORTEST_BOOK_NOW_MINUTES remain.
 */
export function bookNowChoices(now: Date, nextStart: Date | undefined): { Minutes: number; Finish: Date }[] {
  const start = bookNowStart(now);
  const out: { Minutes: number; Finish: Date }[] = [];
  for (const minutes of BOOK_NOW_MINUTES) {
    const full = new Date(start.getTime() + minutes * 60_000);
    if (!nextStart || full <= nextStart) { out.push({ Minutes: minutes, Finish: full }); continue; }
    if (nextStart.getTime() - now.getTime() >= SHORTEST_BOOK_NOW_MINUTES * 60_000) out.push({ Minutes: minutes, Finish: nextStart });
    break;
  }
  return out;
}

/** End now's finish: the start of this minute (room times are whole minutes, so Book now may follow at once). */
export const endNowFinish = (now: Date): Date => minuteFloor(now);

/** Where "today" ends on the site's clock. */
export const endOfToday = (now: Date, timeZone: string): Date => fromWallClock(toWallClock(now, timeZone).date, 24 * 60, timeZone);

function meeting(r: DoorRow, now: Date, showTitles: boolean): DoorMeeting {
  const { opens, closes } = checkInWindow(r.starts_at);
  const checkedIn = r.checked_in_at !== null;
  return {
    Id: r.id, Start: r.starts_at.toISOString(), Finish: r.finishes_at.toISOString(), Title: showTitles ? r.description : '',
    Status: r.status, CheckedIn: checkedIn,
    CanCheckIn: r.status === BOOKING_STATUS.Approved && canCheckIn({ status: BOOKING_STATUS.Approved, start: r.starts_at, checkedIn }, now),
    CheckInOpens: opens.toISOString(), CheckInCloses: closes.toISOString(), ByDisplay: r.by_display,
  };
}

/**
 * What the door shows. `showTitles`: the room shows meeting titles publicly (its check-in page
 * setting; never for clinical or restricted rooms). `bookNowRefusal`: why this room cannot be booked
 * by a display at all ('' when it can).
 */
export function doorState(
  room: CheckInRoomDetails, rows: DoorRow[], now: Date,
  o: { showTitles: boolean; bookNowRefusal: string; closedReason?: string | null; dim?: { from: string; to: string } },
): DoorState {
  const closedReason = o.closedReason ?? null;
  // A closure cancels the meetings it covers; a room closed now is never offered for booking.
  const current = closedReason === null ? rows.find((r) => r.starts_at <= now && r.finishes_at > now) : undefined;
  const later = rows.filter((r) => r !== current && r.starts_at > now);
  const todayEnds = endOfToday(now, room.TimeZone);
  const next = later[0]?.starts_at;
  const choices = current || o.bookNowRefusal || closedReason !== null ? [] : bookNowChoices(now, next);
  return {
    Room: {
      Id: room.Id, Name: room.Name, SiteName: room.SiteName, LocationName: room.LocationName, Capacity: room.Capacity,
      TimeZone: room.TimeZone, CheckInsRequired: room.RoomCheckIns,
    },
    Now: now.toISOString(),
    Busy: current !== undefined,
    ClosedReason: closedReason,
    Current: current ? meeting(current, now, o.showTitles) : null,
    Later: later.filter((r) => r.starts_at < todayEnds).slice(0, LATER_LIMIT).map((r) => meeting(r, now, o.showTitles)),
    BookNow: choices.map((c) => ({ Minutes: c.Minutes, Finish: c.Finish.toISOString() })),
    BookNowRefusal: current ? ''
      : closedReason !== null ? `The room is closed: ${closedReason}`
      : o.bookNowRefusal || (choices.length === 0 ? 'The next meeting starts in a few minutes.' : ''),
    CanEnd: current !== undefined && current.status === BOOKING_STATUS.Approved,
    DimFrom: o.dim?.from ?? DIM_FROM,
    DimTo: o.dim?.to ?? DIM_TO,
  };
}
