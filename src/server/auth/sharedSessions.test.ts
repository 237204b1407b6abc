import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, sessionCookieFrom, type TestUser } from '../testing/testApp.js';
import { Browser, startTestIdp, type TestIdp } from '../testing/oidcProvider.js';
import { SIGN_IN_LIMITS } from './signInLimiter.js';

/**
 * Two app instances on one database, as behind a load balancer: whatever one instance knows about
 * sessions, sign-in attempts and sign-in round trips, the other knows too.
 */
type T = Awaited<ReturnType<typeof buildTestApp>>;
const PUBLIC_URL = 'http://hotdesk.test'; // the load balancer's address; never fetched
let idp: TestIdp;
let a: T, b: T;
let person: TestUser;
beforeAll(async () => {
  idp = await startTestIdp();
  idp.start(`${PUBLIC_URL}/auth/oidc/callback`);
  const env = { PUBLIC_URL, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret };
  a = await buildTestApp({ env });
  b = await buildTestApp({ env, pool: a.pool });
  person = await createUser(a, { email: 'shared@example.org', name: 'Shared Person' });
});
afterAll(async () => { await b.close(); await a.dropDatabase(); await idp.close(); });

const signIn = async (on: T, cookie?: string) => {
  const res = await on.app.inject({ method: 'POST', url: '/auth/login', headers: cookie ? { cookie } : {}, payload: { email: person.email, password: person.password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res)!;
};
const isAuthenticated = async (on: T, cookie: string) =>
  (await on.app.inject({ method: 'GET', url: '/api/users/current/isAuthenticated', headers: { cookie } })).body;

describe('sessions shared by two instances', () => {
  it('a session started on one instance is valid on the other', async () => {
    const cookie = await signIn(a);
    expect(await isAuthenticated(b, cookie)).toBe('true');
    const res = await b.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().Profile).toMatchObject({ Id: person.id, FullName: 'Shared Person' });
  });

  it('signing out on the other instance ends the session on the first', async () => {
    const cookie = await signIn(a);
    const out = await b.app.inject({ method: 'GET', url: '/MicrosoftIdentity/Account/SignOut', headers: { cookie } });
    expect(out.statusCode).toBe(303);
    expect(await isAuthenticated(a, cookie)).toBe('false');
    expect((await a.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).statusCode).toBe(401);
  });

  it('signing in again on one instance ends the old session on both', async () => {
    const old = await signIn(a);
    const fresh = await signIn(b, old);
    expect(await isAuthenticated(a, old)).toBe('false');
    expect(await isAuthenticated(a, fresh)).toBe('true');
  });

  it('a role given while signed in counts on both instances at the next request', async () => {
    const cookie = await signIn(a);
    const settings = { MaintenanceMode: false, RoomBookingEnabled: true, DeskBookingEnabled: true, GlobalDeskConstraint: { Number: 1, Type: 1, ResourceType: 2 }, GlobalRoomConstraint: { Number: 1, Type: 1, ResourceType: 1 } };
    expect((await b.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie }, payload: settings })).statusCode).toBe(403);
    await a.pool.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, 1)', [person.id]);
    expect((await b.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie }, payload: settings })).statusCode).toBe(200);
    await a.pool.query('DELETE FROM user_roles WHERE user_id = $1', [person.id]);
    expect((await a.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie }, payload: settings })).statusCode).toBe(403);
  });

  it('joining or leaving a team that is a site resource admin counts on both instances at the next request', async () => {
    // The derived flags are kept in memory per instance (CallerCache); this proves the versions read
    // with every session lookup retire them the moment team membership changes anywhere.
    const cookie = await signIn(a);
    const site = (await a.pool.query("INSERT INTO sites (title, time_zone) VALUES ('Shared site', 'Europe/London') RETURNING id")).rows[0].id;
    const team = (await a.pool.query("INSERT INTO teams (name) VALUES ('Reception team') RETURNING id")).rows[0].id;
    await a.pool.query("INSERT INTO access_grants (scope, scope_id, access_type, team_id) VALUES ('site', $1, 0, $2)", [site, team]);
    const mySites = (on: T) => on.app.inject({ method: 'GET', url: '/api/sites/my', headers: { cookie } });
    expect((await mySites(a)).statusCode).toBe(403);
    expect((await mySites(b)).statusCode).toBe(403);
    await a.pool.query('INSERT INTO team_members (team_id, user_id) VALUES ($1, $2)', [team, person.id]);
    expect((await mySites(b)).statusCode).toBe(200);
    expect((await mySites(a)).statusCode).toBe(200);
    await b.pool.query('DELETE FROM team_members WHERE team_id = $1', [team]);
    expect((await mySites(a)).statusCode).toBe(403);
    expect((await mySites(b)).statusCode).toBe(403);
  });
});

describe('the sign-in limit shared by two instances', () => {
  it('counts failures on both instances together', async () => {
    const victim = await createUser(a, { email: 'limited@example.org' });
    const attempt = (on: T, password: string) =>
      on.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.9.9.9', payload: { email: victim.email, password } });
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress; i++) {
      expect((await attempt(i % 2 === 0 ? a : b, 'wrong password')).statusCode).toBe(401);
    }
    expect((await attempt(a, victim.password)).statusCode).toBe(429);
    expect((await attempt(b, victim.password)).statusCode).toBe(429);
  });
});

describe('an OpenID Connect round trip across instances', () => {
  it('started on one instance, finishes on the other', async () => {
    idp.signInAs('sub-roam', { email: 'roaming@example.org', name: 'Roaming Person' });
    const start = await a.app.inject({ method: 'GET', url: '/auth/oidc/start?returnTo=/menu' });
    expect(start.statusCode).toBe(302);
    const browser = new Browser();
    const { next } = await browser.follow(start.headers.location as string, `${PUBLIC_URL}/auth/oidc/callback`);
    expect(next).toBeDefined();
    const callback = new URL(next!);
    const res = await b.app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/menu');
    const cookie = sessionCookieFrom(res)!;
    const profile = (await a.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json().Profile;
    expect(profile).toMatchObject({ Email: 'roaming@example.org', FullName: 'Roaming Person' });
    // The state was used up on the shared database: replaying the callback on the first instance fails.
    expect((await a.app.inject({ method: 'GET', url: callback.pathname + callback.search })).statusCode).toBe(400);
  });
});
