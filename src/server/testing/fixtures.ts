import type pg from 'pg';

/** Small builders for organisation data in API tests: straight SQL, so tests do not depend on the set-up API. */
export interface DeskSpec { id: string; x?: number; y?: number; bookable?: boolean; assignedTeams?: number[]; alias?: string }

export async function insertSite(pool: pg.Pool, o: { title?: string; timeZone?: string; parkingSpaces?: number; restrictDesk?: boolean; deskBooking?: boolean } = {}): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO sites (title, time_zone, site_level_parking, parking_spaces, restrict_desk_access, desk_booking_enabled, notes)
     VALUES ($1, $2, $3, $4, $5, $6, 'Site notes') RETURNING id`,
    [o.title ?? 'Site', o.timeZone ?? 'Europe/London', (o.parkingSpaces ?? 0) > 0, o.parkingSpaces ?? 0, o.restrictDesk ?? false, o.deskBooking ?? true]);
  return rows[0]!.id;
}

export async function insertLocation(pool: pg.Pool, siteId: number, o: { title?: string; restrictDesk?: boolean } = {}): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    'INSERT INTO locations (site_id, title, building_name_no, restrict_desk_access) VALUES ($1, $2, $3, $4) RETURNING id',
    [siteId, o.title ?? 'Floor 1', 'Building A', o.restrictDesk ?? false]);
  return rows[0]!.id;
}

export function drawingWithDesks(desks: DeskSpec[]): string {
  return JSON.stringify({
    desks: desks.map((d, i) => ({
      x: d.x ?? 100 + (i % 100) * 30, y: d.y ?? 100 + Math.floor(i / 100) * 30, rotation: 0, bookable: d.bookable ?? true,
      id: d.id, alias: d.alias ?? `Desk ${d.id}`, assignedTeams: d.assignedTeams ?? [], tags: [],
    })),
    doors: [], text: [], floorplanRectangles: [], roomRectangles: [], floorplanShapes: [], lastUpdate: 0,
  });
}

/** A floorplan with a published layout holding the given desks. */
export async function insertPublishedFloorplan(pool: pg.Pool, locationId: number, desks: DeskSpec[]): Promise<{ floorplanId: number; layoutId: number }> {
  const fp = (await pool.query<{ id: number }>("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Plan') RETURNING id", [locationId])).rows[0]!.id;
  const layout = (await pool.query<{ id: number }>('INSERT INTO layouts (floorplan_id, json, published, published_at) VALUES ($1, $2, true, now()) RETURNING id',
    [fp, drawingWithDesks(desks)])).rows[0]!.id;
  return { floorplanId: fp, layoutId: layout };
}

export async function insertTeam(pool: pg.Pool, name: string, memberIds: number[]): Promise<number> {
  const id = (await pool.query<{ id: number }>('INSERT INTO teams (name) VALUES ($1) RETURNING id', [name])).rows[0]!.id;
  for (const u of memberIds) await pool.query('INSERT INTO team_members VALUES ($1, $2)', [id, u]);
  return id;
}

export async function grant(pool: pg.Pool, g: { scope: 'site' | 'location' | 'room'; scopeId: number; accessType: 0 | 1 | 2; userId?: number; teamId?: number }): Promise<void> {
  await pool.query('INSERT INTO access_grants (scope, scope_id, access_type, user_id, team_id) VALUES ($1, $2, $3, $4, $5)',
    [g.scope, g.scopeId, g.accessType, g.userId ?? null, g.teamId ?? null]);
}
