import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertBooking } from '../myBookings/bookingTestKit.js';
import { call, newPlace, newTeam } from '../orgAccess/orgTestKit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser, manager: TestUser, approver: TestUser, zoe: TestUser;
let place: Awaited<ReturnType<typeof newPlace>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t);
  manager = await createUser(t, { roles: ['Booking Manager'] });
  approver = await createUser(t);
  zoe = await createUser(t, { name: 'Zoe Quinnell', email: 'zoe.q@example.org' });
  await createUser(t, { name: 'Adam Zoeller', email: 'adam@example.org' });
  place = await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [approver.id] });
  await t.pool.query("INSERT INTO teams (name) VALUES ('Facilities'), ('HR'), ('Finance')");
});
afterAll(() => t.dropDatabase());

describe('GET /api/users/search/{text}', () => {
  it('finds people by name or e-mail for admins, booking managers and room approvers', async () => {
    for (const who of [admin, manager, approver]) {
      const res = await call(t, who, 'GET', '/api/users/search/zoe');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((p: { FullName: string }) => p.FullName)).toEqual(['Zoe Quinnell', 'Adam Zoeller']);
    }
    expect((await call(t, admin, 'GET', '/api/users/search/ZOE.Q@')).json()).toEqual([{ Id: zoe.id, FullName: 'Zoe Quinnell', Email: 'zoe.q@example.org' }]);
  });
  it('needs at least 3 characters', async () => {
    const res = await call(t, admin, 'GET', '/api/users/search/zo');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Error: 'Please enter at least 3 characters' });
    expect((await call(t, admin, 'GET', `/api/users/search/${encodeURIComponent('  z ')}`)).statusCode).toBe(400);
  });
  it('answers at most 50 people', async () => {
    for (let i = 0; i < 55; i++) await t.pool.query("INSERT INTO users (email, full_name) VALUES ($1, 'Bulk Person')", [`bulk${i}@example.org`]);
    expect((await call(t, admin, 'GET', '/api/users/search/bulk')).json()).toHaveLength(50);
  });
  it('is refused for staff (403) and signed out (401)', async () => {
    expect((await call(t, staff, 'GET', '/api/users/search/zoe')).statusCode).toBe(403);
    expect((await call(t, undefined, 'GET', '/api/users/search/zoe')).statusCode).toBe(401);
  });
});

describe('GET /api/users/searchTeams/{text}', () => {
  it('finds teams by name (short names allowed)', async () => {
    expect((await call(t, admin, 'GET', '/api/users/searchTeams/hr')).json()).toEqual([{ Id: expect.any(Number), Name: 'HR' }]);
    expect((await call(t, approver, 'GET', '/api/users/searchTeams/fin')).json().map((x: { Name: string }) => x.Name)).toEqual(['Finance']);
  });
  it('is refused for staff (403) and signed out (401)', async () => {
    expect((await call(t, staff, 'GET', '/api/users/searchTeams/hr')).statusCode).toBe(403);
    expect((await call(t, undefined, 'GET', '/api/users/searchTeams/hr')).statusCode).toBe(401);
  });
});

describe('GET /api/users/{id}', () => {
  const zoeCard = () => ({ Id: zoe.id, FullName: 'Zoe Quinnell', Email: 'zoe.q@example.org', Photo: null, UseTeams: false });
  it('answers Id, FullName, Email, Photo and UseTeams to the person themself, admins and booking managers', async () => {
    for (const who of [zoe, admin, manager]) {
      const res = await call(t, who, 'GET', `/api/users/${zoe.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(zoeCard());
    }
    expect((await call(t, staff, 'GET', `/api/users/${staff.id}`)).json()).toMatchObject({ Id: staff.id, Email: staff.email });
    expect((await call(t, admin, 'GET', '/api/users/999999')).statusCode).toBe(404);
  });
  it('tells staff walking ids nothing about strangers: every other id is 404, like an id nobody has (issue 18)', async () => {
    const { rows } = await t.pool.query<{ max: number }>('SELECT max(id) AS max FROM users');
    const nobody = await call(t, staff, 'GET', '/api/users/999999');
    expect(nobody.statusCode).toBe(404);
    for (const who of [staff, approver]) {
      for (let id = 1; id <= rows[0]!.max + 3; id++) {
        if (id === who.id) continue;
        const res = await call(t, who, 'GET', `/api/users/${id}`);
        expect(res.statusCode, `id ${id}`).toBe(404);
        expect(res.body).toBe(nobody.body);
        expect(res.body).not.toMatch(/@/);
      }
    }
  });
  it('gives staff the name and photo (not the e-mail) of someone they share a booking with, both ways', async () => {
    const booker = await createUser(t, { name: 'Bea Booker' });
    const guest = await createUser(t, { name: 'Gus Guest', email: 'gus.guest@example.org' });
    const other = await createUser(t);
    const start = new Date('2031-03-03T09:00:00Z');
    await insertBooking(t.pool, { siteId: place.siteId, locationId: place.locationId, roomId: place.roomId, userId: booker.id,
      start, finish: new Date(start.getTime() + 3_600_000), onBehalfOf: 'GUS.Guest@example.org' });
    expect((await call(t, booker, 'GET', `/api/users/${guest.id}`)).json()).toEqual({ Id: guest.id, FullName: 'Gus Guest', Photo: null });
    expect((await call(t, guest, 'GET', `/api/users/${booker.id}`)).json()).toEqual({ Id: booker.id, FullName: 'Bea Booker', Photo: null });
    expect((await call(t, other, 'GET', `/api/users/${guest.id}`)).statusCode).toBe(404);
    expect((await call(t, other, 'GET', `/api/users/${booker.id}`)).statusCode).toBe(404);
  });
  it('is refused when signed out (401)', async () => {
    expect((await call(t, undefined, 'GET', `/api/users/${zoe.id}`)).statusCode).toBe(401);
  });
  it('does not shadow /api/users/current/isAuthenticated', async () => {
    const res = await call(t, staff, 'GET', '/api/users/current/isAuthenticated');
    expect(res.body).toBe('true');
  });
});

describe('GET /api/teams', () => {
  it('lists teams (Id, Name) by name for anyone signed in', async () => {
    const id = await newTeam(t, [staff.id]);
    const res = await call(t, staff, 'GET', '/api/teams');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((x: { Name: string }) => x.Name);
    expect(names.slice(0, 3)).toEqual(['Facilities', 'Finance', 'HR']);
    expect(res.json()).toContainEqual({ Id: id, Name: expect.any(String) });
    expect((await call(t, undefined, 'GET', '/api/teams')).statusCode).toBe(401);
  });
});
