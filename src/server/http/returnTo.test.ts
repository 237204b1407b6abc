import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../testing/testApp.js';
import { Browser, startTestIdp, type TestIdp } from '../testing/oidcProvider.js';

/**
 * returnTo of sign-out and of the OpenID Connect sign-in never leads off the site, however it is spelt:
 * the browser drops tabs and newlines and reads a backslash as a slash, so "/\t/evil.example" is a link
 * to evil.example when Hotdesk is served at the root. Each spelling is tried at the root and under a
 * base path, on every route that takes returnTo; the answer is a refusal (400) or a redirect that a
 * browser resolves to a page of this app.
 */
const HOSTILE = [
  '/\t/evil.example', '/\\evil.example', '\\/evil.example', '//evil.example', '///evil.example', '\\\\evil.example',
  '/\r\n/evil.example', '/\n/evil.example', ' //evil.example', '\t//evil.example', '/.//evil.example', '/./\\evil.example',
  'https://evil.example/', 'HTTPS://evil.example', 'https:/\\evil.example', 'https:evil.example', '//evil.example@hotdesk.test',
  'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>',
  '/%09/evil.example', '/%2F%2Fevil.example', '%2F%2Fevil.example', '/%5Cevil.example', '/\u3002evil.example', '/\uff0f/evil.example',
  '/evil', '/hotdesk/../evil', '/hotdesk/%2e%2e/evil', '/hotdesk/.%2e/%2e%2e/evil', '/hotdesk\\..\\..\\evil', '/hotdeskevil/menu',
  '/menu/../../evil', `/${'x'.repeat(2000)}`,
];
/** [a short name for the test title, the value] */
const CASES = HOSTILE.map((v) => [JSON.stringify(v).slice(0, 50), v] as const);

let idp: TestIdp;
type T = Awaited<ReturnType<typeof buildTestApp>>;
let root: T, based: T;
let rootUrl: string;

beforeAll(async () => {
  idp = await startTestIdp();
  const oidc = { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret };
  root = await buildTestApp({ env: oidc });
  await root.app.listen({ port: 0, host: '127.0.0.1' });
  rootUrl = `http://127.0.0.1:${(root.app.server.address() as AddressInfo).port}`;
  idp.start(`${rootUrl}/auth/oidc/callback`);
  based = await buildTestApp({ pool: root.pool, env: { ...oidc, PUBLIC_URL: 'http://hotdesk.test/hotdesk' } });
}, 60_000);
afterAll(async () => { await based?.close(); await root?.dropDatabase(); await idp?.close(); });

const sites = () => [
  { name: 'at the root', t: root, base: '', origin: 'http://hotdesk.test' },
  { name: 'under /hotdesk', t: based, base: '/hotdesk', origin: 'http://hotdesk.test' },
];

