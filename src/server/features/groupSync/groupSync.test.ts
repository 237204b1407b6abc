import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_GROUP_MESSAGES } from '../../../domain/wire/admin.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { startTestIdp, toAppCallback, type TestIdp } from '../../testing/oidcProvider.js';
import { call } from '../orgAccess/orgTestKit.js';

/**
 * Identity-provider groups → roles and teams at OpenID Connect sign-in, against the real test provider
 * (oidc-provider on loopback): each sign-in is the full browser round trip, the groups travel in the
 * ID token (or userinfo) exactly as a provider sends them.
 */
let idp: TestIdp;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let appUrl: string;
let localAdmin: TestUser;
const ROLE_GROUPS = 'hotdesk-admins=Admin;hotdesk-managers=Booking Manager;hotdesk-reports=Reporting';

beforeAll(async () => {
  idp = await startTestIdp();
  t = await buildTestApp({ env: {
    OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_GROUPS_CLAIM: 'groups', OIDC_ROLE_GROUPS: ROLE_GROUPS,
  } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  idp.start(`${appUrl}/auth/oidc/callback`);
  // A local admin, so that taking Admin from a group-managed person is not the last-admin case.
  localAdmin = await createUser(t, { roles: ['Admin'] });
});
afterAll(async () => { await t.dropDatabase(); await idp.close(); });

let people = 0;
/** A new person of the provider: their subject, e-mail and the claims a sign-in sends besides groups. */
const newPerson = () => {
  const n = ++people;
  return { sub: `sub-sync-${n}`, claims: { email: `synced${n}@example.org`, name: `Synced Person ${n}` } };
};
type Person = ReturnType<typeof newPerson>;

/** Signs `p` in with these groups (undefined: no groups claim at all); answers the person's profile. */
async function signIn(p: Person, groups: unknown, opts?: { userinfoOnly?: string[] }) {
  const claims = groups === undefined ? p.claims : { ...p.claims, groups };
  const { browser, callbackUrl } = await toAppCallback(idp, appUrl, p.sub, claims, opts);
  const res = await browser.get(callbackUrl);
  expect(res.status, await res.clone().text()).toBe(302);
  const cookie = `hotdesk_session=${browser.cookie(appUrl, 'hotdesk_session')}`;
  return (await (await fetch(`${appUrl}/api/settings`, { headers: { cookie } })).json()).Profile as Profile;
}
interface Profile { Id: number; Email: string; Roles: { Name: string }[]; Teams: { Id: number; Name: string }[] }

const rolesOf = (p: Profile) => p.Roles.map((r) => r.Name).sort();
const teamsOf = (p: Profile) => p.Teams.map((x) => x.Name).sort();
const profileOf = async (email: string) => (await call(t, localAdmin, 'GET', `/api/users/${encodeURIComponent(email)}/roles`)).json() as Profile;

let teamNo = 0;
async function newTeam(name: string, oidcGroup?: string | null) {
  const res = await call(t, localAdmin, 'POST', '/api/teams', { Name: `${name} ${++teamNo}`, ...(oidcGroup === undefined ? {} : { OidcGroup: oidcGroup }) });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { Id: number; Name: string; OidcGroup: string | null };
}
const setMembers = async (teamId: number, userIds: number[]) =>
  expect((await call(t, localAdmin, 'POST', `/api/teams/${teamId}/members`, { UserIds: userIds })).statusCode).toBe(200);

describe('roles from groups (OIDC_ROLE_GROUPS)', () => {
  it('grants the roles of the groups in the ID token at first sign-in', async () => {
    const profile = await signIn(newPerson(), ['hotdesk-admins', 'hotdesk-reports', 'some-other-group']);
    expect(rolesOf(profile)).toEqual(['Admin', 'Reporting']);
  });

  it('removes a role when its group is gone at the next sign-in, and adds the new group\'s role', async () => {
    const p = newPerson();
    expect(rolesOf(await signIn(p, ['hotdesk-admins', 'hotdesk-reports']))).toEqual(['Admin', 'Reporting']);
    expect(rolesOf(await signIn(p, ['hotdesk-managers']))).toEqual(['Booking Manager']);
  });

  it('matches groups in any case (an Entra ID object id pasted in capitals)', async () => {
    expect(rolesOf(await signIn(newPerson(), ['HOTDESK-Reports']))).toEqual(['Reporting']);
  });

  it('keeps roles an admin gave by hand that the mapping does not name', async () => {
    const p = newPerson();
    const first = await signIn(p, ['hotdesk-reports']);
    const notRestricted = 4, reporting = 2;
    expect((await call(t, localAdmin, 'POST', `/api/users/${first.Email}/roles`, { RoleIds: [notRestricted, reporting] })).statusCode).toBe(200);
    // In no group at all now: the mapped role goes, the hand-given one stays.
    expect(rolesOf(await signIn(p, []))).toEqual(['Not Restricted']);
  });

  it('reads the groups from userinfo when the ID token does not carry them', async () => {
    const p = newPerson();
    expect(rolesOf(await signIn(p, ['hotdesk-managers'], { userinfoOnly: ['groups'] }))).toEqual(['Booking Manager']);
    expect(rolesOf(await signIn(p, [], { userinfoOnly: ['groups'] }))).toEqual([]);
  });
});

describe('a claim that cannot be gone by changes nothing', () => {
  it('an absent groups claim keeps roles and group-linked teams as they were', async () => {
    const p = newPerson();
    const team = await newTeam('Absent Claim', `grp-absent-${teamNo}`);
    const before = await signIn(p, ['hotdesk-admins', 'hotdesk-managers', team.OidcGroup]);
    expect(rolesOf(before)).toEqual(['Admin', 'Booking Manager']);
    expect(teamsOf(before)).toEqual([team.Name]);
    const after = await signIn(p, undefined);
    expect(rolesOf(after)).toEqual(['Admin', 'Booking Manager']);
    expect(teamsOf(after)).toEqual([team.Name]);
  });

  it('an Entra ID group overage (a link to Graph instead of the groups) is not followed: nothing changes', async () => {
    const p = newPerson();
    expect(rolesOf(await signIn(p, ['hotdesk-reports']))).toEqual(['Reporting']);
    // The token points at Graph for the groups; userinfo would offer a list, but an overage is not guessed around.
    const overage = { _claim_names: { groups: 'src1' }, _claim_sources: { src1: { endpoint: 'https://graph.microsoft.com/v1.0/users/x/getMemberObjects' } } };
    const { browser, callbackUrl } = await toAppCallback(idp, appUrl, p.sub, { ...p.claims, ...overage, groups: [] }, { userinfoOnly: ['groups'] });
    expect((await browser.get(callbackUrl)).status).toBe(302);
    expect(rolesOf(await profileOf(p.claims.email))).toEqual(['Reporting']);
  });

  it.each([
    ['a number', 42],
    ['a list with a non-string', ['hotdesk-admins', 7]],
    ['an object', { value: ['hotdesk-admins'] }],
  ])('an unreadable claim (%s) keeps everything as it was', async (_n, groups) => {
    const p = newPerson();
    expect(rolesOf(await signIn(p, ['hotdesk-reports']))).toEqual(['Reporting']);
    expect(rolesOf(await signIn(p, groups))).toEqual(['Reporting']);
  });
});

describe('teams linked to a group', () => {
  it('adds the person to linked teams whose group is in the claim, removes them from the others, and leaves hand-managed teams alone', async () => {
    const facilities = await newTeam('Facilities', '3f2a6c1e-1111-4000-8000-00000000abcd');
    const nights = await newTeam('Night Shift', 'night-shift');
    const handMade = await newTeam('Hand Made');
    const p = newPerson();
    const first = await signIn(p, ['3F2A6C1E-1111-4000-8000-00000000ABCD']);
    expect(teamsOf(first)).toEqual([facilities.Name]);
    // An admin adds them by hand to a hand-managed team and to a linked team whose group they are not in.
    await setMembers(handMade.Id, [first.Id]);
    await setMembers(nights.Id, [first.Id]);
    expect(teamsOf(await profileOf(first.Email))).toEqual([facilities.Name, handMade.Name, nights.Name].sort());
    // Next sign-in: the claim decides the linked teams; the hand-managed one is kept.
    const second = await signIn(p, ['night-shift']);
    expect(teamsOf(second)).toEqual([handMade.Name, nights.Name].sort());
    const third = await signIn(p, []);
    expect(teamsOf(third)).toEqual([handMade.Name]);
    // Other members of a linked team are not touched by this person's sign-in.
    const other = await signIn(newPerson(), ['night-shift']);
    await signIn(p, []);
    expect((await call(t, localAdmin, 'GET', `/api/teams/${nights.Id}/members`)).json().Members.map((m: { Id: number }) => m.Id)).toEqual([other.Id]);
  });

  it('a team unlinked from its group is hand-managed again: sign-in no longer removes its members', async () => {
    const team = await newTeam('Unlinked Later', `grp-unlink-${teamNo}`);
    const p = newPerson();
    const profile = await signIn(p, [team.OidcGroup]);
    expect(teamsOf(profile)).toEqual([team.Name]);
    expect((await call(t, localAdmin, 'POST', `/api/teams/${team.Id}`, { Name: team.Name, OidcGroup: null })).json().OidcGroup).toBeNull();
    expect(teamsOf(await signIn(p, []))).toEqual([team.Name]);
  });
});

describe('the last admin', () => {
  it('keeps the Admin role when the groups would take it from the last admin (other mapped roles still go)', async () => {
    const p = newPerson();
    const me = await signIn(p, ['hotdesk-admins', 'hotdesk-reports']);
    // Make this person the only admin (the fixtures' admins step down directly in the database).
    const others = (await t.pool.query<{ user_id: number }>('DELETE FROM user_roles WHERE role_id = 1 AND user_id <> $1 RETURNING user_id', [me.Id])).rows;
    try {
      const after = await signIn(p, []);
      expect(rolesOf(after)).toEqual(['Admin']);
      // Once someone else is an admin again, the next sign-in removes it.
      await t.pool.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, 1)', [localAdmin.id]);
      expect(rolesOf(await signIn(p, []))).toEqual([]);
    } finally {
      for (const o of others) await t.pool.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, 1) ON CONFLICT DO NOTHING', [o.user_id]);
    }
  });

  it('two admins losing their group at the same moment: exactly one keeps the Admin role', async () => {
    const a = newPerson(), b = newPerson();
    const pa = await signIn(a, ['hotdesk-admins']);
    const pb = await signIn(b, ['hotdesk-admins']);
    const others = (await t.pool.query<{ user_id: number }>('DELETE FROM user_roles WHERE role_id = 1 AND NOT (user_id = ANY ($1::int[])) RETURNING user_id', [[pa.Id, pb.Id]])).rows;
    try {
      const tripA = await toAppCallback(idp, appUrl, a.sub, { ...a.claims, groups: [] });
      const tripB = await toAppCallback(idp, appUrl, b.sub, { ...b.claims, groups: [] });
      const answers = await Promise.all([tripA.browser.get(tripA.callbackUrl), tripB.browser.get(tripB.callbackUrl)]);
      expect(answers.map((r) => r.status)).toEqual([302, 302]);
      const admins = (await t.pool.query<{ user_id: number }>('SELECT user_id FROM user_roles WHERE role_id = 1')).rows.map((r) => r.user_id);
      expect(admins).toHaveLength(1);
      expect([pa.Id, pb.Id]).toContain(admins[0]);
    } finally {
      for (const o of others) await t.pool.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, 1) ON CONFLICT DO NOTHING', [o.user_id]);
    }
  });
});

