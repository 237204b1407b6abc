import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { buildTestApp, createUser } from '../testing/testApp.js';
import { Browser, startTestIdp, toAppCallback, type TestIdp } from '../testing/oidcProvider.js';
import { startAppWithIdp } from '../testing/oidcTestApp.js';
import type { OidcIdentity } from './oidc.js';
import { signInOidcUser } from './oidcUser.js';

/**
 * OpenID Connect sign-in against a real oidc-provider on loopback. Both servers listen on real ports:
 * the browser's round trip (app → provider → app) is driven with fetch and a cookie jar.
 */
let idp: TestIdp;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let appUrl: string;
let stop: () => Promise<void>;
beforeAll(async () => { ({ idp, t, appUrl, stop } = await startAppWithIdp()); });
afterAll(() => stop());

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

  it('claims a person an admin pre-registered, matching the verified e-mail in any case', async () => {
    const admin = await createUser(t, { roles: ['Admin'] });
    const pre = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: admin.cookie }, payload: { Email: 'Alan.Turing@example.org', FullName: 'A. Turing' } });
    expect(pre.statusCode).toBe(201);
    const { cookie } = await signIn('sub-alan', { email: 'alan.turing@EXAMPLE.org', email_verified: true, name: 'Alan Turing' });
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

/**
 * Issue 18 ("nOAuth"): a NEW identity (issuer + subject) is linked to an EXISTING person by e-mail only
 * when the provider vouches for the address, and never to a person with a local password or the Admin
 * role unless an admin marked them as expecting single sign-on. A refusal signs no one in and sends the
 * browser to the login page, which says why.
 */
