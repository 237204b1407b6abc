import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { SseTestClient } from '../live/sseTestClient.js';
import { roomDetails } from '../checkIn/checkIn.repo.js';
import type { LobbyBoard } from '../../../domain/wire/lobbyBoard.js';
import { DISPLAY_LIMITS } from './displayLimits.js';
import { CODE_NOT_FOUND } from './pairing.service.js';

// Monday 7 January 2030, 10:07 in London (UTC in winter).
const NOW = new Date('2030-01-07T10:07:30Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser, owner: TestUser;
let siteId: number, otherSiteId: number, locationId: number, floor2Id: number, otherLocationId: number;
let thames: number, severn: number, clinic: number, locked: number, otherSiteRoom: number, floorplanId: number, otherFloorplanId: number;

const newRoom = async (location: number, name: string, o: { showTitles?: boolean; restricted?: boolean; type?: number; disabled?: boolean; hidden?: boolean } = {}) =>
  (await t.pool.query<{ id: number }>(
    `INSERT INTO rooms (location_id, name, room_type, capacity, equipment, notes, check_in_shows_descriptions, restrict_room_access, disabled, hidden)
     VALUES ($1, $2, $3, 6, '', '', $4, $5, $6, $7) RETURNING id`,
    [location, name, o.type ?? 0, o.showTitles ?? false, o.restricted ?? false, o.disabled ?? false, o.hidden ?? false])).rows[0]!.id;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createUser(t, { email: 'admin@example.org', name: 'Ada Admin', roles: ['Admin'] });
  staff = await createUser(t, { email: 'staff@example.org', name: 'Stan Staff' });
  owner = await createUser(t, { email: 'olive.owner@example.org', name: 'Olive Owner' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  otherSiteId = await insertSite(t.pool, { title: 'Leeds' });
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  floor2Id = await insertLocation(t.pool, siteId, { title: 'Floor 2' });
  otherLocationId = await insertLocation(t.pool, otherSiteId, { title: 'Leeds 1' });
  thames = await newRoom(locationId, 'Thames', { showTitles: true });
  severn = await newRoom(locationId, 'Severn');
  clinic = await newRoom(floor2Id, 'Clinic', { type: 1 });
  locked = await newRoom(floor2Id, 'Boardroom', { restricted: true });
  await newRoom(locationId, 'Broken', { disabled: true });
  await newRoom(locationId, 'Secret', { hidden: true });
  const gone = await newRoom(locationId, 'Gone');
  await t.pool.query('UPDATE rooms SET deleted_at = now() WHERE id = $1', [gone]);
  otherSiteRoom = await newRoom(otherLocationId, 'Aire');
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [
    { id: 'a', alias: 'Olive corner' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'x', bookable: false },
  ]));
  ({ floorplanId: otherFloorplanId } = await insertPublishedFloorplan(t.pool, otherLocationId, [{ id: 'a' }]));
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM display_attempts');
  await t.pool.query('DELETE FROM displays');
  await t.pool.query('DELETE FROM display_pairings');
  await t.pool.query('DELETE FROM closures');
});

function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string {
  const raw = res.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
  const pair = all.find((c) => c.startsWith(`${name}=`))?.split(';')[0] ?? '';
  return pair.endsWith('=') ? '' : pair;
}

