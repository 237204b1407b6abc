import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, sessionCookieFrom, type TestUser } from '../testing/testApp.js';
import { SIGN_IN_LIMITS } from './signInLimiter.js';

type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T, tHttps: T;
let alice: TestUser, bob: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  tHttps = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'https://book.example.org' } });
  alice = await createUser(t, { email: 'alice@example.org', name: 'Alice Able' });
  bob = await createUser(t, { email: 'bob@example.org', name: 'Bob Baker' });
});
afterAll(async () => { await tHttps.close(); await t.dropDatabase(); });

// Each test signs in from an address of its own, so the per-address limit of one does not leak into another.
let nextAddress = 1;
const freshAddress = () => { const n = nextAddress++; return `10.0.${n >> 8}.${n & 255}`; };

function login(app: T, payload: unknown, o: { address?: string; cookie?: string; contentType?: string } = {}) {
  return app.app.inject({
    method: 'POST', url: '/auth/login', remoteAddress: o.address ?? freshAddress(),
    headers: { 'content-type': o.contentType ?? 'application/json', ...(o.cookie ? { cookie: o.cookie } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const isAuthenticated = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/current/isAuthenticated', headers: { cookie } })).body;
const setCookieHeaders = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);
const WRONG = { Error: 'The e-mail address or password is not right.', Code: 'NOT_SIGNED_IN' };

describe('signing in with the right password', () => {
  it('answers 200 with the name and sets an HttpOnly, SameSite=Lax, Path=/ cookie that is not Secure over http', async () => {
    const res = await login(t, { email: alice.email, password: alice.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true, FullName: 'Alice Able' });
    const [cookie] = setCookieHeaders(res);
    expect(cookie).toMatch(/^hotdesk_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Secure/i);
    expect(await isAuthenticated(sessionCookieFrom(res)!)).toBe('true');
  });

  it('sets a Secure cookie when PUBLIC_URL is https', async () => {
    const res = await login(tHttps, { email: alice.email, password: alice.password });
    expect(res.statusCode).toBe(200);
    expect(setCookieHeaders(res)[0]).toMatch(/; Secure/i);
  });

  it('accepts the e-mail in another case and with spaces around it', async () => {
    const res = await login(t, { email: '  ALICE@Example.ORG ', password: alice.password });
    expect(res.statusCode).toBe(200);
  });

  it('accepts body keys in any case', async () => {
    const res = await login(t, { EMAIL: alice.email, Password: alice.password });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
  });

  it('gives a new session id at every sign-in and ends the session whose cookie was sent', async () => {
    const first = sessionCookieFrom(await login(t, { email: alice.email, password: alice.password }))!;
    const second = sessionCookieFrom(await login(t, { email: alice.email, password: alice.password }))!;
    expect(second).not.toBe(first);
    expect(await isAuthenticated(first)).toBe('true'); // two sign-ins from two browsers both live
    const third = sessionCookieFrom(await login(t, { email: alice.email, password: alice.password }, { cookie: first }))!;
    expect(third).not.toBe(first);
    expect(await isAuthenticated(first)).toBe('false');
    expect(await isAuthenticated(third)).toBe('true');
  });
});

describe('signing in with the wrong password or an unknown e-mail', () => {
  it('answers 401 with the message and sets no cookie', async () => {
    const res = await login(t, { email: alice.email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it('answers an unknown e-mail exactly as a wrong password (no enumeration)', async () => {
    const res = await login(t, { email: 'nobody@example.org', password: 'whatever it is' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it('refuses an account without a password (pre-registered for OpenID Connect)', async () => {
    await t.pool.query(`INSERT INTO users (email, full_name) VALUES ('sso@example.org', 'Sso Only')`);
    const res = await login(t, { email: 'sso@example.org', password: 'anything at all' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
  });
});

describe('the sign-in rate limit', () => {
  const L = SIGN_IN_LIMITS;
  /** Moves an account's counted failures (from every address) this many seconds into the past. */
  const age = (email: string, seconds: number) =>
    t.pool.query(`UPDATE sign_in_failures SET failed_at = failed_at - make_interval(secs => $2) WHERE key = $1`, [`email:${email}`, seconds]);

  it('answers 429 at the 6th attempt for one account from one address, even with the right password', async () => {
    const victim = await createUser(t, { email: 'victim@example.org' });
    const address = freshAddress();
    for (let i = 0; i < L.perAccountAndAddress; i++) {
      expect((await login(t, { email: victim.email, password: 'guess number ' + i }, { address })).statusCode).toBe(401);
    }
    const res = await login(t, { email: 'VICTIM@example.org', password: victim.password }, { address });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ Code: 'TOO_MANY_ATTEMPTS', Error: 'Too many sign-in attempts. Please wait 15 minutes and try again.' });
    expect(sessionCookieFrom(res)).toBeUndefined();
    // The lock lasts the window: 15 minutes later (the failures moved back) the address may try again.
    await t.pool.query(`UPDATE sign_in_failures SET failed_at = failed_at - interval '16 minutes' WHERE key = $1`, [`email-ip:${victim.email} ${address}`]);
    expect((await login(t, { email: victim.email, password: victim.password }, { address })).statusCode).toBe(200);
  });

  it("does not let a stranger lock the owner out: 5 failures from address A leave the owner free at address B", async () => {
    const owner = await createUser(t, { email: 'owner@example.org' });
    const strangerAddress = freshAddress();
    for (let i = 0; i < L.perAccountAndAddress; i++) {
      expect((await login(t, { email: owner.email, password: 'stranger guess ' + i }, { address: strangerAddress })).statusCode).toBe(401);
    }
    expect((await login(t, { email: owner.email, password: owner.password }, { address: strangerAddress })).statusCode).toBe(429);
    const res = await login(t, { email: owner.email, password: owner.password }, { address: freshAddress() });
    expect(res.statusCode).toBe(200);
    expect(sessionCookieFrom(res)).toBeDefined();
    // The owner's sign-in does not unlock the stranger's address.
    expect((await login(t, { email: owner.email, password: 'stranger guess 6' }, { address: strangerAddress })).statusCode).toBe(429);
  });

  it('lets another account sign in from the same address until 30 failures from that address', async () => {
    const address = freshAddress();
    const target = await createUser(t, { email: 'target@example.org' });
    for (let i = 0; i < L.perAccountAndAddress; i++) await login(t, { email: 'first@example.org', password: 'wrong password' }, { address });
    expect((await login(t, { email: 'first@example.org', password: 'wrong password' }, { address })).statusCode).toBe(429);
    // The refused attempt above does not count; 5 failures so far. Fill up to 29 with other accounts.
    for (let i = L.perAccountAndAddress; i < L.perAddress - 1; i++) {
      expect((await login(t, { email: `spray${i}@example.org`, password: 'wrong password' }, { address })).statusCode).toBe(401);
    }
    expect((await login(t, { email: target.email, password: target.password }, { address })).statusCode).toBe(200);
    expect((await login(t, { email: 'last@example.org', password: 'wrong password' }, { address })).statusCode).toBe(401);
    expect((await login(t, { email: target.email, password: target.password }, { address })).statusCode).toBe(429);
    expect((await login(t, { email: 'fresh-account@example.org', password: 'wrong password' }, { address })).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(t, { email: target.email, password: target.password })).statusCode).toBe(200);
  });

  it('cannot be outrun by guessing in parallel from one address: at most 5 guesses are checked', async () => {
    const target = await createUser(t, { email: 'parallel@example.org' });
    const address = freshAddress();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      login(t, { email: target.email, password: `parallel guess ${i}` }, { address })));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // However the parallel burst fell out, the account gets exactly 5 checked guesses in all from there.
    let checked = statuses.filter((s) => s === 401).length;
    for (let i = 0; i < L.perAccountAndAddress + 1; i++) {
      const status = (await login(t, { email: target.email, password: `serial guess ${i}` }, { address })).statusCode;
      if (status === 429) break;
      checked++;
    }
    expect(checked).toBe(L.perAccountAndAddress);
    expect((await login(t, { email: target.email, password: target.password }, { address })).statusCode).toBe(429);
  });

  it('slows a guesser spread over many addresses: past 20 failures within the hour, a growing wait', async () => {
    const target = await createUser(t, { email: 'distributed@example.org' });
    for (let i = 0; i < L.accountBackoff.after; i++) {
      expect((await login(t, { email: target.email, password: `spread guess ${i}` })).statusCode).toBe(401);
    }
    // The 21st attempt, from yet another address, must wait 30 s after the last failure: refused, even
    // with the right password (the owner too is told to wait), and not counted.
    const refused = await login(t, { email: target.email, password: target.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Code: 'TOO_MANY_ATTEMPTS', Error: 'Too many sign-in attempts. Please wait 1 minute and try again.' });
    await age(target.email, L.accountBackoff.firstWaitSeconds + 1);
    expect((await login(t, { email: target.email, password: 'spread guess 21' })).statusCode).toBe(401);
    // The next wait is twice as long: 31 s later still refused, 61 s later checked.
    await age(target.email, L.accountBackoff.firstWaitSeconds + 1);
    expect((await login(t, { email: target.email, password: 'spread guess 22' })).statusCode).toBe(429);
    await age(target.email, L.accountBackoff.firstWaitSeconds);
    expect((await login(t, { email: target.email, password: 'spread guess 22' })).statusCode).toBe(401);
    await age(target.email, 10);
    expect((await login(t, { email: target.email, password: target.password })).statusCode).toBe(429);
    // Once the guessing stops, the account is free again within the hour.
    await age(target.email, L.accountBackoff.windowMinutes * 60);
    expect((await login(t, { email: target.email, password: target.password })).statusCode).toBe(200);
  });

  it('holds a parallel burst from many addresses to the back-off threshold', async () => {
    const target = await createUser(t, { email: 'burst@example.org' });
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      login(t, { email: target.email, password: `burst guess ${i}` })));
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(checked).toBeLessThanOrEqual(L.accountBackoff.after);
    // Topped up to 20 counted failures, the next attempt is refused.
    for (let i = checked; i < L.accountBackoff.after; i++) await login(t, { email: target.email, password: `top up ${i}` });
    expect((await login(t, { email: target.email, password: target.password })).statusCode).toBe(429);
  });

  it('forgets failures from an address after a good sign-in from it', async () => {
    const carol = await createUser(t, { email: 'carol@example.org' });
    const address = freshAddress();
    for (let i = 0; i < L.perAccountAndAddress - 1; i++) await login(t, { email: carol.email, password: 'wrong password' }, { address });
    expect((await login(t, { email: carol.email, password: carol.password }, { address })).statusCode).toBe(200);
    for (let i = 0; i < L.perAccountAndAddress - 1; i++) await login(t, { email: carol.email, password: 'wrong password' }, { address });
    expect((await login(t, { email: carol.email, password: carol.password }, { address })).statusCode).toBe(200);
  });
});

describe('signing out', () => {
  it.each([
    ['GET', '/MicrosoftIdentity/Account/SignOut'],
    ['POST', '/auth/logout'],
  ] as const)('%s %s ends the session and clears the cookie', async (method, url) => {
    const cookie = sessionCookieFrom(await login(t, { email: bob.email, password: bob.password }))!;
    expect(await isAuthenticated(cookie)).toBe('true');
    const res = await t.app.inject({ method, url, headers: { cookie } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(setCookieHeaders(res).join('\n')).toMatch(/hotdesk_session=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/i);
    expect(await isAuthenticated(cookie)).toBe('false');
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } });
    expect(settings.statusCode).toBe(401);
  });

  it('is harmless without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/MicrosoftIdentity/Account/SignOut' });
    expect(res.statusCode).toBe(303);
  });

  it('never redirects to another site after signing out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/MicrosoftIdentity/Account/SignOut?returnTo=//evil.example/x' });
    expect(res.headers.location).toBe('/menu');
  });
});

