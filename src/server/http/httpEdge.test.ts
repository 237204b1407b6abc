import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';
import { registerErrorHandling } from './errorHandler.js';
import { registerMethodNotAllowed } from './methodNotAllowed.js';

type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T, based: T;
let staff: TestUser, reporter: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  based = await buildTestApp({ pool: t.pool, env: { PUBLIC_URL: 'http://localhost/hotdesk' } });
  staff = await createUser(t);
  reporter = await createUser(t, { roles: ['Reporting'] });
});
afterAll(async () => { await based.close(); await t.dropDatabase(); });

describe('a method the path does not have', () => {
  it.each(['TRACE', 'PUT', 'PATCH', 'PROPFIND', 'OPTIONS', 'DELETE'] as const)('%s on a known path answers 405 with Allow', async (method) => {
    const res = await t.app.inject({ method, url: '/api/settings', headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.json()).toMatchObject({ Code: 'METHOD_NOT_ALLOWED', Error: expect.stringContaining('GET, HEAD, POST') });
  });

  it('knows paths with parameters and the base path', async () => {
    const res = await based.app.inject({ method: 'PUT', url: '/hotdesk/api/sites/12' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD, POST');
    expect((await based.app.inject({ method: 'TRACE', url: '/hotdesk/ical/abc.ics' })).headers.allow).toBe('GET, HEAD');
  });

  it('answers QUERY (a method with a body) with 405 too, before reading any body', async () => {
    const res = await t.app.inject({ method: 'QUERY' as 'GET', url: '/api/sites' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it('leaves unknown paths at 404, pages included', async () => {
    for (const [method, url] of [['TRACE', '/api/no/such'], ['PUT', '/api/settings/x'], ['POST', '/menu']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().Code).toBe('NOT_FOUND');
    }
  });
});

describe('unknown query parameters', () => {
  it('are refused with 400 naming the parameter, on routes with and without a query schema', async () => {
    for (const url of ['/api/settings?debug=1', '/api/bookings/my?pastLimit=5&sort=desc', '/healthz?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ Code: 'BAD_INPUT', Errors: { [url.includes('debug') ? 'debug' : url.includes('sort') ? 'sort' : 'x']: 'is not a parameter of this call' } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings/my?pastLimit=5', headers: { cookie: staff.cookie } })).statusCode).toBe(200);
  });
});

describe('values that end in a header', () => {
  it('a CSV export whose file name comes from the path never answers 5xx', async () => {
    for (const bound of ['2030-01-01\r\nX-Evil: 1', '2030-01-01\u65e5', '2030-01-01"; filename=evil.sh', '2030\u0000-01-01']) {
      const res = await t.app.inject({
        method: 'GET', url: `/api/bookings/export/filter/all/0/from/${encodeURIComponent(bound)}/to/2030-01-31`, headers: { cookie: reporter.cookie },
      });
      expect(res.statusCode, JSON.stringify(bound)).toBeLessThan(500);
      if (res.statusCode === 200) expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[0-9A-Za-z.-]+"$/);
      else expect(res.json().Code).toBe('BAD_INPUT');
      expect(res.headers['x-evil']).toBeUndefined();
    }
  });

  it('a header Node refuses becomes 400 in the app\'s format (the safety net under every route)', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerMethodNotAllowed(app);
    app.get('/to', async (request, reply) => reply.redirect((request.query as { p: string }).p, 303));
    app.get('/file', async (request, reply) => reply.header('Content-Disposition', `attachment; filename="${(request.query as { p: string }).p}"`).send('x'));
    for (const url of ['/to', '/file']) {
      for (const p of ['/a\r\nb', '/\u65e5\u672c']) {
        const res = await app.inject({ method: 'GET', url: `${url}?p=${encodeURIComponent(p)}` });
        expect(res.statusCode, `${url} ${JSON.stringify(p)}`).toBe(400);
        expect(res.json()).toEqual({ Error: expect.stringMatching(/header/), Code: 'BAD_INPUT' });
      }
    }
    await app.close();
  });
});
