import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { call, newPlace, newTeam } from '../orgAccess/orgTestKit.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser, manager: TestUser, approver: TestUser, zoe: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t);
  manager = await createUser(t, { roles: ['Booking Manager'] });
  approver = await createUser(t);
  zoe = await createUser(t, { name: 'Zoe Quinnell', email: 'zoe.q@example.org' });
  await createUser(t, { name: 'Adam Zoeller', email: 'adam@example.org' });
  await newPlace(t, admin, { RestrictRoomAccess: true, RoomAdminUsers: [approver.id] });
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
  it('answers Id, FullName, Email, Photo and UseTeams to anyone signed in', async () => {
    const res = await call(t, staff, 'GET', `/api/users/${zoe.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Id: zoe.id, FullName: 'Zoe Quinnell', Email: 'zoe.q@example.org', Photo: null, UseTeams: false });
    expect((await call(t, staff, 'GET', '/api/users/999999')).statusCode).toBe(404);
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
