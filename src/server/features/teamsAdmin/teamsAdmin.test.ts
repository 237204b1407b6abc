import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { grant, insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { call } from '../orgAccess/orgTestKit.js';
import { TEAM_ON_DESKS_MESSAGE } from './teamsAdmin.service.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, manager: TestUser, reporter: TestUser, staff: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  manager = await createUser(t, { roles: ['Booking Manager'] });
  reporter = await createUser(t, { roles: ['Reporting'] });
  staff = await createUser(t, { name: 'Staff Person' });
});
afterAll(() => t.dropDatabase());

const createTeam = async (name: string) => {
  const res = await call(t, admin, 'POST', '/api/teams', { Name: name });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { Id: number; Name: string };
};
const memberIds = async (teamId: number) =>
  (await t.pool.query<{ user_id: number }>('SELECT user_id FROM team_members WHERE team_id = $1 ORDER BY user_id', [teamId])).rows.map((r) => r.user_id);

describe('POST /api/teams (create)', () => {
  it('creates a team with a trimmed name; GET /api/teams lists it', async () => {
    const res = await call(t, admin, 'POST', '/api/teams', { name: '  Facilities  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Id: expect.any(Number), Name: 'Facilities', OidcGroup: null });
    expect((await call(t, staff, 'GET', '/api/teams')).json()).toContainEqual({ Id: res.json().Id, Name: 'Facilities' });
  });

  it.each([['FACILITIES'], ['facilities']])('refuses a duplicate name in any case (%s) with 409', async (name) => {
    const res = await call(t, admin, 'POST', '/api/teams', { Name: name });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Error: 'A team with this name already exists.', Code: 'CONFLICT' });
  });

  it.each([
    ['an empty name', { Name: '' }, 'Team name is mandatory'],
    ['a blank name', { Name: '   ' }, 'Team name is mandatory'],
    ['no name', {}, /./],
    ['a name over 200 characters', { Name: 'x'.repeat(201) }, /200/],
  ])('answers 400 for %s', async (_n, body, message) => {
    const res = await call(t, admin, 'POST', '/api/teams', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Name).toMatch(message);
  });
});

