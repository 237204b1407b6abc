import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, sessionCookieFrom } from '../testing/testApp.js';
import { createPool } from '../db/pool.js';
import { ensureAdmin } from '../startup.js';
import { hashPassword } from './passwords.js';
import { issueSetupToken } from './setupLink.js';

type T = Awaited<ReturnType<typeof buildTestApp>>;
const APP_URL = 'http://localhost:8080';

function tokenFrom(line: string): string {
  const m = /\/setup\?token=([A-Za-z0-9_-]+)\s*$/.exec(line);
  if (!m) throw new Error(`no setup link in: ${line}`);
  return m[1]!;
}

const profileOf = async (t: T, cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json().Profile;

describe('first start without a configured admin: the one-time setup link', () => {
  let t: T;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const line = await ensureAdmin(t.pool, t.deps.config, APP_URL);
    expect(line).toMatch(/^No administrator yet/);
    expect(line).toContain(`${APP_URL}/setup?token=`);
    token = tokenFrom(line);
  });
  afterAll(() => t.dropDatabase());

  it('tells the sign-in page that setup is pending', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/providers' });
    expect(res.json()).toEqual({ local: true, oidc: null, setupPending: true });
  });

  it('refuses a wrong token with 403 and creates nobody', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/setup', payload: { token: 'x'.repeat(32), email: 'mallory@example.org', fullName: 'Mallory', password: 'long enough' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().Code).toBe('FORBIDDEN');
    expect(sessionCookieFrom(res)).toBeUndefined();
    expect((await t.pool.query(`SELECT 1 FROM users WHERE email = 'mallory@example.org'`)).rowCount).toBe(0);
  });

  it('refuses bad input with per-field errors and leaves the token usable', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/setup', payload: { token, email: 'not an email', fullName: '', password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().Errors)).toEqual(expect.arrayContaining(['email', 'fullName', 'password']));
  });

  it('creates the admin, signed in, with the role Admin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/setup', payload: { Token: token, Email: 'first@example.org', FullName: 'First Admin', Password: 'a good password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true, FullName: 'First Admin' });
    const cookie = sessionCookieFrom(res)!;
    expect(cookie).toBeDefined();
    const profile = await profileOf(t, cookie);
    expect(profile).toMatchObject({ Email: 'first@example.org', FullName: 'First Admin' });
    expect(profile.Roles).toEqual([{ Id: 1, Name: 'Admin' }]);
    // and can sign in again with that password
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'first@example.org', password: 'a good password' } });
    expect(login.statusCode).toBe(200);
  });

  it('cannot use the token a second time', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/setup', payload: { token, email: 'second@example.org', fullName: 'Second', password: 'a good password' } });
    expect(res.statusCode).toBe(403);
    expect((await t.pool.query(`SELECT 1 FROM users WHERE email = 'second@example.org'`)).rowCount).toBe(0);
  });

  it('is no longer pending, and a later start prints no link', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/providers' })).json().setupPending).toBe(false);
    expect(await ensureAdmin(t.pool, t.deps.config, APP_URL)).toBe(`Sign in at ${APP_URL}/login.`);
  });

  it('refuses even a fresh valid token once an admin exists', async () => {
    const fresh = await issueSetupToken(t.pool);
    const res = await t.app.inject({ method: 'POST', url: '/auth/setup', payload: { token: fresh, email: 'late@example.org', fullName: 'Late', password: 'a good password' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('the setup link under a race', () => {
  let t: T;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(() => t.dropDatabase());

  it('lets exactly one of two simultaneous uses of the token through', async () => {
    const token = tokenFrom(await ensureAdmin(t.pool, t.deps.config, APP_URL));
    const post = (email: string) => t.app.inject({ method: 'POST', url: '/auth/setup', payload: { token, email, fullName: 'Racer', password: 'a good password' } });
    const results = await Promise.all([post('one@example.org'), post('two@example.org')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM user_roles WHERE role_id = 1');
    expect(rows[0].n).toBe(1);
  });

  it('a start more than 10 minutes later replaces an unused link: the old token stops working', async () => {
    const t2 = await buildTestApp();
    try {
      const old = tokenFrom(await ensureAdmin(t2.pool, t2.deps.config, APP_URL));
      await t2.pool.query(`UPDATE setup_tokens SET created_at = now() - interval '11 minutes'`);
      const current = tokenFrom(await ensureAdmin(t2.pool, t2.deps.config, APP_URL));
      expect(current).not.toBe(old);
      const body = { email: 'x@example.org', fullName: 'X', password: 'a good password' };
      expect((await t2.app.inject({ method: 'POST', url: '/auth/setup', payload: { ...body, token: old } })).statusCode).toBe(403);
      expect((await t2.app.inject({ method: 'POST', url: '/auth/setup', payload: { ...body, token: current } })).statusCode).toBe(200);
    } finally {
      await t2.dropDatabase();
    }
  });

  it('instances starting together each print a link that works (a second start does not cancel the first one\'s)', async () => {
    const t2 = await buildTestApp();
    try {
      const [first, second] = (await Promise.all([1, 2].map(() => ensureAdmin(t2.pool, t2.deps.config, APP_URL)))).map(tokenFrom);
      const third = tokenFrom(await ensureAdmin(t2.pool, t2.deps.config, APP_URL));
      expect(new Set([first, second, third]).size).toBe(3);
      expect((await t2.pool.query('SELECT 1 FROM setup_tokens WHERE used_at IS NULL')).rowCount).toBe(3);
      const body = { email: 'x@example.org', fullName: 'X', password: 'a good password' };
      // The link of the instance that started first still works after the later starts.
      expect((await t2.app.inject({ method: 'POST', url: '/auth/setup', payload: { ...body, token: first } })).statusCode).toBe(200);
      // Once it made the admin, every other link is refused.
      for (const token of [second, third]) {
        expect((await t2.app.inject({ method: 'POST', url: '/auth/setup', payload: { ...body, email: 'y@example.org', token } })).statusCode).toBe(403);
      }
      expect((await t2.pool.query('SELECT count(*)::int AS n FROM user_roles WHERE role_id = 1')).rows[0].n).toBe(1);
    } finally {
      await t2.dropDatabase();
    }
  });
});

describe('the admin from HOTDESK_ADMIN_EMAIL and HOTDESK_ADMIN_PASSWORD', () => {
  let t: T;
  const env = { HOTDESK_ADMIN_EMAIL: 'Boss@Example.org', HOTDESK_ADMIN_PASSWORD: 'configured password' };
  const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'boss@example.org', password } });
  beforeAll(async () => { t = await buildTestApp({ env }); });
  afterAll(() => t.dropDatabase());

  it('is created at start-up, issues no setup link, and can sign in as an Admin', async () => {
    const line = await ensureAdmin(t.pool, t.deps.config, APP_URL);
    expect(line).toContain('Boss@Example.org');
    expect(line).not.toContain('token=');
    expect((await t.pool.query('SELECT 1 FROM setup_tokens')).rowCount).toBe(0);
    const res = await signIn('configured password');
    expect(res.statusCode).toBe(200);
    expect((await profileOf(t, sessionCookieFrom(res)!)).Roles).toEqual([{ Id: 1, Name: 'Admin' }]);
  });

  it('has its password reset to the configured one at the next start, without a second account', async () => {
    await t.pool.query(`UPDATE users SET password_hash = $1 WHERE email_key = 'boss@example.org'`, [await hashPassword('changed in the app')]);
    expect((await signIn('configured password')).statusCode).toBe(401);
    await ensureAdmin(t.pool, t.deps.config, APP_URL);
    expect((await signIn('configured password')).statusCode).toBe(200);
    expect((await t.pool.query(`SELECT 1 FROM users WHERE email_key = 'boss@example.org'`)).rowCount).toBe(1);
  });

  it('is created once when several instances start at the same moment', async () => {
    // Separate pools, as separate processes would have. Before the upsert, all looked the address up,
    // found nobody, and all but one died on users_email_key_key.
    const db = await createTestDatabase();
    const pools = [1, 2, 3].map(() => createPool(db.url, 2));
    try {
      const lines = await Promise.all(pools.map((pool) => ensureAdmin(pool, t.deps.config, APP_URL)));
      for (const line of lines) expect(line).toContain('Boss@Example.org');
      const { rows } = await db.pool.query(`SELECT u.email_key, r.role_id FROM users u LEFT JOIN user_roles r ON r.user_id = u.id`);
      expect(rows).toEqual([{ email_key: 'boss@example.org', role_id: 1 }]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await db.drop();
    }
  });

  it('gets the Admin role back if it was taken away', async () => {
    await t.pool.query(`DELETE FROM user_roles WHERE user_id = (SELECT id FROM users WHERE email_key = 'boss@example.org')`);
    await ensureAdmin(t.pool, t.deps.config, APP_URL);
    const res = await signIn('configured password');
    expect((await profileOf(t, sessionCookieFrom(res)!)).Roles).toEqual([{ Id: 1, Name: 'Admin' }]);
  });
});
