import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertSite } from '../../testing/fixtures.js';
import { insertBooking, minutes } from '../myBookings/bookingTestKit.js';
import { SseTestClient } from '../live/sseTestClient.js';
import { PAIRING_ALPHABET } from '../../../domain/wire/displays.js';
import { DISPLAY_BOOKER_EMAIL } from './displayBooker.js';
import { DISPLAY_LIMITS } from './displayLimits.js';
import { BOOK_NOW_TITLE, ENDED, ENDED_BEFORE_IT_BEGAN, NOT_CURRENT } from './doorDisplay.service.js';
import { CODE_NOT_FOUND } from './pairing.service.js';

// Monday 7 January 2030, 10:07 in London (UTC in winter).
const NOW = new Date('2030-01-07T10:07:30Z');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, roomAdmin: TestUser, staff: TestUser, owner: TestUser;
let siteId: number, locationId: number, roomId: number, otherRoomId: number;

const newRoom = async (name: string, o: { showTitles?: boolean; restricted?: boolean; type?: number } = {}) => (await t.pool.query<{ id: number }>(
  `INSERT INTO rooms (location_id, name, room_type, capacity, equipment, notes, check_in_shows_descriptions, restrict_room_access)
   VALUES ($1, $2, $3, 6, '', '', $4, $5) RETURNING id`, [locationId, name, o.type ?? 0, o.showTitles ?? false, o.restricted ?? false])).rows[0]!.id;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createUser(t, { email: 'admin@example.org', name: 'Ada Admin', roles: ['Admin'] });
  roomAdmin = await createUser(t, { email: 'roomadmin@example.org', name: 'Rhoda Admin' });
  staff = await createUser(t, { email: 'staff@example.org', name: 'Stan Staff' });
  owner = await createUser(t, { email: 'olive.owner@example.org', name: 'Olive Owner' });
  siteId = await insertSite(t.pool, { title: 'London HQ' });
  locationId = await insertLocation(t.pool, siteId, { title: 'Floor 1' });
  roomId = await newRoom('Thames');
  otherRoomId = await newRoom('Severn');
  await t.pool.query("INSERT INTO access_grants (scope, scope_id, access_type, user_id) VALUES ('room', $1, 1, $2)", [roomId, roomAdmin.id]);
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  t.setNow(NOW);
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM display_attempts');
  await t.pool.query('DELETE FROM displays');
  await t.pool.query('DELETE FROM display_pairings');
  await t.pool.query('DELETE FROM mail_outbox');
});

/** The cookie a response sets under `name`, as "name=value" ('' when it clears it or sets none). */
function cookieFrom(res: { headers: Record<string, unknown> }, name: string): string {
  const raw = res.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
  const found = all.find((c) => c.startsWith(`${name}=`));
  const pair = found?.split(';')[0] ?? '';
  return pair.endsWith('=') ? '' : pair;
}

/** A tablet pairs with `room` through the admin `by`: its device cookie. */
async function pairedDisplay(room = roomId, by: TestUser = admin): Promise<string> {
  const start = await t.app.inject({ method: 'POST', url: '/api/display/pairing' });
  expect(start.statusCode).toBe(200);
  const pairing = cookieFrom(start, 'hotdesk_display_pairing');
  const entered = await t.app.inject({ method: 'POST', url: `/api/rooms/${room}/displays`, headers: { cookie: by.cookie }, payload: { Code: start.json().Code } });
  expect(entered.statusCode).toBe(200);
  const poll = await t.app.inject({ method: 'GET', url: '/api/display/pairing', headers: { cookie: pairing } });
  expect(poll.json()).toEqual({ Status: 'paired' });
  const device = cookieFrom(poll, 'hotdesk_display');
  expect(device).toMatch(/^hotdesk_display=[A-Za-z0-9_-]{43}$/);
  return device;
}