describe('bad sign-in bodies are 400 BAD_INPUT, never 500', () => {
  const huge = 'a'.repeat(100_000);
  it.each([
    ['missing password', { email: 'a@example.org' }],
    ['missing e-mail', { password: 'something long' }],
    ['empty e-mail', { email: '', password: 'something long' }],
    ['e-mail as a number', { email: 42, password: 'something long' }],
    ['password as an object', { email: 'a@example.org', password: { $gt: '' } }],
    ['password as null', { email: 'a@example.org', password: null }],
    ['huge e-mail', { email: `${huge}@example.org`, password: 'something long' }],
    ['huge password', { email: 'a@example.org', password: huge }],
    ['a JSON array', [{ email: 'a@example.org', password: 'something long' }]],
    ['a JSON string', '"a@example.org"'],
    ['JSON null', 'null'],
    ['not JSON', '{email: a@example.org'],
  ])('%s', async (_name, payload) => {
    const res = await login(t, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Code: 'BAD_INPUT', Error: expect.any(String) });
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it('names the missing field', async () => {
    const res = await login(t, { email: 'a@example.org' });
    expect(Object.keys(res.json().Errors)).toContain('password');
  });

  it('refuses a body that is not JSON by content type without a 500', async () => {
    const res = await login(t, `email=${alice.email}&password=x`, { contentType: 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().Code).toBe('BAD_INPUT');
  });
});