/** A tablet shows a code, `by` enters it at `url` (a site's or a room's displays): the tablet's device cookie. */
async function paired(url: string, by: TestUser = admin): Promise<string> {
  const start = await t.app.inject({ method: 'POST', url: '/api/display/pairing' });
  const pairing = cookieFrom(start, 'hotdesk_display_pairing');
  const entered = await t.app.inject({ method: 'POST', url, headers: { cookie: by.cookie }, payload: { Code: start.json().Code } });
  expect(entered.statusCode).toBe(200);
  const poll = await t.app.inject({ method: 'GET', url: '/api/display/pairing', headers: { cookie: pairing } });
  expect(poll.json()).toEqual({ Status: 'paired' });
  return cookieFrom(poll, 'hotdesk_display');
}
const pairedBoard = (site = siteId) => paired(`/api/sites/${site}/displays`);
const board = (cookie: string | undefined, site = siteId) => t.app.inject({ method: 'GET', url: `/api/display/sites/${site}`, headers: cookie ? { cookie } : {} });
const meeting = (room: number, start: Date, mins: number, o: { description?: string; status?: number; site?: number; location?: number } = {}) => insertBooking(t.pool, {
  siteId: o.site ?? siteId, locationId: o.location ?? locationId, roomId: room, userId: owner.id, start, finish: minutes(start, mins),
  description: o.description ?? 'Disciplinary hearing', onBehalfOf: 'visitor@example.org', status: o.status,
});
const deskBooking = (desk: string, start: Date, mins: number, o: { status?: number; floorplan?: number; site?: number; location?: number } = {}) => insertBooking(t.pool, {
  siteId: o.site ?? siteId, locationId: o.location ?? locationId, floorplanId: o.floorplan ?? floorplanId, deskId: desk, userId: owner.id,
  // A person holds one desk at a time: each desk booking is held for another visitor.
  start, finish: minutes(start, mins), onBehalfOf: `visitor${++visitors}@example.org`, status: o.status,
});
let visitors = 0;