describe('POST /api/teams/{id} (rename)', () => {
  it('renames', async () => {
    const team = await createTeam('Old Name');
    const res = await call(t, admin, 'POST', `/api/teams/${team.Id}`, { Name: 'New Name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Id: team.Id, Name: 'New Name', OidcGroup: null });
    // Changing only the case of its own name is allowed.
    expect((await call(t, admin, 'POST', `/api/teams/${team.Id}`, { Name: 'NEW NAME' })).statusCode).toBe(200);
  });
  it('refuses a name another team has (409), and an unknown team (404), and an empty name (400)', async () => {
    const team = await createTeam('Renamed Later');
    expect((await call(t, admin, 'POST', `/api/teams/${team.Id}`, { Name: 'facilities' })).statusCode).toBe(409);
    expect((await call(t, admin, 'POST', '/api/teams/999999', { Name: 'X' })).statusCode).toBe(404);
    const empty = await call(t, admin, 'POST', `/api/teams/${team.Id}`, { Name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors).toEqual({ Name: 'Team name is mandatory' });
  });
});

describe('team members', () => {
  it('replaces the members with exactly the given people and answers them; GET lists them', async () => {
    const team = await createTeam('Members Team');
    const a = await createUser(t, { name: 'Alice A' });
    const b = await createUser(t, { name: 'Bob B' });
    const res = await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: [b.id, a.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Id: team.Id, Name: 'Members Team', OidcGroup: null,
      Members: [{ Id: a.id, FullName: 'Alice A', Email: a.email }, { Id: b.id, FullName: 'Bob B', Email: b.email }],
    });
    // Person objects are accepted too (what a picker holds); the set is replaced.
    await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: [{ Id: b.id, FullName: 'Bob B' }, staff.id] });
    expect(await memberIds(team.Id)).toEqual([b.id, staff.id].sort((x, y) => x - y));
    const got = await call(t, admin, 'GET', `/api/teams/${team.Id}/members`);
    expect(got.json().Members.map((m: { Id: number }) => m.Id).sort()).toEqual([b.id, staff.id].sort());
    // Membership shows in the member's profile at once.
    const profile = (await call(t, staff, 'GET', '/api/settings')).json().Profile;
    expect(profile.Teams).toContainEqual({ Id: team.Id, Name: 'Members Team' });
    await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: [] });
    expect(await memberIds(team.Id)).toEqual([]);
  });

  it('answers 400 for an unknown person (changing nothing) and 404 for an unknown team', async () => {
    const team = await createTeam('Strict Team');
    await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: [staff.id] });
    const res = await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: [staff.id, 999999] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Error: 'Unknown person: 999999', Code: 'BAD_INPUT', Errors: { UserIds: 'Unknown person: 999999' } });
    expect(await memberIds(team.Id)).toEqual([staff.id]);
    expect((await call(t, admin, 'POST', '/api/teams/999999/members', { UserIds: [] })).statusCode).toBe(404);
    expect((await call(t, admin, 'GET', '/api/teams/999999/members')).statusCode).toBe(404);
    expect((await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: 'all' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/teams/{id}', () => {
  it('deletes the team, its memberships and access-list entries naming it', async () => {
    const team = await createTeam('Doomed');
    await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: [staff.id] });
    const site = await insertSite(t.pool);
    await grant(t.pool, { scope: 'site', scopeId: site, accessType: 0, teamId: team.Id });
    // Through the team, staff is a site-level admin ...
    expect((await call(t, staff, 'GET', '/api/settings')).json().Profile.SiteLvlAdmin).toBe(true);
    const res = await call(t, admin, 'DELETE', `/api/teams/${team.Id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    expect((await t.pool.query('SELECT 1 FROM teams WHERE id = $1', [team.Id])).rowCount).toBe(0);
    expect(await memberIds(team.Id)).toEqual([]);
    expect((await t.pool.query('SELECT 1 FROM access_grants WHERE team_id = $1', [team.Id])).rowCount).toBe(0);
    // ... and no longer.
    expect((await call(t, staff, 'GET', '/api/settings')).json().Profile.SiteLvlAdmin).toBe(false);
    expect((await call(t, admin, 'DELETE', `/api/teams/${team.Id}`)).statusCode).toBe(404);
  });

  it('refuses (409) while desks of a floorplan are assigned to the team', async () => {
    const team = await createTeam('Desk Owners');
    const site = await insertSite(t.pool);
    const loc = await insertLocation(t.pool, site);
    await insertPublishedFloorplan(t.pool, loc, [{ id: 'D1', assignedTeams: [team.Id] }, { id: 'D2' }]);
    const res = await call(t, admin, 'DELETE', `/api/teams/${team.Id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Error: TEAM_ON_DESKS_MESSAGE, Code: 'CONFLICT' });
    expect((await t.pool.query('SELECT 1 FROM teams WHERE id = $1', [team.Id])).rowCount).toBe(1);
  });
});

describe('refusals', () => {
  const calls = (teamId: number): [string, 'POST' | 'DELETE' | 'GET', string, unknown][] => [
    ['create', 'POST', '/api/teams', { Name: 'Sneaky Team' }],
    ['rename', 'POST', `/api/teams/${teamId}`, { Name: 'Sneaky Rename' }],
    ['members', 'POST', `/api/teams/${teamId}/members`, { UserIds: [] }],
    ['list members', 'GET', `/api/teams/${teamId}/members`, undefined],
    ['delete', 'DELETE', `/api/teams/${teamId}`, undefined],
  ];
  it.each([
    ['a Booking Manager', () => manager, 403],
    ['a Reporting user', () => reporter, 403],
    ['staff', () => staff, 403],
    ['a signed-out caller', () => undefined, 401],
  ])('refuses %s (%i) everything and changes nothing', async (_n, who, status) => {
    const team = await createTeam(`Guarded ${status} ${Math.random()}`);
    await call(t, admin, 'POST', `/api/teams/${team.Id}/members`, { UserIds: [staff.id] });
    for (const [, method, url, body] of calls(team.Id)) {
      expect((await call(t, who(), method, url, body)).statusCode, `${method} ${url}`).toBe(status);
    }
    expect((await t.pool.query('SELECT name FROM teams WHERE id = $1', [team.Id])).rows[0].name).toBe(team.Name);
    expect(await memberIds(team.Id)).toEqual([staff.id]);
    expect((await t.pool.query("SELECT 1 FROM teams WHERE name = 'Sneaky Team'")).rowCount).toBe(0);
  });
});
