import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../testing/testApp.js';
import { Browser, startTestIdp, type TestIdp } from '../testing/oidcProvider.js';

/**
 * OpenID Connect sign-in against a real oidc-provider on loopback. Both servers listen on real ports:
 * the browser's round trip (app → provider → app) is driven with fetch and a cookie jar.
 */
let idp: TestIdp;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let appUrl: string;
beforeAll(async () => {
  idp = await startTestIdp();
  t = await buildTestApp({ env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  idp.start(`${appUrl}/auth/oidc/callback`);
});
afterAll(async () => { await t.dropDatabase(); await idp.close(); });

const callbackPrefix = () => `${appUrl}/auth/oidc/callback`;

/** Runs the round trip up to (not including) the app's callback. */
async function toCallback(subject: string, claims: Record<string, unknown>, returnTo?: string) {
  idp.signInAs(subject, claims);
  const browser = new Browser();
  const start = `${appUrl}/auth/oidc/start${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;
  const { hops, next } = await browser.follow(start, callbackPrefix());
  if (!next) throw new Error(`the round trip did not reach the callback: ${hops.map((h) => `${h.res.status} ${h.url}`).join(' → ')}`);
  return { browser, hops, callbackUrl: next };
}

/** The whole sign-in: the callback's answer and the session cookie it set. */
async function signIn(subject: string, claims: Record<string, unknown>, returnTo?: string) {
  const trip = await toCallback(subject, claims, returnTo);
  const res = await trip.browser.get(trip.callbackUrl);
  const token = trip.browser.cookie(appUrl, 'hotdesk_session');
  return { ...trip, res, cookie: token ? `hotdesk_session=${token}` : undefined };
}

const profileOf = async (cookie: string) => {
  const res = await fetch(`${appUrl}/api/settings`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()).Profile;
};

describe('signing in with OpenID Connect', () => {
  it('sends the browser to the provider with code + PKCE (S256), state and nonce', async () => {
    const res = await fetch(`${appUrl}/auth/oidc/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId, response_type: 'code', redirect_uri: callbackPrefix(),
      code_challenge_method: 'S256', code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      state: expect.any(String), nonce: expect.any(String), scope: expect.stringMatching(/openid/),
    });
  });

  it('creates the person from the ID token, sets the session cookie and returns to the page asked for', async () => {
    const { res, cookie } = await signIn('sub-ada', { email: 'ada@example.org', name: 'Ada Lovelace' }, '/bookings/my?x=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/bookings/my?x=1');
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/hotdesk_session=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toBeDefined();
    expect(await profileOf(cookie!)).toMatchObject({ Email: 'ada@example.org', FullName: 'Ada Lovelace', Roles: [] });
  });

  it('updates the name at the next sign-in and keeps the same person', async () => {
    const first = await profileOf((await signIn('sub-grace', { email: 'grace@example.org', name: 'Grace Murray' })).cookie!);
    const second = await profileOf((await signIn('sub-grace', { email: 'grace@example.org', name: 'Grace Hopper' })).cookie!);
    expect(second.Id).toBe(first.Id);
    expect(second.FullName).toBe('Grace Hopper');
    const { rows } = await t.pool.query(`SELECT count(*)::int AS n FROM users WHERE email_key = 'grace@example.org'`);
    expect(rows[0].n).toBe(1);
  });

  it('claims a person an admin pre-registered, matching the e-mail in any case', async () => {
    const admin = await createUser(t, { roles: ['Admin'] });
    const pre = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: admin.cookie }, payload: { Email: 'Alan.Turing@example.org', FullName: 'A. Turing' } });
    expect(pre.statusCode).toBe(201);
    const { cookie } = await signIn('sub-alan', { email: 'alan.turing@EXAMPLE.org', name: 'Alan Turing' });
    const profile = await profileOf(cookie!);
    expect(profile.Id).toBe(pre.json().Id);
    expect(profile.FullName).toBe('Alan Turing');
  });

  it('reads the e-mail from preferred_username when there is no email claim (Microsoft Entra ID)', async () => {
    const { res, cookie } = await signIn('sub-entra', { preferred_username: 'katherine@example.org', name: 'Katherine Johnson' });
    expect(res.status).toBe(302);
    expect(await profileOf(cookie!)).toMatchObject({ Email: 'katherine@example.org', FullName: 'Katherine Johnson' });
  });

  it('builds the name from given and family name when there is no name claim', async () => {
    const { cookie } = await signIn('sub-dorothy', { email: 'dorothy@example.org', given_name: 'Dorothy', family_name: 'Vaughan' });
    expect((await profileOf(cookie!)).FullName).toBe('Dorothy Vaughan');
  });

  it('refuses an ID token without any e-mail address, with 401 and no session', async () => {
    const { res, cookie } = await signIn('sub-noemail', { name: 'No Mail', preferred_username: 'nomail' });
    expect(res.status).toBe(401);
    expect((await res.json()).Code).toBe('NOT_SIGNED_IN');
    expect(cookie).toBeUndefined();
  });

  it('gives a new session id, ending the session of the cookie sent with the callback', async () => {
    const trip = await toCallback('sub-ada', { email: 'ada@example.org', name: 'Ada Lovelace' });
    const old = (await createUser(t)).cookie;
    const res = await fetch(trip.callbackUrl, { redirect: 'manual', headers: { cookie: old } });
    expect(res.status).toBe(302);
    const fresh = res.headers.getSetCookie().find((c) => c.startsWith('hotdesk_session='))!.split(';')[0]!;
    expect(fresh).not.toBe(old);
    expect(await (await fetch(`${appUrl}/api/users/current/isAuthenticated`, { headers: { cookie: old } })).text()).toBe('false');
  });
});

