import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertSite } from '../../testing/fixtures.js';

// A site's door display auto-dim hours (issue 24 leftovers): the setting, its refusals, and the door
// state answer carrying the site's hours (default 20:00-07:00; equal bounds when off).
const NOW = new Date('2030-01-07T10:07:30Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser;
let siteId: number, roomId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createUser(t, { email: 'admin@example.org', roles: ['Admin'] });
  staff = await createUser(t, { email: 'staff@example.org' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  const locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  roomId = (await t.pool.query<{ id: number }>(
    `INSERT INTO rooms (location_id, name, room_type, capacity, equipment, notes) VALUES ($1, 'Thames', 0, 6, '', '') RETURNING id`, [locationId])).rows[0]!.id;
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  await t.pool.query('UPDATE sites SET display_dim_from_minutes = NULL, display_dim_to_minutes = NULL');
  await t.pool.query('DELETE FROM displays');
  await t.pool.query('DELETE FROM display_pairings');
  await t.pool.query('DELETE FROM display_attempts');
});

const url = (id = siteId) => `/api/sites/${id}/display-dim`;
const get = (who?: TestUser, id = siteId) => t.app.inject({ method: 'GET', url: url(id), headers: who ? { cookie: who.cookie } : {} });
// `who` null: no session (undefined would take the default).
const put = (body: unknown, who: TestUser | null = admin, id = siteId) =>
  t.app.inject({ method: 'PUT', url: url(id), headers: who ? { cookie: who.cookie } : {}, payload: body as object });

function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string {
  const raw = res.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
  return all.find((c) => c.startsWith(`${name}=`))?.split(';')[0] ?? '';
}

/** A tablet paired with the room: its device cookie. */
async function pairedDisplay(): Promise<string> {
  const start = await t.app.inject({ method: 'POST', url: '/api/display/pairing' });
  const pairing = cookieFrom(start, 'hotdesk_display_pairing');
  const entered = await t.app.inject({ method: 'POST', url: `/api/rooms/${roomId}/displays`, headers: { cookie: admin.cookie }, payload: { Code: start.json().Code } });
  expect(entered.statusCode).toBe(200);
  const poll = await t.app.inject({ method: 'GET', url: '/api/display/pairing', headers: { cookie: pairing } });
  return cookieFrom(poll, 'hotdesk_display');
}
const doorDim = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/display/rooms/${roomId}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const { DimFrom, DimTo } = res.json();
  return [DimFrom, DimTo];
};

describe("a site's door display dim hours", () => {
  it('defaults to 20:00-07:00, saves its own hours (crossing midnight or not), off, and back to the default', async () => {
    const device = await pairedDisplay();
    expect((await get(admin)).json()).toEqual({ Dims: true, FromMinutes: 1200, ToMinutes: 420, IsDefault: true });
    expect(await doorDim(device)).toEqual(['20:00', '07:00']);

    expect((await put({ Dims: true, FromMinutes: 22 * 60 + 30, ToMinutes: 6 * 60 + 5 })).json()).toEqual({ Dims: true, FromMinutes: 1350, ToMinutes: 365, IsDefault: false });
    expect(await doorDim(device)).toEqual(['22:30', '06:05']);
    expect((await put({ Dims: true, FromMinutes: 0, ToMinutes: 1439 })).json()).toMatchObject({ FromMinutes: 0, ToMinutes: 1439 });
    expect(await doorDim(device)).toEqual(['00:00', '23:59']);

    // Off: the door gets equal bounds, a span of no minutes (doorDim.ts never dims then).
    expect((await put({ Dims: false, FromMinutes: 1200, ToMinutes: 420 })).json()).toEqual({ Dims: false, FromMinutes: 0, ToMinutes: 0, IsDefault: false });
    expect((await get(admin)).json()).toMatchObject({ Dims: false });
    expect(await doorDim(device)).toEqual(['00:00', '00:00']);

    expect((await put({ Dims: true, FromMinutes: 1200, ToMinutes: 420 })).json()).toEqual({ Dims: true, FromMinutes: 1200, ToMinutes: 420, IsDefault: true });
    const stored = (await t.pool.query('SELECT display_dim_from_minutes AS f, display_dim_to_minutes AS t FROM sites WHERE id = $1', [siteId])).rows[0];
    expect(stored).toEqual({ f: null, t: null });
  });

  it('refuses minutes out of 0-1439, fractions, missing fields and equal bounds, with clear messages, saving nothing', async () => {
    const refused = async (body: unknown, message: string | RegExp) => {
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().Error).toMatch(message);
    };
    await refused({ Dims: true, FromMinutes: 1440, ToMinutes: 420 }, /start of the dim hours must be between 0 \(00:00\) and 1439 \(23:59\)/);
    await refused({ Dims: true, FromMinutes: 1200, ToMinutes: -1 }, /end of the dim hours must be between 0 \(00:00\) and 1439 \(23:59\)/);
    await refused({ Dims: true, FromMinutes: 1200.5, ToMinutes: 420 }, /whole number of minutes/);
    await refused({ Dims: true, FromMinutes: '20:00', ToMinutes: 420 }, /must be a number of minutes since midnight/);
    await refused({ Dims: true, FromMinutes: 1200 }, /end of the dim hours must be a number of minutes/);
    await refused({ FromMinutes: 1200, ToMinutes: 420 }, /Dims must be true or false/);
    await refused({ Dims: true, FromMinutes: 600, ToMinutes: 600 }, /must start and end at different times \(turn dimming off to never dim\)/);
    expect((await get(admin)).json()).toMatchObject({ IsDefault: true });
  });

  it('is for admins only, and 404 for an unknown site', async () => {
    const body = { Dims: false, FromMinutes: 0, ToMinutes: 0 };
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(staff)).statusCode).toBe(403);
    expect((await put(body, null)).statusCode).toBe(401);
    expect((await put(body, staff)).statusCode).toBe(403);
    expect((await get(admin)).json()).toMatchObject({ IsDefault: true });
    const missing = await put(body, admin, 2_147_483_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Error).toBe('The site was not found.');
    expect((await get(admin, 2_147_483_000)).statusCode).toBe(404);
    expect((await get(admin, 0)).statusCode).toBe(400);
  });
});