describe('linking a new identity to an existing person by e-mail', () => {
  let admin: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => { admin = await createUser(t, { email: 'link.admin@example.org', roles: ['Admin'] }); });

  const REFUSED = '/login?error=sso_link_refused';
  const rowOf = async (id: number) => (await t.pool.query<{ email: string; oidc_issuer: string | null; oidc_subject: string | null; oidc_tenant: string | null; oidc_object_id: string | null }>(
    'SELECT email, oidc_issuer, oidc_subject, oidc_tenant, oidc_object_id FROM users WHERE id = $1', [id])).rows[0]!;
  const subjectUsed = async (subject: string) =>
    (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE oidc_issuer = $1 AND oidc_subject = $2', [idp.issuer, subject])).rows[0]!.n > 0;
  /** POST /api/users as the admin: marked as expecting single sign-on unless ExpectsSso says otherwise. */
  const preRegister = async (payload: Record<string, unknown>): Promise<number> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie: admin.cookie }, payload: { FullName: 'Pre Registered', ...payload } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().Id;
  };
  const roundTrip = async (subject: string, claims: Record<string, unknown>, opts?: { userinfoOnly?: string[] }) => {
    const { browser, callbackUrl } = await toAppCallback(idp, appUrl, subject, claims, opts);
    const res = await browser.get(callbackUrl);
    const token = browser.cookie(appUrl, 'hotdesk_session');
    return { res, cookie: token ? `hotdesk_session=${token}` : undefined };
  };
  const expectRefused = async (subject: string, claims: Record<string, unknown>, opts?: { userinfoOnly?: string[] }) => {
    const { res, cookie } = await roundTrip(subject, claims, opts);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(REFUSED);
    expect(cookie).toBeUndefined();
    expect(await subjectUsed(subject)).toBe(false);
  };

  it('refuses to link an address the provider does not vouch for (no email_verified, or false); links it once verified', async () => {
    const id = await preRegister({ Email: 'unverified@example.org' });
    await expectRefused('sub-unverified-1', { email: 'unverified@example.org', name: 'Not Verified' });
    await expectRefused('sub-unverified-2', { email: 'unverified@example.org', email_verified: false, name: 'Not Verified' });
    await expectRefused('sub-unverified-3', { email: 'unverified@example.org', email_verified: 'no', name: 'Not Verified' });
    expect((await rowOf(id)).oidc_subject).toBeNull();
    // The same person, now vouched for: linked.
    const { res, cookie } = await roundTrip('sub-unverified-4', { email: 'unverified@example.org', email_verified: true, name: 'Now Verified' });
    expect(res.status).toBe(302);
    expect(await profileOf(cookie!)).toMatchObject({ Id: id, FullName: 'Now Verified' });
    expect(await rowOf(id)).toMatchObject({ oidc_issuer: idp.issuer, oidc_subject: 'sub-unverified-4' });
  });

  it('never links by preferred_username, and a changed preferred_username does not take over another person', async () => {
    const victim = await preRegister({ Email: 'victim@example.org', FullName: 'The Victim' });
    // A new identity whose only address is preferred_username (changeable in Entra ID), even "verified".
    await expectRefused('sub-mallory-new', { preferred_username: 'victim@example.org', email_verified: true, name: 'Mallory' });
    await expectRefused('sub-mallory-upn', { upn: 'victim@example.org', preferred_username: 'mallory', name: 'Mallory' });
    // Mallory's own account, then her preferred_username changed to the victim's address.
    const own = await roundTrip('sub-mallory', { preferred_username: 'mallory@example.org', name: 'Mallory' });
    expect(own.res.status).toBe(302);
    const mallory = await profileOf(own.cookie!);
    expect(mallory.Email).toBe('mallory@example.org');
    const again = await roundTrip('sub-mallory', { preferred_username: 'victim@example.org', name: 'Mallory' });
    expect(again.res.status).toBe(302);
    expect(await profileOf(again.cookie!)).toMatchObject({ Id: mallory.Id, Email: 'mallory@example.org' });
    expect(await rowOf(victim)).toMatchObject({ email: 'victim@example.org', oidc_subject: null });
  });

  it.each([
    ['the local admin (password and Admin role)', { password: 'admin password here', roles: ['Admin'] as const }],
    ['a person with a local password', { password: 'a local password', roles: [] as const }],
  ])('refuses to link %s, even with a verified address', async (_name, o) => {
    const email = `local-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const local = await createUser(t, { email, password: o.password, roles: [...o.roles] });
    await expectRefused(`sub-taker-${email}`, { email, email_verified: true, name: 'Taker' });
    await expectRefused(`sub-taker-edov-${email}`, { email, xms_edov: true, name: 'Taker' });
    expect((await rowOf(local.id)).oidc_subject).toBeNull();
    // The local account itself is untouched and still signs in.
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: o.password } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses to link an admin without a password who is not marked as expecting single sign-on', async () => {
    const id = await preRegister({ Email: 'sso.admin@example.org', ExpectsSso: false });
    await t.pool.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, 1)', [id]);
    await expectRefused('sub-sso-admin', { email: 'sso.admin@example.org', email_verified: true });
  });

  it('links a person without password or Admin role who is not marked (a pre-registration from before the mark), when verified', async () => {
    const id = await preRegister({ Email: 'plain@example.org', ExpectsSso: false });
    const { res, cookie } = await roundTrip('sub-plain', { email: 'plain@example.org', email_verified: true });
    expect(res.status).toBe(302);
    expect((await profileOf(cookie!)).Id).toBe(id);
  });

  it('links a person marked as expecting single sign-on, even with a password and the Admin role, when verified', async () => {
    const id = await preRegister({ Email: 'marked.admin@example.org', Password: 'a password for now' });
    await t.pool.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, 1)', [id]);
    const { res, cookie } = await roundTrip('sub-marked-admin', { email: 'Marked.Admin@example.org', email_verified: true, name: 'Marked Admin' });
    expect(res.status).toBe(302);
    expect(await profileOf(cookie!)).toMatchObject({ Id: id, Roles: [{ Id: 1, Name: 'Admin' }] });
  });

  it('follows the mark an admin sets or clears (POST /api/users/{id}/sso)', async () => {
    const id = await preRegister({ Email: 'mark.later@example.org', Password: 'a password for now', ExpectsSso: false });
    await expectRefused('sub-mark-later-1', { email: 'mark.later@example.org', email_verified: true });
    const set = await t.app.inject({ method: 'POST', url: `/api/users/${id}/sso`, headers: { cookie: admin.cookie }, payload: { ExpectsSso: true } });
    expect(set.json()).toEqual({ Id: id, ExpectsSso: true, Linked: false });
    const { res, cookie } = await roundTrip('sub-mark-later-2', { email: 'mark.later@example.org', email_verified: true });
    expect(res.status).toBe(302);
    expect((await profileOf(cookie!)).Id).toBe(id);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${id}/sso`, headers: { cookie: admin.cookie } })).json()).toEqual({ Id: id, ExpectsSso: true, Linked: true });
  });

  it('accepts email_verified sent only by userinfo, and Entra ID\'s xms_edov; records Entra ID\'s tid and oid', async () => {
    const a = await preRegister({ Email: 'userinfo.verified@example.org' });
    const viaUserinfo = await roundTrip('sub-userinfo-verified', { email: 'userinfo.verified@example.org', email_verified: true }, { userinfoOnly: ['email_verified'] });
    expect(viaUserinfo.res.status).toBe(302);
    expect((await profileOf(viaUserinfo.cookie!)).Id).toBe(a);

    const b = await preRegister({ Email: 'entra.person@example.org' });
    const entra = await roundTrip('sub-entra-edov', { email: 'entra.person@example.org', xms_edov: true, tid: 'tenant-1111', oid: 'object-2222', name: 'Entra Person' });
    expect(entra.res.status).toBe(302);
    expect((await profileOf(entra.cookie!)).Id).toBe(b);
    expect(await rowOf(b)).toMatchObject({ oidc_subject: 'sub-entra-edov', oidc_tenant: 'tenant-1111', oidc_object_id: 'object-2222' });
  });

  it('refuses an address that is already linked to another identity', async () => {
    expect((await roundTrip('sub-first-owner', { email: 'owned@example.org', email_verified: true })).res.status).toBe(302);
    await expectRefused('sub-second-owner', { email: 'owned@example.org', email_verified: true });
  });

  it('logs a warning naming the issuer, the subject and the existing person, not why the person needs the mark', async () => {
    const local = await createUser(t, { email: 'logged.admin@example.org', roles: ['Admin'] });
    const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ obj, msg }), info: () => undefined } as unknown as FastifyBaseLogger;
    const identity: OidcIdentity = {
      issuer: idp.issuer, subject: 'sub-logged', email: 'logged.admin@example.org', fullName: 'Logged', emailFrom: 'email', emailVerified: async () => true,
    };
    expect(await signInOidcUser(t.deps, identity, log)).toEqual({ refused: 'person not marked as expecting single sign-on', existingUserId: local.id });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toEqual({ issuer: idp.issuer, subject: 'sub-logged', existingUserId: local.id, reason: 'person not marked as expecting single sign-on' });
    expect(JSON.stringify(warnings[0])).not.toMatch(/password|admin role/i);
  });
});