describe('refusals in the OpenID Connect round trip', () => {
  it.each([
    ['https://evil.example/steal'],
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
  ])('does not redirect to %s after sign-in: lands on /menu', async (returnTo) => {
    const { res } = await signIn('sub-ada', { email: 'ada@example.org', name: 'Ada Lovelace' }, returnTo);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/menu');
  });

  it('refuses an unknown state with 400 and no session', async () => {
    const { browser, callbackUrl } = await toCallback('sub-ada', { email: 'ada@example.org', name: 'Ada Lovelace' });
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', 'not-the-state-we-sent');
    const res = await browser.get(tampered.href);
    expect(res.status).toBe(400);
    expect((await res.json()).Code).toBe('BAD_INPUT');
    expect(browser.cookie(appUrl, 'hotdesk_session')).toBeUndefined();
  });

  it('refuses a callback without state with 400', async () => {
    const res = await fetch(`${appUrl}/auth/oidc/callback?code=abc`, { redirect: 'manual' });
    expect(res.status).toBe(400);
  });

  it('refuses to use the same callback twice (the state is single-use)', async () => {
    const { browser, callbackUrl } = await toCallback('sub-ada', { email: 'ada@example.org', name: 'Ada Lovelace' });
    expect((await browser.get(callbackUrl)).status).toBe(302);
    const again = await fetch(callbackUrl, { redirect: 'manual' });
    expect(again.status).toBe(400);
    expect(again.headers.getSetCookie().some((c) => /^hotdesk_session=[^;]/.test(c))).toBe(false);
  });

  it('refuses a forged code with 401 and no session', async () => {
    const { browser, callbackUrl } = await toCallback('sub-ada', { email: 'ada@example.org', name: 'Ada Lovelace' });
    const forged = new URL(callbackUrl);
    forged.searchParams.set('code', 'forged-code');
    const res = await browser.get(forged.href);
    expect(res.status).toBe(401);
    expect(browser.cookie(appUrl, 'hotdesk_session')).toBeUndefined();
  });

  it('answers the provider\'s refusal (the person cancelled) with 401, not 500', async () => {
    const { browser, callbackUrl } = await toCallback('sub-ada', { email: 'ada@example.org', name: 'Ada Lovelace' });
    const state = new URL(callbackUrl).searchParams.get('state')!;
    const res = await browser.get(`${callbackPrefix()}?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(idp.issuer)}`);
    expect(res.status).toBe(401);
  });
});

describe('a provider that cannot be reached', () => {
  it('makes /auth/oidc/start answer 503 quickly, and local sign-in still answers', async () => {
    const down = await buildTestApp({ pool: t.pool, env: { OIDC_ISSUER: 'http://127.0.0.1:1/', OIDC_CLIENT_ID: 'x' } });
    try {
      const started = Date.now();
      const res = await down.app.inject({ method: 'GET', url: '/auth/oidc/start' });
      expect(res.statusCode).toBe(503);
      expect(res.json().Code).toBe('UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(5000);
      const providers = await down.app.inject({ method: 'GET', url: '/auth/providers' });
      expect(providers.json().oidc).toEqual({ label: 'Sign in with Microsoft' });
    } finally {
      await down.close();
    }
  });
});