describe('linking a team to a group (admins)', () => {
  it('sets the group at creation, keeps it on a rename without OidcGroup, changes and unlinks it (null or blank)', async () => {
    const team = await newTeam('Linked', '  hotdesk-linked  ');
    expect(team.OidcGroup).toBe('hotdesk-linked');
    const renamed = await call(t, localAdmin, 'POST', `/api/teams/${team.Id}`, { Name: `${team.Name} renamed` });
    expect(renamed.json()).toEqual({ Id: team.Id, Name: `${team.Name} renamed`, OidcGroup: 'hotdesk-linked' });
    expect((await call(t, localAdmin, 'POST', `/api/teams/${team.Id}`, { Name: team.Name, oidcGroup: 'other-group' })).json().OidcGroup).toBe('other-group');
    expect((await call(t, localAdmin, 'GET', `/api/teams/${team.Id}/members`)).json()).toMatchObject({ OidcGroup: 'other-group' });
    expect((await call(t, localAdmin, 'POST', `/api/teams/${team.Id}`, { Name: team.Name, OidcGroup: '   ' })).json().OidcGroup).toBeNull();
  });

  it('refuses a group another team is linked to, in any case (409), changing nothing', async () => {
    const first = await newTeam('First', 'shared-group');
    const res = await call(t, localAdmin, 'POST', '/api/teams', { Name: 'Second', OidcGroup: 'SHARED-GROUP' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ Error: 'Another team is already linked to this group.', Code: 'CONFLICT' });
    const other = await newTeam('Third');
    expect((await call(t, localAdmin, 'POST', `/api/teams/${other.Id}`, { Name: other.Name, OidcGroup: 'Shared-Group' })).statusCode).toBe(409);
    expect((await t.pool.query('SELECT oidc_group FROM teams WHERE id = $1', [other.Id])).rows[0].oidc_group).toBeNull();
    expect((await t.pool.query('SELECT oidc_group FROM teams WHERE id = $1', [first.Id])).rows[0].oidc_group).toBe('shared-group');
  });

  it.each([
    ['a group over 400 characters', 'g'.repeat(401), OIDC_GROUP_MESSAGES.tooLong],
    ['a line break', 'hotdesk\nadmins', OIDC_GROUP_MESSAGES.control],
    ['a NUL character', 'hotdesk\u0000', OIDC_GROUP_MESSAGES.control],
    ['a number', 42, /string/],
    ['a list', ['a'], /string/],
  ])('answers 400 for %s, naming OidcGroup', async (_n, value, message) => {
    const res = await call(t, localAdmin, 'POST', '/api/teams', { Name: `Bad group ${Math.random()}`, OidcGroup: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.OidcGroup).toMatch(message);
  });

  it('GET /api/teams/groupSync lists teams with their groups and shows the configuration', async () => {
    const team = await newTeam('Listed', 'listed-group');
    const res = await call(t, localAdmin, 'GET', '/api/teams/groupSync');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      GroupsClaim: 'groups',
      RoleGroups: [{ Group: 'hotdesk-admins', Role: 'Admin' }, { Group: 'hotdesk-managers', Role: 'Booking Manager' }, { Group: 'hotdesk-reports', Role: 'Reporting' }],
    });
    expect(res.json().Teams).toContainEqual({ Id: team.Id, Name: team.Name, OidcGroup: 'listed-group' });
    // GET /api/teams (every signed-in person) does not show groups.
    const staff = await createUser(t);
    expect((await call(t, staff, 'GET', '/api/teams')).json()).toContainEqual({ Id: team.Id, Name: team.Name });
    expect((await call(t, staff, 'GET', '/api/teams/groupSync')).statusCode).toBe(403);
  });
});
