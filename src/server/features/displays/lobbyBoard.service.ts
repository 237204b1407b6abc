import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { LobbyBoard, LobbyFloor, LobbyMeeting, LobbyRoom } from '../../../domain/wire/lobbyBoard.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { closedDeskKey, closedPlacesAt, floorClosedReason, roomClosedReason } from '../closures/closedPlacesAt.js';
import { publishedDesks } from '../deskBooking/publishedDesks.js';
import { hhmm } from '../../../domain/wire/displayDim.js';
import { siteDisplayDim } from './dimHours.js';
import { endOfToday } from './doorState.js';
import { boardFloors, boardMeetings, boardPlan, boardRooms, boardSite, takenDesks, type BoardMeetingRow, type BoardRoom } from './lobbyBoard.repo.js';

const meeting = (r: BoardMeetingRow, showTitle: boolean): LobbyMeeting => ({
  Start: r.starts_at.toISOString(), Finish: r.finishes_at.toISOString(), Title: showTitle ? r.description : '', Status: r.status,
});

/**
 * A room's state now and its next meeting today, from its first meetings not yet over (as the door display
 * decides). A closure covering now (the room's, its floor's or the site's) makes it 'closed': a closure
 * cancels the meetings it covers, and nobody may book it, so it is not free whatever the calendar says.
 */
export function lobbyRoom(room: BoardRoom, rows: BoardMeetingRow[], now: Date, todayEnds: Date, closedReason: string | null = null): LobbyRoom {
  const current = closedReason === null ? rows.find((r) => r.starts_at <= now && r.finishes_at > now) : undefined;
  const next = rows.find((r) => r !== current && r.starts_at > now && r.starts_at < todayEnds);
  return {
    Id: room.id, Name: room.name, LocationName: room.location_name, Capacity: room.capacity,
    State: closedReason !== null ? 'closed' : !current ? 'free' : current.status === BOOKING_STATUS.Pending ? 'pending' : 'busy',
    ClosedReason: closedReason,
    Current: current ? meeting(current, room.public_descriptions) : null,
    Next: next ? meeting(next, room.public_descriptions) : null,
  };
}

/** GET /api/display/sites/{siteId}: the whole board of the board's own site (404 when the site has gone). */
export async function lobbyBoardOf(deps: AppDeps, siteId: number): Promise<LobbyBoard> {
  const site = await boardSite(deps.pool, siteId);
  if (!site) throw notFound('The site');
  const now = deps.now();
  const todayEnds = endOfToday(now, site.time_zone);
  // The site's auto-dim hours, as its door displays have them (equal bounds: dimming is off).
  const [rooms, floors, dim, closed] = await Promise.all([
    boardRooms(deps.pool, siteId), boardFloors(deps.pool, siteId), siteDisplayDim(deps, siteId), closedPlacesAt(deps.pool, siteId, now),
  ]);
  const [meetings, taken] = await Promise.all([
    boardMeetings(deps.pool, rooms.map((r) => r.id), now, todayEnds),
    takenDesks(deps.pool, floors.map((f) => f.id), now),
  ]);
  const byRoom = new Map<number, BoardMeetingRow[]>();
  for (const m of meetings) byRoom.set(m.room_id, [...(byRoom.get(m.room_id) ?? []), m]);

  const lobbyFloors: LobbyFloor[] = await Promise.all(floors.map(async (f) => {
    const [desks, plan] = await Promise.all([publishedDesks(deps.pool, f.layout_id, f.updated_at), boardPlan(deps.pool, f.layout_id, f.updated_at)]);
    const held = taken.get(f.id) ?? new Set<string>();
    const bookable = [...desks.values()].filter((d) => d.bookable);
    const floorClosed = floorClosedReason(closed, f.location_id);
    // A closure cancels the bookings it covers, so a closed desk is not also taken; closed wins if both.
    const closedNow = bookable.filter((d) => floorClosed !== null || closed.desks.has(closedDeskKey(f.id, d.id))).map((d) => d.id);
    const closedSet = new Set(closedNow);
    const takenNow = bookable.filter((d) => held.has(d.id) && !closedSet.has(d.id)).map((d) => d.id);
    return {
      FloorplanId: f.id, Name: f.name, LocationName: f.location_name,
      Desks: bookable.length, FreeDesks: bookable.length - takenNow.length - closedNow.length, ClosedReason: floorClosed,
      Plan: plan, Taken: takenNow, Closed: closedNow,
    };
  }));

  return {
    Site: { Id: site.id, Name: site.title, TimeZone: site.time_zone },
    Now: now.toISOString(),
    Rooms: rooms.map((r) => lobbyRoom(r, byRoom.get(r.id) ?? [], now, todayEnds, roomClosedReason(closed, { locationId: r.location_id, roomId: r.id }))),
    Floors: lobbyFloors,
    DimFrom: hhmm(dim.FromMinutes),
    DimTo: hhmm(dim.ToMinutes),
  };
}
