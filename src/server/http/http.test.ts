import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, sessionCookieFrom, type TestUser } from '../testing/testApp.js';
import { createPool } from '../db/pool.js';
import { SessionStore } from '../auth/sessions.js';
import { isGuardedPath, registerGuard } from './guard.js';

type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T;
let admin: TestUser, staff: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t);
});
afterAll(() => t.dropDatabase());

const settings = (MaintenanceMode: boolean) => ({
  MaintenanceMode, RoomBookingEnabled: true, DeskBookingEnabled: true,
  GlobalDeskConstraint: { Number: 1, Type: 1, ResourceType: 2 }, GlobalRoomConstraint: { Number: 1, Type: 1, ResourceType: 1 },
});
const maintenanceMode = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: staff.cookie } })).json().MaintenanceMode;

describe('errors on the wire', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('an unknown API path answers %s with a JSON 404', async (method) => {
    const res = await t.app.inject({ method, url: '/api/no/such/thing?x=1', headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ Error: `No such path: ${method} /api/no/such/thing`, Code: 'NOT_FOUND' });
  });
});

describe('GET /api/users/current/isAuthenticated', () => {
  it('answers the text true for a signed-in person and false otherwise', async () => {
    const yes = await t.app.inject({ method: 'GET', url: '/api/users/current/isAuthenticated', headers: { cookie: staff.cookie } });
    expect(yes.statusCode).toBe(200);
    expect(yes.headers['content-type']).toMatch(/^text\/plain/);
    expect(yes.body).toBe('true');
    for (const headers of [{}, { cookie: 'hotdesk_session=forged-token' }]) {
      const no = await t.app.inject({ method: 'GET', url: '/api/users/current/isAuthenticated', headers });
      expect(no.statusCode).toBe(200);
      expect(no.headers['content-type']).toMatch(/^text\/plain/);
      expect(no.body).toBe('false');
    }
  });
});

describe('requests from another site', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin of the same host on another port', { origin: 'http://hotdesk.test:8081' }],
    ['the opaque Origin null', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses an unsafe request with %s (403) and changes nothing', async (_name, extra) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { host: 'hotdesk.test', cookie: admin.cookie, ...extra }, payload: settings(true) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Error: 'Requests from another site are not allowed.', Code: 'FORBIDDEN' });
    expect(await maintenanceMode()).toBe(false);
  });

  it('refuses a cross-site sign-in (login CSRF)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { origin: 'https://evil.example' }, payload: { email: staff.email, password: staff.password } });
    expect(res.statusCode).toBe(403);
    expect(sessionCookieFrom(res)).toBeUndefined();
  });

  it('allows a same-origin unsafe request', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { host: 'hotdesk.test', origin: 'http://hotdesk.test', 'sec-fetch-site': 'same-origin', cookie: admin.cookie }, payload: settings(true) });
    expect(res.statusCode).toBe(200);
    expect(await maintenanceMode()).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie: admin.cookie }, payload: settings(false) });
  });

  it('allows PUBLIC_URL\'s origin when the proxy passes another Host', async () => {
    const behind = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'https://book.example.org' } });
    try {
      const res = await behind.app.inject({ method: 'POST', url: '/auth/login', headers: { host: '10.0.0.5:8080', origin: 'https://book.example.org' }, payload: { email: staff.email, password: staff.password } });
      expect(res.statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('lets a cross-site GET through (top-level navigation), the SameSite=Lax cookie included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('are on every answer, errors included, and no HSTS over http', async () => {
    for (const url of ['/healthz', '/api/settings', '/api/no/such']) {
      const h = (await t.app.inject({ method: 'GET', url })).headers;
      const csp = String(h['content-security-policy']);
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
      expect(scriptSrc).toBeDefined();
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toMatch(/^(same-origin|no-referrer|strict-origin(-when-cross-origin)?)$/);
      expect(h['strict-transport-security']).toBeUndefined();
    }
  });

  it('include HSTS when PUBLIC_URL is https', async () => {
    const https = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'https://book.example.org' } });
    try {
      const h = (await https.app.inject({ method: 'GET', url: '/healthz' })).headers;
      expect(h['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await https.close();
    }
  });
});

