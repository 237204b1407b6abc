import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite, insertTeam } from '../testing/fixtures.js';
import { createPool } from '../db/pool.js';
import { ENDS_SESSION } from '../security/accessMatrix.js';
import { ERROR_COMPONENT, ROUTE_TABLE_KEYS } from './openApiResponses.js';

/**
 * The API description tells the truth: every route is called as an anonymous visitor, as a member of
 * staff (signed in, no roles), as an admin (reads only), with an unknown query parameter, with a body
 * of the wrong type, with path parameters that exist and that do not, and with the database down. Each
 * answer's status must be one the document lists for that route, never a 5xx other than the documented
 * 503; an error answer must have the shared error shape, and a success the documented content type.
 */
interface Operation { method: string; path: string; responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }
type Doc = { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };

let t: Awaited<ReturnType<typeof buildTestApp>>;
let doc: Doc;
let staff: TestUser, admin: TestUser;
const existing: Record<string, string> = {};

beforeAll(async () => {
  // OpenID Connect configured with a provider that cannot be reached: its routes exist and answer.
  t = await buildTestApp({ env: { OIDC_ISSUER: 'http://127.0.0.1:1/issuer', OIDC_CLIENT_ID: 'hotdesk' }, now: new Date('2030-01-07T08:00:00Z') });
  staff = await createUser(t);
  admin = await createUser(t, { roles: ['Admin'] });
  const site = await insertSite(t.pool);
  const location = await insertLocation(t.pool, site);
  const { floorplanId, layoutId } = await insertPublishedFloorplan(t.pool, location, [{ id: 'D1' }]);
  const room = (await t.pool.query<{ id: number }>("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'R', 0, 4) RETURNING id", [location])).rows[0]!.id;
  const team = await insertTeam(t.pool, 'Team', [staff.id]);
  const tag = (await t.pool.query<{ id: number }>("INSERT INTO tags (label, type) VALUES ('T', 3) RETURNING id")).rows[0]!.id;
  Object.assign(existing, {
    id: String(site), siteId: String(site), locationId: String(location), floorplanId: String(floorplanId), layoutId: String(layoutId),
    roomId: String(room), bookingId: '1', tagId: String(tag), teamId: String(team), deskId: 'D1', email: staff.email, text: 'user',
    kind: 'room', type: '1', roomType: '0', filter: 'all', from: '2030-01-01', to: '2030-01-31', token: 'no-such-feed',
  });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.dropDatabase());

const operations = (): Operation[] => Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, responses: op.responses })));
const keyOf = (op: Operation) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`;
const NON_EXISTING: Record<string, string> = { email: 'nobody@example.org', deskId: 'NO-SUCH-DESK', text: 'zzzzzz', kind: 'site', filter: 'tag' };
const urlOf = (op: Operation, values: 'existing' | 'missing' | 'malformed') => op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
  encodeURIComponent(values === 'existing' ? existing[name] ?? 'x' : values === 'missing' ? NON_EXISTING[name] ?? '2147483000' : 'not-an-id-%'));

/** Bodies that get past validation to the route's own answers. */
const PLAUSIBLE: Record<string, string> = {
  'POST /auth/login': JSON.stringify({ email: 'nobody@example.org', password: 'wrong password' }),
  'POST /api/bookings/check-in/:bookingId': JSON.stringify({ Email: 'nobody@example.org' }),
};

interface Answer { statusCode: number; headers: Record<string, unknown>; body: string }
function problemsOf(op: Operation, res: Answer, what: string): string[] {
  const status = String(res.statusCode);
  const documented = op.responses[status];
  const where = `${keyOf(op)} ${what} -> ${res.statusCode}`;
  if (!documented) return [`${where} is not documented (${Object.keys(op.responses).join(', ')}): ${res.body.slice(0, 160)}`];
  const problems: string[] = [];
  const type = String(res.headers['content-type'] ?? '').split(';')[0]!;
  if (res.statusCode >= 400) {
    let body: { Error?: unknown; Code?: unknown; Errors?: unknown } = {};
    try { body = JSON.parse(res.body); } catch { problems.push(`${where}: the body is not JSON`); }
    if (typeof body.Error !== 'string' || typeof body.Code !== 'string') problems.push(`${where}: not the error shape: ${res.body.slice(0, 160)}`);
    if (body.Errors !== undefined && (typeof body.Errors !== 'object' || Object.values(body.Errors as object).some((v) => typeof v !== 'string'))) {
      problems.push(`${where}: Errors is not a map of messages`);
    }
  } else if (documented.content) {
    if (!Object.keys(documented.content).includes(type)) problems.push(`${where}: answered ${type}, documented ${Object.keys(documented.content).join(', ')}`);
  } else if (res.body !== '') {
    problems.push(`${where}: documented without a body but answered one`);
  }
  if (res.statusCode >= 500 && res.statusCode !== 503) problems.push(`${where}: a server error ${res.body.slice(0, 160)}`);
  return problems;
}

describe('the OpenAPI document', () => {
  it('describes the error shape once, the cookie sign-in, and every error answer by that shape', () => {
    expect(doc.components.schemas[ERROR_COMPONENT]).toMatchObject({ type: 'object', required: ['Error', 'Code'] });
    expect(doc.components.securitySchemes['session']).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'hotdesk_session' }));
    const ops = operations();
    expect(ops.length).toBeGreaterThan(90);
    for (const op of ops) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema;
        if (keyOf(op) === 'POST /api/users/me' && status === '400') continue; // its own refusal shape, which includes Error and Code
        expect(schema?.$ref, `${keyOf(op)} ${status}`).toBe(`#/components/schemas/${ERROR_COMPONENT}`);
      }
      expect(op.responses['400'], `${keyOf(op)} refuses unknown query parameters`).toBeDefined();
    }
  });

  it('lists 429 on every route with a per-caller limit, and not on desk bookings or cancellations', () => {
    const statusesOf = (key: string) => Object.keys(operations().find((op) => keyOf(op) === key)!.responses);
    for (const key of ['POST /auth/login', 'POST /api/bookings/check-in/:bookingId', 'GET /api/bookings/check-in/:siteId/:locationId/:roomId',
      'GET /api/rooms/:id/check-in-info', 'POST /api/pushMessaging', 'POST /api/bookings/room', 'POST /api/bookings/:id']) {
      expect(statusesOf(key), key).toContain('429');
    }
    for (const key of ['POST /api/bookings/desk', 'DELETE /api/bookings']) expect(statusesOf(key), key).not.toContain('429');
  });

  it('names only real routes in its route tables', () => {
    const keys = new Set(operations().map(keyOf));
    for (const key of ROUTE_TABLE_KEYS) expect(keys.has(key), key).toBe(true);
  });

  it('documents returnTo, redirects with Location, CSV, iCalendar, text, images and 204 without a body', () => {
    const op = (path: string, method: string) => doc.paths[path]![method]! as unknown as { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: object; content?: object }> };
    for (const [path, method, status] of [['/MicrosoftIdentity/Account/SignOut', 'get', '303'], ['/auth/logout', 'post', '303'], ['/auth/oidc/start', 'get', '302'], ['/auth/oidc/callback', 'get', '302']] as const) {
      expect(op(path, method).responses[status]?.headers, path).toHaveProperty('Location');
      expect(op(path, method).responses[status]?.content, path).toBeUndefined();
    }
    expect(op('/MicrosoftIdentity/Account/SignOut', 'get').parameters).toContainEqual(expect.objectContaining({ name: 'returnTo', in: 'query' }));
    expect(op('/auth/oidc/start', 'get').parameters).toContainEqual(expect.objectContaining({ name: 'returnTo', in: 'query' }));
    expect(Object.keys(op('/api/bookings/my/export', 'get').responses['200']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(op('/ical/{token}.ics', 'get').responses['200']!.content!)).toEqual(['text/calendar']);
    expect(Object.keys(op('/api/users/current/isAuthenticated', 'get').responses['200']!.content!)).toEqual(['text/plain']);
    expect(Object.keys(op('/api/logo', 'get').responses['200']!.content!)).toEqual(['image/svg+xml']);
    expect(op('/api/sites/{id}', 'delete').responses['204']?.content).toBeUndefined();
    expect(op('/api/sites/{id}', 'delete').responses['200']).toBeUndefined();
  });
});

