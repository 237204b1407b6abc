import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';
import { sessionCookieName } from './cookies.js';

/**
 * The session cookie's name follows how Hotdesk is served (prefixes the browser enforces over https),
 * and a session ends at its absolute lifetime (HOTDESK_SESSION_MAX_DAYS) however busy it is.
 */
type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T, tRoot: T, tBase: T, tLong: T;
let person: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  tRoot = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'https://book.example.org' } });
  tBase = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'https://book.example.org/hotdesk' } });
  // An idle timeout longer than the absolute lifetime: the lifetime wins.
  tLong = await buildTestApp({ pool: t.pool, env: { HOTDESK_SESSION_IDLE_MINUTES: '525600', HOTDESK_SESSION_MAX_DAYS: '2' } });
  person = await createUser(t, { email: 'cookie.person@example.org', name: 'Cookie Person' });
});
afterAll(async () => { await tRoot.close(); await tBase.close(); await tLong.close(); await t.dropDatabase(); });

let nextAddress = 1;
const login = (app: T, prefix = '') => app.app.inject({
  method: 'POST', url: `${prefix}/auth/login`, remoteAddress: `10.2.0.${nextAddress++}`,
  payload: { email: person.email, password: person.password },
});
const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);
const isAuthenticated = async (app: T, cookie: string, prefix = '') =>
  (await app.app.inject({ method: 'GET', url: `${prefix}/api/users/current/isAuthenticated`, headers: { cookie } })).body;
const tokenOf = (setCookie: string) => setCookie.split(';')[0]!.split('=')[1]!;

describe('the session cookie name', () => {
  it('is one function of the configuration', () => {
    expect(sessionCookieName({ secureCookies: false, basePath: '' })).toBe('hotdesk_session');
    expect(sessionCookieName({ secureCookies: false, basePath: '/hotdesk' })).toBe('hotdesk_session');
    expect(sessionCookieName({ secureCookies: true, basePath: '' })).toBe('__Host-hotdesk_session');
    expect(sessionCookieName({ secureCookies: true, basePath: '/hotdesk' })).toBe('__Secure-hotdesk_session');
  });

  it('over http: hotdesk_session, not Secure, Path=/', async () => {
    const res = await login(t);
    expect(res.statusCode).toBe(200);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^hotdesk_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('over https at the root: __Host-hotdesk_session, Secure, Path=/, no Domain; read back and cleared under that name', async () => {
    const res = await login(tRoot);
    expect(res.statusCode).toBe(200);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^__Host-hotdesk_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    const token = tokenOf(cookie!);
    expect(await isAuthenticated(tRoot, `__Host-hotdesk_session=${token}`)).toBe('true');
    // The unprefixed name is not read: a cookie planted over http or by a subdomain cannot stand in.
    expect(await isAuthenticated(tRoot, `hotdesk_session=${token}`)).toBe('false');
    const out = await tRoot.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: `__Host-hotdesk_session=${token}` } });
    expect(setCookies(out).join('\n')).toMatch(/^__Host-hotdesk_session=;.*Path=\/;.*Secure/im);
    expect(await isAuthenticated(tRoot, `__Host-hotdesk_session=${token}`)).toBe('false');
  });

  it('over https under a base path: __Secure-hotdesk_session, Secure, Path=/hotdesk', async () => {
    const res = await login(tBase, '/hotdesk');
    expect(res.statusCode).toBe(200);
    const [cookie] = setCookies(res);
    expect(cookie).toMatch(/^__Secure-hotdesk_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/hotdesk(;|$)/);
    const token = tokenOf(cookie!);
    expect(await isAuthenticated(tBase, `__Secure-hotdesk_session=${token}`, '/hotdesk')).toBe('true');
    expect(await isAuthenticated(tBase, `hotdesk_session=${token}`, '/hotdesk')).toBe('false');
    // Signing in again with the old cookie ends its session (the login reads the prefixed name too).
    const again = await tBase.app.inject({
      method: 'POST', url: '/hotdesk/auth/login', remoteAddress: `10.2.1.${nextAddress++}`,
      headers: { cookie: `__Secure-hotdesk_session=${token}` }, payload: { email: person.email, password: person.password },
    });
    expect(again.statusCode).toBe(200);
    expect(await isAuthenticated(tBase, `__Secure-hotdesk_session=${token}`, '/hotdesk')).toBe('false');
  });
});

describe('the absolute session lifetime', () => {
  const latestSessionOf = async (userId: number) => (await t.pool.query<{ id_hash: string; created_at: Date; expires_at: Date }>(
    'SELECT id_hash, created_at, expires_at FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [userId])).rows[0]!;

  it('gives the cookie a Max-Age no longer than the session can last', async () => {
    const [long] = setCookies(await login(tLong));
    expect(long).toMatch(/; Max-Age=172800(;|$)/); // 2 days, not the year of idle time
    const [usual] = setCookies(await login(t));
    expect(usual).toMatch(/; Max-Age=1209600(;|$)/); // the 14-day idle timeout, within 30 days
  });

  it('never sets a new session to expire past created_at + max days', async () => {
    const res = await login(tLong);
    expect(res.statusCode).toBe(200);
    const row = await latestSessionOf(person.id);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(2 * 86_400_000);
  });

  it('ends a session max days after sign-in however busy it is', async () => {
    const [cookie] = setCookies(await login(t));
    const header = cookie!.split(';')[0]!;
    expect(await isAuthenticated(t, header)).toBe('true');
    const row = await latestSessionOf(person.id);
    // Created 30 days and a minute ago, used a moment ago, its idle expiry still days away.
    await t.pool.query(`UPDATE sessions SET created_at = now() - interval '30 days 1 minute', last_seen_at = now(), expires_at = now() + interval '10 days' WHERE id_hash = $1`, [row.id_hash]);
    expect(await isAuthenticated(t, header)).toBe('false');
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: header } });
    expect(settings.statusCode).toBe(401);
  });

  it('does not slide the idle expiry past the absolute lifetime', async () => {
    const [cookie] = setCookies(await login(t));
    const header = cookie!.split(';')[0]!;
    const row = await latestSessionOf(person.id);
    // 10 minutes of lifetime left; last seen long enough ago that this request writes the sliding expiry.
    await t.pool.query(`UPDATE sessions SET created_at = now() - interval '30 days' + interval '10 minutes', last_seen_at = now() - interval '5 minutes' WHERE id_hash = $1`, [row.id_hash]);
    expect(await isAuthenticated(t, header)).toBe('true');
    let after: { created_at: Date; expires_at: Date; last_seen_at: Date } | undefined;
    for (let i = 0; i < 50; i++) { // the sliding write is not awaited by the request
      after = (await t.pool.query('SELECT created_at, expires_at, last_seen_at FROM sessions WHERE id_hash = $1', [row.id_hash])).rows[0];
      if (after && Date.now() - after.last_seen_at.getTime() < 60_000) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Date.now() - after!.last_seen_at.getTime()).toBeLessThan(60_000);
    expect(after!.expires_at.getTime()).toBeLessThanOrEqual(after!.created_at.getTime() + 30 * 86_400_000);
  });

  it('purges sessions past their absolute lifetime', async () => {
    await login(t);
    const row = await latestSessionOf(person.id);
    await t.pool.query(`UPDATE sessions SET created_at = now() - interval '31 days', expires_at = now() + interval '1 day' WHERE id_hash = $1`, [row.id_hash]);
    await t.deps.sessions.purgeExpired();
    expect((await t.pool.query('SELECT 1 FROM sessions WHERE id_hash = $1', [row.id_hash])).rowCount).toBe(0);
  });
});
