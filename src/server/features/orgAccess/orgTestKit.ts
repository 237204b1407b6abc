import type { TestApp, TestUser } from '../../testing/testApp.js';

/** Helpers the organisation set-up API tests share (sites, locations, rooms, tags, people). */
type T = Pick<TestApp, 'app' | 'pool'>;

export async function call(t: T, who: TestUser | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}-${Math.random().toString(36).slice(2, 6)}`;

export async function newSite(t: T, admin: TestUser, body: Record<string, unknown> = {}): Promise<{ Id: number } & Record<string, unknown>> {
  const res = await call(t, admin, 'POST', '/api/sites', { Title: unique('Site'), ...body });
  if (res.statusCode !== 201) throw new Error(`newSite: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function newLocation(t: T, admin: TestUser, siteId: number, body: Record<string, unknown> = {}): Promise<{ Id: number } & Record<string, unknown>> {
  const res = await call(t, admin, 'POST', `/api/locations/site/${siteId}`, { Title: unique('Location'), ...body });
  if (res.statusCode !== 201) throw new Error(`newLocation: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function newRoom(t: T, admin: TestUser, locationId: number, body: Record<string, unknown> = {}): Promise<{ Id: number } & Record<string, unknown>> {
  const res = await call(t, admin, 'POST', '/api/rooms', { LocationId: locationId, Name: unique('Room'), RoomType: 0, Capacity: 8, ...body });
  if (res.statusCode !== 201) throw new Error(`newRoom: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A site, a location in it and a room in that, all unrestricted. */
export async function newPlace(t: T, admin: TestUser, room: Record<string, unknown> = {}) {
  const site = await newSite(t, admin);
  const location = await newLocation(t, admin, site.Id);
  const r = await newRoom(t, admin, location.Id, room);
  return { siteId: site.Id, locationId: location.Id, roomId: r.Id };
}

export async function newTeam(t: T, memberIds: number[]): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>('INSERT INTO teams (name) VALUES ($1) RETURNING id', [unique('Team')]);
  const id = rows[0]!.id;
  for (const m of memberIds) await t.pool.query('INSERT INTO team_members (team_id, user_id) VALUES ($1, $2)', [id, m]);
  return id;
}

/** A room booking row written directly (the booking API is another feature's). */
export async function insertRoomBooking(t: T, b: { siteId: number; locationId: number; roomId: number; userId: number; start: Date; finish: Date; status: number }) {
  await t.pool.query(
    `INSERT INTO bookings (site_id, location_id, room_id, starts_at, finishes_at, booked_by_user_id, holder_key, status, description)
     VALUES ($1, $2, $3, $4, $5, $6, 'someone@example.org', $7, 'Test meeting')`,
    [b.siteId, b.locationId, b.roomId, b.start, b.finish, b.userId, b.status],
  );
}

export const ids = (list: { Id: number }[]) => list.map((x) => x.Id);