describe('pairing a lobby board', () => {
  it("an Admin pairs a board in the site's settings; it knows its site; audited; listed; revoked it is unpaired", async () => {
    const start = await t.app.inject({ method: 'POST', url: '/api/display/pairing' });
    const code = start.json().Code as string;
    // Only Admins (site settings); a site that does not exist is 404; a wrong code is 404 with its message.
    expect((await t.app.inject({ method: 'POST', url: `/api/sites/${siteId}/displays`, headers: { cookie: staff.cookie }, payload: { Code: code } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/sites/${siteId}/displays`, payload: { Code: code } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/sites/999999/displays', headers: { cookie: admin.cookie }, payload: { Code: code } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/sites/${siteId}/displays`, headers: { cookie: admin.cookie }, payload: { Code: 'short' } })).statusCode).toBe(400);
    const wrong = await t.app.inject({ method: 'POST', url: `/api/sites/${siteId}/displays`, headers: { cookie: admin.cookie }, payload: { Code: 'AAAAAAAA' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().Message ?? wrong.body).toContain(CODE_NOT_FOUND.slice(0, 30));
    const entered = await t.app.inject({ method: 'POST', url: `/api/sites/${siteId}/displays`, headers: { cookie: admin.cookie }, payload: { Code: code } });
    expect(entered.json()).toEqual([expect.objectContaining({ PairedBy: 'Ada Admin', Collected: false, LastSeenAt: null })]);
    const audit = await t.pool.query("SELECT target_id, changes FROM audit_log WHERE action = 'display.pair' ORDER BY id DESC LIMIT 1");
    expect(audit.rows[0]).toEqual({ target_id: String(entered.json()[0].Id), changes: { SiteId: { Before: null, After: siteId } } });
    const poll = await t.app.inject({ method: 'GET', url: '/api/display/pairing', headers: { cookie: cookieFrom(start, 'hotdesk_display_pairing') } });
    const device = cookieFrom(poll, 'hotdesk_display');
    expect((await t.app.inject({ method: 'GET', url: '/api/display/me', headers: { cookie: device } })).json()).toEqual({ SiteId: siteId });
    expect((await board(device)).statusCode).toBe(200);
    // Not in the room's list, in the site's, seen now.
    expect((await t.app.inject({ method: 'GET', url: `/api/rooms/${thames}/displays`, headers: { cookie: admin.cookie } })).json()).toEqual([]);
    const [info] = (await t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/displays`, headers: { cookie: admin.cookie } })).json();
    expect(info).toMatchObject({ Collected: true, LastSeenAt: NOW.toISOString() });
    expect((await t.app.inject({ method: 'GET', url: `/api/sites/${siteId}/displays`, headers: { cookie: staff.cookie } })).statusCode).toBe(403);

    // Revoking: not by staff, not through another site or a room; then 401 and the cookie is dropped.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sites/${siteId}/displays/${info.Id}`, headers: { cookie: staff.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sites/${otherSiteId}/displays/${info.Id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${thames}/displays/${info.Id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/sites/${siteId}/displays/${info.Id}`, headers: { cookie: admin.cookie } });
    expect(revoked.json()).toEqual([]);
    expect((await t.pool.query("SELECT changes FROM audit_log WHERE action = 'display.unpair' AND target_id = $1", [String(info.Id)])).rows)
      .toEqual([{ changes: { SiteId: { Before: siteId, After: null } } }]);
    const after = await board(device);
    expect(after.statusCode).toBe(401);
    expect(String(after.headers['set-cookie'])).toMatch(/hotdesk_display=;/);
    expect((await t.app.inject({ method: 'GET', url: '/api/display/me', headers: { cookie: device } })).statusCode).toBe(401);
  });
});

describe('who may read a board', () => {
  it("a board reads only its own site's board; a door display cannot read a board, a board cannot read a door", async () => {
    const leedsBoard = await pairedBoard(otherSiteId);
    const londonBoard = await pairedBoard();
    const door = await paired(`/api/rooms/${thames}/displays`);
    expect((await board(undefined)).statusCode).toBe(401);
    expect((await board(staff.cookie)).statusCode).toBe(401);
    expect((await board('hotdesk_display=not-a-token')).statusCode).toBe(401);
    expect((await board(leedsBoard)).statusCode).toBe(404);
    expect((await board(londonBoard, otherSiteId)).statusCode).toBe(404);
    expect((await board(door)).statusCode).toBe(404);
    expect((await board(londonBoard)).statusCode).toBe(200);
    const asBoard = await t.app.inject({ method: 'GET', url: `/api/display/rooms/${thames}`, headers: { cookie: londonBoard } });
    expect(asBoard.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/display/rooms/${thames}/book`, headers: { cookie: londonBoard }, payload: { Minutes: 15 } })).statusCode).toBe(404);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n).toBe(0);
    // Neither token was dropped by the refusals: each still reads its own screen.
    expect((await board(londonBoard)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/display/rooms/${thames}`, headers: { cookie: door } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/display/sites/abc', headers: { cookie: londonBoard } })).statusCode).toBe(400);
  });

  it('reads are limited per board and minute', async () => {
    const device = await pairedBoard();
    // The counter's window is the wall-clock minute: start well inside one, so the 61 reads share it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 100));
    for (let i = 0; i < DISPLAY_LIMITS.readsPerDisplayMinute; i++) expect((await board(device)).statusCode).toBe(200);
    expect((await board(device)).statusCode).toBe(429);
  });
});

describe('the board', () => {
  it('rooms: state in words, the current and next meeting, titles only where the room shows them; only live enabled rooms of the site', async () => {
    const device = await pairedBoard();
    await meeting(thames, minutes(NOW, -37), 60, { description: 'Budget review' });
    await meeting(thames, minutes(NOW, 113), 30, { description: 'Planning' });
    await meeting(thames, minutes(NOW, 173), 30, { description: 'Third' });
    await meeting(severn, minutes(NOW, -7), 30, { status: 0 });
    await meeting(severn, minutes(NOW, -90), 30); // over
    await meeting(clinic, minutes(NOW, 53), 30, { location: floor2Id });
    await meeting(locked, minutes(NOW, 60 * 24), 30, { location: floor2Id }); // tomorrow: not today
    await meeting(locked, minutes(NOW, -10), 60, { location: floor2Id, status: 3 }); // cancelled
    await meeting(otherSiteRoom, minutes(NOW, -5), 60, { site: otherSiteId, location: otherLocationId });
    const res = await board(device);
    const b = res.json() as LobbyBoard;
    expect(b.Site).toEqual({ Id: siteId, Name: 'London HQ', TimeZone: 'Europe/London' });
    expect(b.Rooms.map((r) => r.Name)).toEqual(['Severn', 'Thames', 'Boardroom', 'Clinic']);
    const by = new Map(b.Rooms.map((r) => [r.Id, r]));
    expect(by.get(thames)).toMatchObject({
      State: 'busy', LocationName: 'Floor 1',
      Current: { Start: minutes(NOW, -37).toISOString(), Title: 'Budget review', Status: 1 },
      Next: { Start: minutes(NOW, 113).toISOString(), Title: 'Planning' },
    });
    expect(by.get(severn)).toMatchObject({ State: 'pending', Current: { Title: '', Status: 0 }, Next: null });
    expect(by.get(clinic)).toMatchObject({ State: 'free', Current: null, Next: { Start: minutes(NOW, 53).toISOString(), Title: '' } });
    expect(by.get(locked)).toMatchObject({ State: 'free', Current: null, Next: null });
    // The title rule is the door display's and check-in page's (roomDetails), room by room.
    for (const r of b.Rooms) {
      const shows = (await roomDetails(t.pool, r.Id))!.publicDescriptions;
      for (const m of [r.Current, r.Next]) if (m) expect(m.Title !== '').toBe(shows);
    }
    for (const secret of ['@', 'Olive', 'Disciplinary', 'visitor', 'Stan', 'Ada']) expect(res.body).not.toContain(secret);
    // The site's auto-dim hours, as its door displays have them: the default, then off (equal bounds).
    expect([b.DimFrom, b.DimTo]).toEqual(['20:00', '07:00']);
    await t.pool.query('UPDATE sites SET display_dim_from_minutes = 0, display_dim_to_minutes = 0 WHERE id = $1', [siteId]);
    const off = (await board(device)).json() as LobbyBoard;
    expect(off.DimFrom).toBe(off.DimTo);
    await t.pool.query('UPDATE sites SET display_dim_from_minutes = NULL, display_dim_to_minutes = NULL WHERE id = $1', [siteId]);
  });

  it('free desks per floor are exact: bookable desks no booking holds now; the plan carries no desk names', async () => {
    const device = await pairedBoard();
    await deskBooking('a', minutes(NOW, -60), 120); // taken now
    await deskBooking('b', minutes(NOW, -7), 60, { status: 0 }); // requested now: held
    await deskBooking('c', minutes(NOW, 60), 60); // later: free now
    await deskBooking('d', minutes(NOW, -60), 120, { status: 3 }); // cancelled: free
    await deskBooking('d', minutes(NOW, -60), 59); // over a minute ago
    await deskBooking('x', minutes(NOW, -60), 120); // not bookable: not counted either way
    await deskBooking('a', minutes(NOW, -60), 120, { floorplan: otherFloorplanId, site: otherSiteId, location: otherLocationId });
    const res = await board(device);
    const b = res.json() as LobbyBoard;
    expect(b.Floors).toHaveLength(1);
    expect(b.Floors[0]).toMatchObject({ FloorplanId: floorplanId, LocationName: 'Floor 1', Desks: 4, FreeDesks: 2 });
    expect([...b.Floors[0]!.Taken].sort()).toEqual(['a', 'b']);
    const plan = JSON.parse(b.Floors[0]!.Plan) as { desks: { id: string; alias: string }[]; text: unknown[] };
    expect(plan.desks.map((d) => d.id)).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(plan.desks.every((d) => d.alias === '')).toBe(true);
    expect(res.body).not.toContain('Olive');
    expect(res.body).not.toContain('Desk ');
  });

  it("closures: a closed room, desk or floor is 'closed' with its reason, never free; yearly ones count; later ones and other sites' do not", async () => {
    const close = async (o: { site?: number; whole?: boolean; start: Date; mins: number; reason: string; yearly?: boolean; places?: Array<[number | null, number | null, number | null, string | null]> }) => {
      const id = (await t.pool.query<{ id: string }>(
        `INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, repeats_yearly, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [o.site ?? siteId, o.whole ?? false, o.start, minutes(o.start, o.mins), o.reason, o.yearly ?? false, admin.id])).rows[0]!.id;
      for (const [location, room, floorplan, desk] of o.places ?? []) {
        await t.pool.query('INSERT INTO closure_places (closure_id, location_id, room_id, floorplan_id, desk_id) VALUES ($1, $2, $3, $4, $5)', [id, location, room, floorplan, desk]);
      }
    };
    const device = await pairedBoard();
    await deskBooking('a', minutes(NOW, -60), 120); // taken now
    await close({ start: minutes(NOW, -30), mins: 60, reason: 'Desk repair', places: [[null, null, floorplanId, 'c']] });
    await close({ start: minutes(NOW, -30), mins: 60, reason: 'Projector fitting', places: [[null, severn, null, null]] });
    // Floor 2, every 7 January from 2025 (the same wall-clock hours each year): closed today.
    await close({ start: new Date('2025-01-07T09:00:00Z'), mins: 180, reason: 'Fire drill', yearly: true, places: [[floor2Id, null, null, null]] });
    await close({ start: minutes(NOW, 60), mins: 60, reason: 'Later today', places: [[null, thames, null, null], [null, null, floorplanId, 'd']] });
    await close({ site: otherSiteId, whole: true, start: minutes(NOW, -30), mins: 60, reason: 'Leeds closed' });

    let b = (await board(device)).json() as LobbyBoard;
    const by = new Map(b.Rooms.map((r) => [r.Id, r]));
    expect(by.get(severn)).toMatchObject({ State: 'closed', ClosedReason: 'Projector fitting', Current: null });
    expect(by.get(clinic)).toMatchObject({ State: 'closed', ClosedReason: 'Fire drill' });
    expect(by.get(locked)).toMatchObject({ State: 'closed', ClosedReason: 'Fire drill' });
    expect(by.get(thames)).toMatchObject({ State: 'free', ClosedReason: null });
    expect(b.Floors[0]).toMatchObject({ Desks: 4, FreeDesks: 2, ClosedReason: null, Taken: ['a'], Closed: ['c'] });

    // The whole site closed: every room and desk, with the reason; nothing free.
    await close({ whole: true, start: minutes(NOW, -5), mins: 10, reason: 'Power cut' });
    b = (await board(device)).json() as LobbyBoard;
    expect(b.Floors[0]).toMatchObject({ FreeDesks: 0, ClosedReason: 'Power cut', Taken: [] });
    expect([...b.Floors[0]!.Closed].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(b.Rooms.every((r) => r.State === 'closed')).toBe(true);
    // After they all end (the fire drill at 12:00, the later one at 12:07), all open again.
    t.setNow(minutes(NOW, 130));
    b = (await board(device)).json() as LobbyBoard;
    expect(b.Rooms.every((r) => r.State !== 'closed' && r.ClosedReason === null)).toBe(true);
    expect(b.Floors[0]).toMatchObject({ ClosedReason: null, Closed: [] });
  });

  it("live: 'changed' for any booking of its own site (rooms and desks), nothing for another site's", async () => {
    const device = await pairedBoard();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const door = await paired(`/api/rooms/${thames}/displays`);
    const refused = await SseTestClient.open(`${url}/api/display/sites/${siteId}/live`, { cookie: door });
    expect(refused.status).toBe(404);
    refused.close();
    const client = await SseTestClient.open(`${url}/api/display/sites/${siteId}/live`, { cookie: device });
    try {
      expect(client.status).toBe(200);
      await client.waitFor((e) => e.event === 'ready');
      await meeting(otherSiteRoom, minutes(NOW, 200), 30, { site: otherSiteId, location: otherLocationId });
      await deskBooking('a', minutes(NOW, 200), 30, { floorplan: otherFloorplanId, site: otherSiteId, location: otherLocationId });
      const desk = await deskBooking('c', minutes(NOW, 5), 30);
      expect((await client.waitFor((e) => e.event === 'changed', 5000)).data).toBe('{}');
      await new Promise((r) => setTimeout(r, 300));
      expect(client.events.filter((e) => e.event === 'changed')).toHaveLength(1);
      await meeting(severn, minutes(NOW, 300), 30);
      await client.waitFor((e) => e.event === 'changed' && client.events.filter((x) => x.event === 'changed').length === 2, 5000);
      // Only the word: no ids (the events' arrival times are left out: their digits could match by chance).
      expect(client.events.every((e) => e.data === '{}' && e.id === undefined)).toBe(true);
      expect(desk).toBeGreaterThan(0);
    } finally {
      client.close();
    }
  });
});