describe('every route answers only what the document says', () => {
  it('to anonymous visitors, staff, admins, bad input and missing things, without a 5xx', async () => {
    const problems: string[] = [];
    const call = async (op: Operation, what: string, o: { url: string; cookie?: string; payload?: string }) => {
      const res = await t.app.inject({
        method: op.method as 'GET', url: o.url, headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(o.payload !== undefined ? { payload: o.payload } : {}),
      });
      problems.push(...problemsOf(op, res, what));
    };
    // Sign-out ends the session it is called with: those routes are called last, without staff's cookie.
    const ops = operations().sort((a, b) => Number(ENDS_SESSION.has(keyOf(a))) - Number(ENDS_SESSION.has(keyOf(b))));
    for (const op of ops) {
      const unsafe = op.method !== 'GET';
      const body = unsafe ? PLAUSIBLE[keyOf(op)] ?? '{}' : undefined;
      const signedIn = ENDS_SESSION.has(keyOf(op)) ? [] : [['staff', staff.cookie] as const];
      const admins = !unsafe ? [['admin', admin.cookie] as const] : [];
      for (const values of ['existing', 'missing', 'malformed'] as const) {
        const url = urlOf(op, values);
        await call(op, `anonymous, ${values}`, { url, payload: body });
        for (const [who, cookie] of [...signedIn, ...admins]) await call(op, `${who}, ${values}`, { url, cookie, payload: body });
      }
      for (const [who, cookie] of [['anonymous', undefined], ...signedIn, ...admins] as const) {
        await call(op, `${who}, unknown query parameter`, { url: `${urlOf(op, 'existing')}?zzUnknown=1`, cookie, payload: body });
        if (unsafe) {
          for (const wrong of ['[]', '"text"', '42', 'null', '{"a":']) await call(op, `${who}, body ${wrong}`, { url: urlOf(op, 'existing'), cookie, payload: wrong });
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('with the database down: 503 only where documented', async () => {
    const pool = createPool('postgres://x:y@127.0.0.1:1/none', 2);
    const down = await buildTestApp({ pool, env: { OIDC_ISSUER: 'http://127.0.0.1:1/issuer', OIDC_CLIENT_ID: 'hotdesk' } });
    try {
      const problems: string[] = [];
      for (const op of operations()) {
        for (const cookie of [undefined, staff.cookie]) {
          const res = await down.app.inject({ method: op.method as 'GET', url: urlOf(op, 'existing'), headers: cookie ? { cookie } : {}, ...(op.method !== 'GET' ? { payload: {} } : {}) });
          problems.push(...problemsOf(op, res, `database down${cookie ? ', with a cookie' : ''}`));
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await down.close();
      await pool.end();
    }
  }, 60_000);
});