/** Where a browser on `origin` goes with this Location: a page of the app, or a problem. */
function offSite(location: string, origin: string, base: string): string | undefined {
  if ([...location].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return `control character in ${JSON.stringify(location)}`;
  const url = new URL(location, `${origin}${base}/auth/x`);
  if (url.origin !== origin) return `leaves for ${url.origin}`;
  if (base && url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return `outside ${base}: ${url.pathname}`;
  return undefined;
}

function expectSafe(res: { statusCode: number; headers: Record<string, unknown>; body: string }, origin: string, base: string, what: string) {
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode === 400) {
    expect(JSON.parse(res.body), what).toMatchObject({ Code: 'BAD_INPUT', Error: expect.any(String) });
    return;
  }
  expect([302, 303], `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  expect(offSite(String(res.headers.location), origin, base), what).toBeUndefined();
}

describe('sign-out never sends anyone off the site', () => {
  it.each(CASES)('returnTo=%s', async (_name, returnTo) => {
    for (const { name, t, base, origin } of sites()) {
      for (const [method, path] of [['GET', '/MicrosoftIdentity/Account/SignOut'], ['POST', '/auth/logout']] as const) {
        const res = await t.app.inject({ method, url: `${base}${path}?returnTo=${encodeURIComponent(returnTo)}`, headers: { host: 'hotdesk.test' } });
        expectSafe(res, origin, base, `${method} ${path} ${name}`);
      }
    }
  });

  it('still returns to a page of the app, with its query; to the sign-in page by default, to the menu instead of another site', async () => {
    for (const { t, base } of sites()) {
      const to = await t.app.inject({ method: 'GET', url: `${base}/MicrosoftIdentity/Account/SignOut?returnTo=${encodeURIComponent(`${base}/menu/settings?x=1`)}` });
      expect(to.statusCode).toBe(303);
      expect(to.headers.location).toBe(`${base}/menu/settings?x=1`);
      const byDefault = await t.app.inject({ method: 'POST', url: `${base}/auth/logout` });
      expect(byDefault.headers.location).toBe(`${base}/login`);
      const foreign = await t.app.inject({ method: 'GET', url: `${base}/MicrosoftIdentity/Account/SignOut?returnTo=${encodeURIComponent('//evil.example/')}` });
      expect(foreign.headers.location).toBe(`${base}/menu`);
    }
  });

  it('answers 400 in the app\'s format, not 500, for a returnTo a header cannot carry', async () => {
    for (const { t, base } of sites()) {
      for (const returnTo of [`${base}/menu\r\nSet-Cookie: x=1`, `${base}/menu\n`, `${base}/\u65e5\u672c`, `${base}/\u{1F600}`]) {
        const res = await t.app.inject({ method: 'GET', url: `${base}/MicrosoftIdentity/Account/SignOut?returnTo=${encodeURIComponent(returnTo)}` });
        expect(res.statusCode, JSON.stringify(returnTo)).toBe(400);
        expect(res.json()).toMatchObject({ Code: 'BAD_INPUT', Errors: { returnTo: expect.any(String) } });
        expect(res.headers.location).toBeUndefined();
      }
    }
  });
});

describe('the OpenID Connect sign-in keeps only a page of the app to return to', () => {
  const storedReturnTo = async (t: T, location: string) => {
    const state = new URL(location).searchParams.get('state');
    const { rows } = await t.pool.query<{ return_to: string }>('SELECT return_to FROM oidc_states WHERE state = $1', [state]);
    return rows[0]?.return_to;
  };

  it.each(CASES)('start with returnTo=%s', async (_name, returnTo) => {
    for (const { name, t, base, origin } of sites()) {
      const res = await t.app.inject({ method: 'GET', url: `${base}/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`, headers: { host: 'hotdesk.test' } });
      expect(res.statusCode, name).toBeLessThan(500);
      if (res.statusCode === 400) continue;
      expect(res.statusCode, `${name}: ${res.body}`).toBe(302);
      const stored = await storedReturnTo(t, String(res.headers.location));
      expect(stored, name).toBeDefined();
      expect(offSite(stored!, origin, base), `${name}: stored ${JSON.stringify(stored)}`).toBeUndefined();
    }
  });

  it('keeps a page of the app as it was asked for', async () => {
    for (const { t, base } of sites()) {
      const res = await t.app.inject({ method: 'GET', url: `${base}/auth/oidc/start?returnTo=${encodeURIComponent(`${base}/bookings/my?x=1`)}` });
      expect(await storedReturnTo(t, String(res.headers.location))).toBe(`${base}/bookings/my?x=1`);
    }
  });

  it('checks the stored path again at the callback (a row saved before the check was tightened)', async () => {
    idp.signInAs('sub-return', { email: 'return@example.org', name: 'Re Turn' });
    const browser = new Browser();
    const { next } = await browser.follow(`${rootUrl}/auth/oidc/start`, `${rootUrl}/auth/oidc/callback`);
    expect(next).toBeDefined();
    const state = new URL(next!).searchParams.get('state');
    await root.pool.query('UPDATE oidc_states SET return_to = $2 WHERE state = $1', [state, '/\t/evil.example']);
    const res = await browser.get(next!);
    expect(res.status).toBe(302);
    expect(offSite(res.headers.get('location') ?? '', rootUrl, '')).toBeUndefined();
    expect(res.headers.get('location')).toBe('/menu');
  });
});

describe('the staff sign-out link', () => {
  it('ends the session and returns to the page asked for', async () => {
    const staff = await createUser(root);
    const res = await root.app.inject({ method: 'GET', url: `/MicrosoftIdentity/Account/SignOut?returnTo=${encodeURIComponent('/login?x=1')}`, headers: { cookie: staff.cookie } });
    expect(res.headers.location).toBe('/login?x=1');
    const after = await root.app.inject({ method: 'GET', url: '/api/users/current/isAuthenticated', headers: { cookie: staff.cookie } });
    expect(after.body).toBe('false');
  });
});