describe('request bodies', () => {
  it('answers a body over the limit with 413 and a clear message', async () => {
    const big = JSON.stringify({ ...settings(true), Padding: 'x'.repeat(5 * 1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { cookie: admin.cookie, 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ Code: 'PAYLOAD_TOO_LARGE', Error: expect.stringMatching(/too large/i) });
    expect(await maintenanceMode()).toBe(false);
  });
});

describe('the base path from PUBLIC_URL', () => {
  let based: T;
  beforeAll(async () => { based = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'http://localhost/hotdesk/' } }); });
  afterAll(() => based.close());

  it('serves the API under the base path only', async () => {
    expect((await based.app.inject({ method: 'GET', url: '/hotdesk/api/settings' })).statusCode).toBe(401);
    expect((await based.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(404);
    expect((await based.app.inject({ method: 'GET', url: '/hotdesk/api/settings', headers: { cookie: staff.cookie } })).statusCode).toBe(200);
    const meta = await based.app.inject({ method: 'GET', url: '/hotdesk/meta.json' });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toEqual({ version: '1.0.1' });
    expect((await based.app.inject({ method: 'GET', url: '/hotdesk/healthz' })).statusCode).toBe(200);
    expect((await based.app.inject({ method: 'GET', url: '/hotdesk/api/docs/json' })).statusCode).toBe(200);
  });

  it('scopes the session cookie to the base path and signs out to its sign-in page', async () => {
    const res = await based.app.inject({ method: 'POST', url: '/hotdesk/auth/login', payload: { email: staff.email, password: staff.password } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Path=\/hotdesk(;|$)/);
    const cookie = sessionCookieFrom(res)!;
    const out = await based.app.inject({ method: 'GET', url: '/hotdesk/MicrosoftIdentity/Account/SignOut', headers: { cookie } });
    expect(out.headers.location).toBe('/hotdesk/login');
    expect(String(out.headers['set-cookie'])).toMatch(/; Path=\/hotdesk(;|$)/);
    const after = await based.app.inject({ method: 'GET', url: '/hotdesk/api/users/current/isAuthenticated', headers: { cookie } });
    expect(after.body).toBe('false');
  });
});

describe('OpenAPI', () => {
  it('is served as JSON at /api/docs/json and lists the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/settings', '/api/users', '/auth/login']));
    expect(doc.paths['/api/settings']).toHaveProperty('post');
  });
});

describe('a failing database', () => {
  it('answers 503 quickly when PostgreSQL refuses connections; /healthz still answers', async () => {
    const pool = createPool('postgres://x:y@127.0.0.1:1/none', 2);
    const down = await buildTestApp({ pool });
    try {
      await expectQuick503(down);
    } finally {
      await down.close();
      await pool.end();
    }
  });

  it('answers 503 within the connect timeout, not a hang, when PostgreSQL accepts but never answers', async () => {
    const sockets: Socket[] = [];
    const blackHole: Server = createServer((s) => { sockets.push(s); });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const pool = createPool(`postgres://x:y@127.0.0.1:${(blackHole.address() as AddressInfo).port}/none`, 2);
    const down = await buildTestApp({ pool });
    try {
      await expectQuick503(down);
    } finally {
      await down.close();
      sockets.forEach((s) => s.destroy());
      blackHole.close();
      await pool.end().catch(() => undefined);
    }
  });

  async function expectQuick503(down: T) {
    const timed = async (url: string, headers: Record<string, string> = {}) => {
      const started = Date.now();
      const res = await down.app.inject({ method: 'GET', url, headers });
      return { res, ms: Date.now() - started };
    };
    expect((await timed('/healthz')).res.statusCode).toBe(200);
    // A cookie shaped like a real token (43 base64url characters), so the guard must look it up.
    const [ready, withCookie] = await Promise.all([timed('/readyz'), timed('/api/settings', { cookie: `hotdesk_session=${'t'.repeat(43)}` })]);
    for (const { res, ms } of [ready, withCookie]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().Code).toBe('UNAVAILABLE');
      expect(res.headers['retry-after']).toBeDefined();
      expect(ms).toBeLessThan(4500);
    }
  }
});

describe('every route declares who may call it', () => {
  it.each([
    ['/api/settings', '', true], ['/auth/login', '', true], ['/MicrosoftIdentity/Account/SignOut', '', true],
    ['/ical/abc', '', true], ['/hotdesk/api/settings', '/hotdesk', true], ['/api/docsearch', '', true], ['/hotdesk/api/docs-export', '/hotdesk', true],
    ['/api/docs', '', false], ['/api/docs/json', '', false], ['/hotdesk/api/docs/static/x.js', '/hotdesk', false],
    ['/menu', '', false], ['/hotdesk/menu', '/hotdesk', false], ['/meta.json', '', false],
  ])('isGuardedPath(%j, %j) is %s', (url, base, guarded) => {
    expect(isGuardedPath(url, base)).toBe(guarded);
  });

  it('refuses to start with an API route that has no config.access', async () => {
    const app = Fastify({ logger: false });
    registerGuard(app, new SessionStore(t.pool, 60), '');
    await expect(async () => {
      app.get('/api/forgotten', async () => 'open');
      await app.ready();
    }).rejects.toThrow(/GET \/api\/forgotten does not declare who may call it/);
    await app.close().catch(() => undefined);
  });

  it('refuses an unknown access level and accepts a declared one', async () => {
    const bad = Fastify({ logger: false });
    registerGuard(bad, new SessionStore(t.pool, 60), '');
    await expect(async () => {
      bad.get('/api/typo', { config: { access: 'everyone' as never } }, async () => 'open');
      await bad.ready();
    }).rejects.toThrow(/does not declare/);
    const good = Fastify({ logger: false });
    registerGuard(good, new SessionStore(t.pool, 60), '');
    good.get('/api/fine', { config: { access: 'anonymous' } }, async () => 'ok');
    good.get('/page', async () => 'a page needs no access level');
    await good.ready();
    expect((await good.inject({ method: 'GET', url: '/api/fine' })).body).toBe('ok');
    await good.close();
  });
});
