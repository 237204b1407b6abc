import type pg from 'pg';
import { BOOKING_STATUS } from '../../../domain/bookingStatus.js';
import { ReadCache } from '../../db/readCache.js';

/** Reads of the lobby board (issue 24). Nothing here selects a name, an e-mail or a booker. */

export interface BoardSite { id: number; title: string; time_zone: string }
export interface BoardRoom { id: number; name: string; location_id: number; location_name: string; capacity: number; public_descriptions: boolean }
export interface BoardMeetingRow { room_id: number; starts_at: Date; finishes_at: Date; status: number; description: string }
export interface BoardFloorRow { id: number; name: string; location_id: number; location_name: string; layout_id: number; updated_at: Date }

export async function boardSite(db: pg.Pool, siteId: number): Promise<BoardSite | undefined> {
  const { rows } = await db.query<BoardSite>('SELECT id, title, time_zone FROM sites WHERE id = $1 AND deleted_at IS NULL', [siteId]);
  return rows[0];
}

/**
 * The site's live, enabled, listed rooms (not deleted, disabled or hidden), by floor then name.
 * `public_descriptions` is the door display's and the check-in page's rule (checkIn.repo.ts ROOM_SQL):
 * the room's setting, never for clinical or restricted rooms; lobbyBoard.test.ts checks they agree.
 */
export async function boardRooms(db: pg.Pool, siteId: number): Promise<BoardRoom[]> {
  const { rows } = await db.query<BoardRoom>(
    `SELECT r.id, r.name, l.id AS location_id, l.title AS location_name, r.capacity,
       (r.check_in_shows_descriptions AND r.room_type = 0 AND NOT r.restrict_room_access) AS public_descriptions
     FROM rooms r JOIN locations l ON l.id = r.location_id AND l.deleted_at IS NULL
     WHERE l.site_id = $1 AND r.deleted_at IS NULL AND NOT r.disabled AND NOT r.hidden
     ORDER BY l.title, r.name, r.id`, [siteId]);
  return rows;
}

/** Per room, its first three Pending or Approved meetings not yet over that start before `until` (the current one and the next). */
export async function boardMeetings(db: pg.Pool, roomIds: number[], now: Date, until: Date): Promise<BoardMeetingRow[]> {
  if (roomIds.length === 0) return [];
  const { rows } = await db.query<BoardMeetingRow>(
    `SELECT r.id AS room_id, b.starts_at, b.finishes_at, b.status, b.description
     FROM unnest($1::int[]) AS r(id)
     CROSS JOIN LATERAL (
       SELECT starts_at, finishes_at, status, description FROM bookings
       WHERE room_id = r.id AND status IN (${BOOKING_STATUS.Pending}, ${BOOKING_STATUS.Approved}) AND finishes_at > $2 AND starts_at < $3
       ORDER BY starts_at, id LIMIT 3) b`,
    [roomIds, now, until]);
  return rows;
}

/** The site's floorplans (of live locations) that have a published layout, with that layout. */
export async function boardFloors(db: pg.Pool, siteId: number): Promise<BoardFloorRow[]> {
  const { rows } = await db.query<BoardFloorRow>(
    `SELECT f.id, f.name, l.id AS location_id, l.title AS location_name, lay.id AS layout_id, lay.updated_at
     FROM floorplans f
     JOIN locations l ON l.id = f.location_id AND l.deleted_at IS NULL
     JOIN LATERAL (SELECT id, updated_at FROM layouts WHERE floorplan_id = f.id AND published ORDER BY id DESC LIMIT 1) lay ON true
     WHERE l.site_id = $1 AND f.deleted_at IS NULL
     ORDER BY l.title, f.name, f.id`, [siteId]);
  return rows;
}

/** Desks held now (Pending or Approved bookings whose time contains `now`), per floorplan. */
export async function takenDesks(db: pg.Pool, floorplanIds: number[], now: Date): Promise<Map<number, Set<string>>> {
  const taken = new Map<number, Set<string>>();
  if (floorplanIds.length === 0) return taken;
  const { rows } = await db.query<{ floorplan_id: number; desk_id: string }>(
    `SELECT DISTINCT floorplan_id, desk_id FROM bookings
     WHERE floorplan_id = ANY ($1::int[]) AND desk_id IS NOT NULL AND status IN (${BOOKING_STATUS.Pending}, ${BOOKING_STATUS.Approved})
       AND during @> $2::timestamptz`, [floorplanIds, now]);
  for (const r of rows) {
    let set = taken.get(r.floorplan_id);
    if (!set) taken.set(r.floorplan_id, set = new Set());
    set.add(r.desk_id);
  }
  return taken;
}

/**
 * The small map's plan: the layout's drawing with desks (no alias, teams or tags), walls, rooms, shapes
 * and doors; no free text and no underlay image (a board shows shapes and states, nothing anyone wrote).
 * Made once per layout version and kept (a big floor's drawing is a megabyte of JSON).
 */
const plans = new ReadCache<string>(50);

export function boardPlan(db: pg.Pool, layoutId: number, updatedAt: Date): Promise<string> {
  return plans.get(db, `${layoutId}@${updatedAt.getTime()}`, async () => {
    const { rows } = await db.query<{ json: string }>('SELECT json FROM layouts WHERE id = $1', [layoutId]);
    return reducedPlan(rows[0]?.json ?? '{}');
  });
}

type Raw = Record<string, unknown>;
const list = (v: unknown): Raw[] => (Array.isArray(v) ? (v as Raw[]) : []);

export function reducedPlan(json: string): string {
  const d = JSON.parse(json) as Raw;
  return JSON.stringify({
    desks: list(d['desks']).map((k) => ({
      x: k['x'], y: k['y'], rotation: k['rotation'], bookable: k['bookable'] === true, id: String(k['id']), alias: '', assignedTeams: [], tags: [],
    })),
    doors: list(d['doors']),
    text: [],
    floorplanRectangles: list(d['floorplanRectangles']),
    roomRectangles: list(d['roomRectangles']),
    floorplanShapes: list(d['floorplanShapes']),
    lastUpdate: typeof d['lastUpdate'] === 'number' ? d['lastUpdate'] : 0,
  });
}
