import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import type { LobbyBoard, LobbyFloor, LobbyMeeting, LobbyRoom } from '../../../domain/wire/lobbyBoard.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { publishedDesks } from '../deskBooking/publishedDesks.js';
import { hhmm } from '../../../domain/wire/displayDim.js';
import { siteDisplayDim } from './dimHours.js';
import { endOfToday } from './doorState.js';
import { boardFloors, boardMeetings, boardPlan, boardRooms, boardSite, takenDesks, type BoardMeetingRow, type BoardRoom } from './lobbyBoard.repo.js';

const meeting = (r: BoardMeetingRow, showTitle: boolean): LobbyMeeting => ({
  Start: r.starts_at.toISOString(), Finish: r.finishes_at.toISOString(), Title: showTitle ? r.description : '', Status: r.status,
});

/** A room's state now and its next meeting today, from its first meetings not yet over (as the door display decides). */
export function lobbyRoom(room: BoardRoom, rows: BoardMeetingRow[], now: Date, todayEnds: Date): LobbyRoom {
  const current = rows.find((r) => r.starts_at <= now && r.finishes_at > now);
  const next = rows.find((r) => r !== current && r.starts_at > now && r.starts_at < todayEnds);
  return {
    Id: room.id, Name: room.name, LocationName: room.location_name, Capacity: room.capacity,
    State: !current ? 'free' : current.status === BOOKING_STATUS.Pending ? 'pending' : 'busy',
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
  const [rooms, floors, dim] = await Promise.all([boardRooms(deps.pool, siteId), boardFloors(deps.pool, siteId), siteDisplayDim(deps, siteId)]);
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
    const takenNow = bookable.filter((d) => held.has(d.id)).map((d) => d.id);
    return {
      FloorplanId: f.id, Name: f.name, LocationName: f.location_name, Desks: bookable.length, FreeDesks: bookable.length - takenNow.length,
      Plan: plan, Taken: takenNow,
    };
  }));

  return {
    Site: { Id: site.id, Name: site.title, TimeZone: site.time_zone },
    Now: now.toISOString(),
    Rooms: rooms.map((r) => lobbyRoom(r, byRoom.get(r.id) ?? [], now, todayEnds)),
    Floors: lobbyFloors,
    DimFrom: hhmm(dim.FromMinutes),
    DimTo: hhmm(dim.ToMinutes),
  };
}