describe('a person already linked by subject', () => {
  it('keeps signing in when the address changes: it follows when free, and the old one is kept when another person holds it', async () => {
    const first = await signIn('sub-mover', { email: 'mover.old@example.org', name: 'Mover' });
    const id = (await profileOf(first.cookie!)).Id;
    // No email_verified needed: the subject is the key.
    const moved = await signIn('sub-mover', { email: 'mover.new@example.org', name: 'Mover' });
    expect(moved.res.status).toBe(302);
    expect(await profileOf(moved.cookie!)).toMatchObject({ Id: id, Email: 'mover.new@example.org' });
    const other = await createUser(t, { email: 'mover.taken@example.org' });
    const collided = await signIn('sub-mover', { email: 'mover.taken@example.org', email_verified: true, name: 'Mover' });
    expect(collided.res.status).toBe(302);
    expect(await profileOf(collided.cookie!)).toMatchObject({ Id: id, Email: 'mover.new@example.org' });
    const { rows } = await t.pool.query('SELECT email, oidc_subject FROM users WHERE id = $1', [other.id]);
    expect(rows[0]).toEqual({ email: 'mover.taken@example.org', oidc_subject: null });
  });

  it('records Entra ID\'s tid and oid for a person linked before they were recorded', async () => {
    const first = await signIn('sub-recorded-later', { email: 'recorded.later@example.org' });
    const id = (await profileOf(first.cookie!)).Id;
    await t.pool.query('UPDATE users SET oidc_tenant = NULL, oidc_object_id = NULL WHERE id = $1', [id]);
    await signIn('sub-recorded-later', { email: 'recorded.later@example.org', tid: 'tenant-3', oid: 'object-4' });
    const { rows } = await t.pool.query('SELECT oidc_tenant, oidc_object_id FROM users WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ oidc_tenant: 'tenant-3', oidc_object_id: 'object-4' });
  });
});

describe('OIDC_ALLOWED_EMAIL_DOMAINS', () => {
  let idp2: TestIdp;
  let app2: Awaited<ReturnType<typeof buildTestApp>>;
  let app2Url: string;
  beforeAll(async () => {
    idp2 = await startTestIdp();
    app2 = await buildTestApp({ pool: t.pool, env: { OIDC_ISSUER: idp2.issuer, OIDC_CLIENT_ID: idp2.clientId, OIDC_CLIENT_SECRET: idp2.clientSecret, OIDC_ALLOWED_EMAIL_DOMAINS: 'Example.org, corp.example' } });
    await app2.app.listen({ port: 0, host: '127.0.0.1' });
    app2Url = `http://127.0.0.1:${(app2.app.server.address() as AddressInfo).port}`;
    idp2.start(`${app2Url}/auth/oidc/callback`);
  });
  afterAll(async () => { await app2.close(); await idp2.close(); });

  const preRegistered = async (email: string) =>
    (await t.pool.query<{ id: number }>('INSERT INTO users (email, full_name, expects_sso) VALUES ($1, $2, true) RETURNING id', [email, 'Pre'])).rows[0]!.id;
  const roundTrip2 = async (subject: string, claims: Record<string, unknown>) => {
    const { browser, callbackUrl } = await toAppCallback(idp2, app2Url, subject, claims);
    const res = await browser.get(callbackUrl);
    return { res, session: browser.cookie(app2Url, 'hotdesk_session') };
  };

  it('refuses to link a verified address in a domain not listed', async () => {
    const id = await preRegistered('outsider@elsewhere.test');
    const { res, session } = await roundTrip2('sub-outsider', { email: 'outsider@elsewhere.test', email_verified: true });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?error=sso_link_refused');
    expect(session).toBeUndefined();
    expect((await t.pool.query('SELECT oidc_subject FROM users WHERE id = $1', [id])).rows[0].oidc_subject).toBeNull();
    // A look-alike domain is not the listed one either.
    await preRegistered('outsider@notexample.org');
    expect((await roundTrip2('sub-lookalike', { email: 'outsider@notexample.org', email_verified: true })).res.status).toBe(303);
  });

  it('links a verified address in a listed domain (in any case)', async () => {
    const id = await preRegistered('insider@corp.example');
    const { res, session } = await roundTrip2('sub-insider', { email: 'Insider@CORP.example', email_verified: true });
    expect(res.status).toBe(302);
    expect(session).toBeDefined();
    expect((await t.pool.query('SELECT oidc_subject FROM users WHERE id = $1', [id])).rows[0].oidc_subject).toBe('sub-insider');
  });
});