const door = (cookie: string | undefined, room = roomId) => t.app.inject({ method: 'GET', url: `/api/display/rooms/${room}`, headers: cookie ? { cookie } : {} });
const act = (cookie: string | undefined, what: 'book' | 'check-in' | 'end', payload: object, room = roomId) =>
  t.app.inject({ method: 'POST', url: `/api/display/rooms/${room}/${what}`, headers: cookie ? { cookie } : {}, payload });
const meeting = (start: Date, mins: number, o: { room?: number; description?: string; status?: number } = {}) => insertBooking(t.pool, {
  siteId, locationId, roomId: o.room ?? roomId, userId: owner.id, start, finish: minutes(start, mins),
  description: o.description ?? 'Disciplinary hearing', onBehalfOf: 'visitor@example.org', status: o.status,
});

describe('pairing', () => {
  it('a tablet gets a readable 8-character code; the admin enters it; the tablet collects a token stored only as a hash', async () => {
    const start = await t.app.inject({ method: 'POST', url: '/api/display/pairing' });
    const { Code, ExpiresAt } = start.json();
    expect([...Code].every((c: string) => PAIRING_ALPHABET.includes(c))).toBe(true);
    expect(Code).toHaveLength(8);
    expect(new Date(ExpiresAt).getTime() - NOW.getTime()).toBe(10 * 60_000);
    const pairing = cookieFrom(start, 'hotdesk_display_pairing');
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly/);

    const waiting = await t.app.inject({ method: 'GET', url: '/api/display/pairing', headers: { cookie: pairing } });
    expect(waiting.json()).toEqual({ Status: 'waiting' });
    // Typed with spaces, a dash and in lower case by the admin.
    const typed = `${Code.slice(0, 4).toLowerCase()} - ${Code.slice(4)}`;
    const entered = await t.app.inject({ method: 'POST', url: `/api/rooms/${roomId}/displays`, headers: { cookie: roomAdmin.cookie }, payload: { Code: typed } });
    expect(entered.statusCode).toBe(200);
    expect(entered.json()).toEqual([expect.objectContaining({ PairedBy: 'Rhoda Admin', Collected: false, LastSeenAt: null })]);
    const paired = await t.pool.query("SELECT actor_name, target_id, changes FROM audit_log WHERE action = 'display.pair'");
    expect(paired.rows).toEqual([{ actor_name: 'Rhoda Admin', target_id: String(entered.json()[0].Id), changes: { RoomId: { Before: null, After: roomId } } }]);

    // Someone who read the code off the screen but lacks the tablet's cookie gets nothing.
    expect((await t.app.inject({ method: 'GET', url: '/api/display/pairing' })).json()).toEqual({ Status: 'expired' });
    const poll = await t.app.inject({ method: 'GET', url: '/api/display/pairing', headers: { cookie: pairing } });
    expect(poll.json()).toEqual({ Status: 'paired' });
    const device = cookieFrom(poll, 'hotdesk_display');
    const token = device.split('=')[1]!;
    expect(String(poll.headers['set-cookie'])).toMatch(/hotdesk_display=[^;]+;.*HttpOnly.*SameSite=Strict/);
    const stored = await t.pool.query('SELECT token_hash FROM displays');
    expect(stored.rows[0].token_hash).not.toContain(token);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    // Collected once: the pairing is gone.
    expect((await t.app.inject({ method: 'GET', url: '/api/display/pairing', headers: { cookie: pairing } })).json()).toEqual({ Status: 'expired' });
    expect((await t.app.inject({ method: 'GET', url: '/api/display/me', headers: { cookie: device } })).json()).toEqual({ RoomId: roomId });
    const list = await t.app.inject({ method: 'GET', url: `/api/rooms/${roomId}/displays`, headers: { cookie: admin.cookie } });
    expect(list.json()).toEqual([expect.objectContaining({ Collected: true, LastSeenAt: NOW.toISOString() })]);
  });

  it('refuses a wrong, expired or used code (404), plain staff (403), the anonymous (401) and bad input (400)', async () => {
    const start = await t.app.inject({ method: 'POST', url: '/api/display/pairing' });
    const { Code } = start.json();
    const enter = (who: TestUser | undefined, code: string, room = roomId) =>
      t.app.inject({ method: 'POST', url: `/api/rooms/${room}/displays`, headers: who ? { cookie: who.cookie } : {}, payload: { Code: code } });
    expect((await enter(undefined, Code)).statusCode).toBe(401);
    expect((await enter(staff, Code)).statusCode).toBe(403);
    expect((await enter(roomAdmin, Code, otherRoomId)).statusCode).toBe(403); // not this room's admin
    const bad = await enter(admin, 'O0O0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error).toMatch(/8-character code/);
    const other = Code === 'AAAAAAAA' ? 'CCCCCCCC' : 'AAAAAAAA';
    expect((await enter(admin, other)).json()).toMatchObject({ Error: CODE_NOT_FOUND, Errors: { Code: CODE_NOT_FOUND } });
    t.setNow(minutes(NOW, 11));
    expect((await enter(admin, Code)).statusCode).toBe(404);
    t.setNow(NOW);
    expect((await enter(admin, Code)).statusCode).toBe(200);
    expect((await enter(admin, Code)).statusCode).toBe(404); // used
    expect((await enter(admin, Code, 999_999)).statusCode).toBe(404);
  });

  it('limits new codes per address (429) and code entries per admin', async () => {
    for (let i = 0; i < DISPLAY_LIMITS.codesPerAddress; i++) expect((await t.app.inject({ method: 'POST', url: '/api/display/pairing' })).statusCode).toBe(200);
    const over = await t.app.inject({ method: 'POST', url: '/api/display/pairing' });
    expect(over.statusCode).toBe(429);
    for (let i = 0; i < DISPLAY_LIMITS.entriesPerAdmin; i++) {
      await t.app.inject({ method: 'POST', url: `/api/rooms/${roomId}/displays`, headers: { cookie: admin.cookie }, payload: { Code: 'AAAAAAAA' } });
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/rooms/${roomId}/displays`, headers: { cookie: admin.cookie }, payload: { Code: 'AAAAAAAA' } })).statusCode).toBe(429);
  });
});

describe('who may use the display routes', () => {
  it('the anonymous, a staff or admin session, a junk token, another room and a revoked display are refused', async () => {
    const device = await pairedDisplay();
    expect((await door(device)).statusCode).toBe(200);
    expect((await door(undefined)).statusCode).toBe(401);
    expect((await door(staff.cookie)).statusCode).toBe(401);
    expect((await door(admin.cookie)).statusCode).toBe(401);
    expect((await act(admin.cookie, 'book', { Minutes: 15 })).statusCode).toBe(401);
    expect((await door(`hotdesk_display=${'x'.repeat(43)}`)).statusCode).toBe(401);
    // A valid token and another room's id: not there for this display.
    expect((await door(device, otherRoomId)).statusCode).toBe(404);
    const elsewhere = await meeting(minutes(NOW, -7), 60, { room: otherRoomId });
    expect((await act(device, 'end', { BookingId: elsewhere })).statusCode).toBe(404);
    expect((await act(device, 'check-in', { BookingId: elsewhere })).statusCode).toBe(404);
    expect((await act(device, 'end', { BookingId: elsewhere }, otherRoomId)).statusCode).toBe(404);
    expect((await t.pool.query('SELECT finishes_at FROM bookings WHERE id = $1', [elsewhere])).rows[0].finishes_at).toEqual(minutes(NOW, 53));

    // Revoked: 401, the cookie is cleared, and the admins' list no longer has it.
    const [info] = (await t.app.inject({ method: 'GET', url: `/api/rooms/${roomId}/displays`, headers: { cookie: admin.cookie } })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${roomId}/displays/${info.Id}`, headers: { cookie: staff.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/rooms/${otherRoomId}/displays/${info.Id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/rooms/${roomId}/displays/${info.Id}`, headers: { cookie: roomAdmin.cookie } });
    expect(revoked.json()).toEqual([]);
    // The revocation is in the audit log (the refused attempts above are not).
    const unpaired = await t.pool.query("SELECT target_id FROM audit_log WHERE action = 'display.unpair'");
    expect(unpaired.rows).toEqual([{ target_id: String(info.Id) }]);
    const after = await door(device);
    expect(after.statusCode).toBe(401);
    expect(String(after.headers['set-cookie'])).toMatch(/hotdesk_display=;/);
    expect((await t.app.inject({ method: 'GET', url: '/api/display/me', headers: { cookie: device } })).statusCode).toBe(401);
  });

  it('bad input is a 400 with a message, never a 500', async () => {
    const device = await pairedDisplay();
    expect((await act(device, 'book', { Minutes: 45 })).statusCode).toBe(400);
    expect((await act(device, 'end', { BookingId: 'x' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/display/rooms/abc', headers: { cookie: device } })).statusCode).toBe(400);
  });
});

describe('the door screen', () => {
  it('shows times and state, no names or e-mails, and titles only where the room shows them publicly', async () => {
    const device = await pairedDisplay();
    const current = await meeting(minutes(NOW, -37), 60);
    await meeting(minutes(NOW, 113), 30);
    await meeting(minutes(NOW, 60 * 24), 30); // tomorrow: not today
    const res = await door(device);
    const body = res.json();
    expect(body).toMatchObject({ Busy: true, Room: { Id: roomId, Name: 'Thames', SiteName: 'London HQ' }, CanEnd: true, BookNow: [], DimFrom: '20:00', DimTo: '07:00' });
    expect(body.Current).toMatchObject({ Id: current, Title: '' });
    expect(body.Later).toHaveLength(1);
    for (const secret of ['@', 'Olive', 'Disciplinary', 'visitor']) expect(res.body).not.toContain(secret);

    await t.pool.query('UPDATE rooms SET check_in_shows_descriptions = true WHERE id = $1', [roomId]);
    expect((await door(device)).json().Current.Title).toBe('Disciplinary hearing');
    // (Clinical and restricted rooms cannot have the setting: rooms_check_in_descriptions_public_rooms_only.)
    await t.pool.query('UPDATE rooms SET check_in_shows_descriptions = false WHERE id = $1', [roomId]);
  });
});

describe('Book now', () => {
  it('books from this minute as the "Door display" account, records the display, mails no one; busy afterwards', async () => {
    const device = await pairedDisplay();
    const free = (await door(device)).json();
    expect(free).toMatchObject({ Busy: false, BookNowRefusal: '' });
    expect(free.BookNow.map((c: { Minutes: number }) => c.Minutes)).toEqual([15, 30, 60]);
    const res = await act(device, 'book', { Minutes: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().State).toMatchObject({ Busy: true, Current: { ByDisplay: true, Status: 1, CheckedIn: true } });
    const { rows } = await t.pool.query(
      `SELECT b.starts_at, b.finishes_at, b.status, b.description, b.checked_in_by_name, u.email, array_agg(a.action ORDER BY a.id) AS actions
       FROM bookings b JOIN users u ON u.id = b.booked_by_user_id JOIN display_actions a ON a.booking_id = b.id GROUP BY b.id, u.email`);
    expect(rows).toEqual([{
      starts_at: new Date('2030-01-07T10:07:00Z'), finishes_at: new Date('2030-01-07T10:37:00Z'), status: 1, description: BOOK_NOW_TITLE,
      checked_in_by_name: 'Door display (Thames)', email: DISPLAY_BOOKER_EMAIL, actions: ['booked', 'checkedIn'],
    }]);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM mail_outbox')).rows[0].n).toBe(0);
    expect((await act(device, 'book', { Minutes: 15 })).statusCode).toBe(409);
  });

  it('is cut at the next meeting; not offered with under 5 minutes left; refused where booking is off', async () => {
    const device = await pairedDisplay();
    await meeting(minutes(NOW, 22.5), 60); // 10:30
    const state = (await door(device)).json();
    expect(state.BookNow).toEqual([{ Minutes: 15, Finish: '2030-01-07T10:22:00.000Z' }, { Minutes: 30, Finish: '2030-01-07T10:30:00.000Z' }]);
    expect((await act(device, 'book', { Minutes: 60 })).statusCode).toBe(409);
    expect((await act(device, 'book', { Minutes: 30 })).statusCode).toBe(200);
    expect((await t.pool.query('SELECT max(finishes_at) AS f FROM bookings WHERE starts_at < $1', [minutes(NOW, 20)])).rows[0].f).toEqual(new Date('2030-01-07T10:30:00Z'));

    await t.pool.query('DELETE FROM bookings');
    await meeting(minutes(NOW, 2.5), 30); // 10:10
    expect((await door(device)).json()).toMatchObject({ BookNow: [], BookNowRefusal: 'The next meeting starts in a few minutes.' });
    await t.pool.query('DELETE FROM bookings');
    await t.pool.query('UPDATE rooms SET disabled = true WHERE id = $1', [roomId]);
    try {
      const off = (await door(device)).json();
      expect(off.BookNow).toEqual([]);
      expect(off.BookNowRefusal).toMatch(/not available/);
      expect((await act(device, 'book', { Minutes: 15 })).statusCode).toBe(409);
    } finally {
      await t.pool.query('UPDATE rooms SET disabled = false WHERE id = $1', [roomId]);
    }
  });
});

describe('a closure', () => {
  it("shows the room closed with the closure's reason and offers no Book now; a closure of another room or later does not", async () => {
    const device = await pairedDisplay();
    const close = async (o: { whole?: boolean; room?: number; location?: number; start: Date; mins: number; reason: string }) => {
      const id = (await t.pool.query<{ id: string }>(
        'INSERT INTO closures (site_id, whole_site, starts_at, ends_at, reason, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [siteId, o.whole ?? false, o.start, minutes(o.start, o.mins), o.reason, admin.id])).rows[0]!.id;
      if (!o.whole) await t.pool.query('INSERT INTO closure_places (closure_id, location_id, room_id) VALUES ($1, $2, $3)', [id, o.location ?? null, o.room ?? null]);
    };
    try {
      await close({ room: otherRoomId, start: minutes(NOW, -30), mins: 60, reason: 'Severn only' });
      await close({ room: roomId, start: minutes(NOW, 60), mins: 60, reason: 'Later' });
      expect((await door(device)).json()).toMatchObject({ ClosedReason: null, BookNowRefusal: '' });
      await close({ location: locationId, start: minutes(NOW, -30), mins: 60, reason: 'Floor 1 deep clean' });
      const closed = (await door(device)).json();
      expect(closed).toMatchObject({ ClosedReason: 'Floor 1 deep clean', Busy: false, Current: null, BookNow: [], BookNowRefusal: 'The room is closed: Floor 1 deep clean' });
      // The display cannot book it anyway (the booking rules refuse a closed room), and nothing is written.
      expect((await act(device, 'book', { Minutes: 15 })).statusCode).toBe(409);
      expect((await t.pool.query('SELECT count(*)::int AS n FROM bookings')).rows[0].n).toBe(0);
      t.setNow(minutes(NOW, 31)); // the floor's closure is over
      expect((await door(device)).json()).toMatchObject({ ClosedReason: null, BookNowRefusal: '' });
    } finally {
      await t.pool.query('DELETE FROM closures');
    }
  });
});

describe('Book now in a restricted room', () => {
  it('makes a request (Pending) that is not checked in, and approvers are told', async () => {
    const restricted = await newRoom('Vault', { restricted: true });
    await t.pool.query("INSERT INTO access_grants (scope, scope_id, access_type, user_id) VALUES ('room', $1, 1, $2)", [restricted, roomAdmin.id]);
    const device = await pairedDisplay(restricted);
    const res = await act(device, 'book', { Minutes: 15 }, restricted);
    expect(res.json()).toMatchObject({ Message: 'Requested: this room needs approval.', State: { Busy: true, Current: { Status: 0, CheckedIn: false }, CanEnd: false } });
    expect((await t.pool.query('SELECT to_address FROM mail_outbox')).rows).toEqual([{ to_address: 'roomadmin@example.org' }]);
  });
});

describe('check-in and End now', () => {
  it('checks in inside the window only, recorded as the door display', async () => {
    const device = await pairedDisplay();
    const soon = await meeting(minutes(NOW, 10.5), 30); // 10:18: the window is open
    const later = await meeting(minutes(NOW, 52.5), 30); // 11:00: not yet
    expect((await act(device, 'check-in', { BookingId: later })).json().Error).toMatch(/Check-in opens at 10:45/);
    const res = await act(device, 'check-in', { BookingId: soon });
    expect(res.statusCode).toBe(200);
    expect(res.json().State.Later[0]).toMatchObject({ Id: soon, CheckedIn: true, CanCheckIn: false });
    const { rows } = await t.pool.query('SELECT checked_in_by_name, checked_in_by_user_id FROM bookings WHERE id = $1', [soon]);
    expect(rows[0]).toEqual({ checked_in_by_name: 'Door display (Thames)', checked_in_by_user_id: null });
    expect((await act(device, 'check-in', { BookingId: soon })).json().Message).toMatch(/already checked in/);
  });

  it('ends the meeting under way this minute and frees the room; refuses one not under way', async () => {
    const device = await pairedDisplay();
    const current = await meeting(minutes(NOW, -37.5), 60); // 09:30-10:30
    const next = await meeting(minutes(NOW, 82.5), 30); // 11:30
    expect((await act(device, 'end', { BookingId: next })).json().Error).toBe(NOT_CURRENT);
    const res = await act(device, 'end', { BookingId: current });
    expect(res.json()).toMatchObject({ Message: ENDED, State: { Busy: false, Current: null } });
    const { rows } = await t.pool.query('SELECT finishes_at, status FROM bookings WHERE id = $1', [current]);
    expect(rows[0]).toEqual({ finishes_at: new Date('2030-01-07T10:07:00Z'), status: 1 });
    expect((await t.pool.query("SELECT action FROM display_actions WHERE booking_id = $1", [current])).rows).toEqual([{ action: 'ended' }]);
    // The room is free at once: Book now works.
    const booked = (await act(device, 'book', { Minutes: 15 })).json().State.Current.Id;
    // Ended in the minute it began: cancelled (it cannot end at a whole minute after its start); free again.
    const again = await act(device, 'end', { BookingId: booked });
    expect(again.json()).toMatchObject({ Message: ENDED, State: { Busy: false } });
    expect((await t.pool.query('SELECT status, cancellation_reason FROM bookings WHERE id = $1', [booked])).rows[0])
      .toEqual({ status: 3, cancellation_reason: ENDED_BEFORE_IT_BEGAN });
  });
});

describe('live', () => {
  it("tells the display 'changed' for its own room only, with no data", async () => {
    const device = await pairedDisplay();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const refused = await SseTestClient.open(`${url}/api/display/rooms/${roomId}/live`, { cookie: staff.cookie });
    expect(refused.status).toBe(401);
    refused.close();
    const client = await SseTestClient.open(`${url}/api/display/rooms/${roomId}/live`, { cookie: device });
    try {
      expect(client.status).toBe(200);
      await client.waitFor((e) => e.event === 'ready');
      await meeting(minutes(NOW, 200), 30, { room: otherRoomId });
      const mine = await meeting(minutes(NOW, 300), 30);
      const changed = await client.waitFor((e) => e.event === 'changed', 5000);
      expect(changed.data).toBe('{}');
      await new Promise((r) => setTimeout(r, 300));
      expect(client.events.filter((e) => e.event === 'changed')).toHaveLength(1);
      // No event's data names the booking (data only: the event ids and the arrival times the test client
      // adds are numbers whose digits may hold the booking's id).
      for (const e of client.events) expect(e.data).not.toMatch(new RegExp(`\\b${mine}\\b`));
    } finally {
      client.close();
    }
  });
});
