import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../testing/fixtures.js';
import { ACCESS_MATRIX, ENDS_SESSION } from './accessMatrix.js';

// Generated hostile input against every route, as an admin (who passes the guard everywhere, so the
// input reaches validation and the services): no 5xx, every refusal explains itself, and a refused
// call leaves the database as it was.
let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser;

// Tables that a refused call may legitimately touch: session bookkeeping and attempt counters.
// read_limits: a refused request still counts against its caller's rate limit (so probing costs), which is the point.
const BOOKKEEPING = new Set(['sessions', 'sign_in_failures', 'oidc_states', 'schema_migrations', 'check_in_attempts', 'read_limits']);
let fingerprintSql = '';
/** Each route's query parameters, from the API description ('GET /api/bookings/my' -> pastLimit, pastBefore). */
const queryNames = new Map<string, Set<string>>();

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2030-01-07T08:00:00Z') });
  admin = await createUser(t, { roles: ['Admin'] });
  const site = await insertSite(t.pool, { parkingSpaces: 2 });
  const loc = await insertLocation(t.pool, site);
  await insertPublishedFloorplan(t.pool, loc, [{ id: 'D1' }, { id: 'D2' }]);
  await t.pool.query("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'R', 0, 4)", [loc]);
  const tables = (await t.pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows
    .map((r) => r.tablename).filter((n) => !BOOKKEEPING.has(n) && !n.endsWith('_attempts'));
  // Row count and newest row version per table: any insert, update or delete changes one of them.
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      queryNames.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)));
    }
  }
  fingerprintSql = tables.map((n) => `SELECT '${n}' AS t, count(*) AS n, coalesce(max(xmin::text::bigint), 0) AS x FROM "${n}"`).join(' UNION ALL ');
});
afterAll(() => t.dropDatabase());

const fingerprint = async () => JSON.stringify((await t.pool.query(fingerprintSql)).rows);

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom("'; DROP TABLE users; --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u0000', '\uffff', '𝕳𝖔𝖙𝖉𝖊𝖘𝖐',
    '9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z', '2030-13-45T25:61:00Z', '2030-01-07T09:00', 'NaN', '-1', '1e308', ' ', ''),
  fc.constant('x'.repeat(100_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' },
    hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(2 ** 53 + 1), fc.constant(-2147483649),
    fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 12 }), tie('value'), { maxKeys: 4 })),
})).value;
// Plausible field names of this API, so generated bodies hit real validators, not only unknown keys.
const FIELDS = ['Id', 'Start', 'Finish', 'FloorplanId', 'DeskId', 'RoomId', 'SiteId', 'LocationId', 'Title', 'Name', 'Email', 'FullName',
  'Description', 'OnBehalfOfEmail', 'CancellationReason', 'CancelledByAdmin', 'Capacity', 'RoomType', 'Json', 'Type', 'Label', 'Number',
  'RoleIds', 'OidcGroup', 'FromDate', 'ToDate', 'fromDate', 'toDate', 'roomType', 'query', 'type', 'email', 'password', 'token', 'endpoint', 'p256dh', 'auth'];
const hostileBody = fc.oneof(
  hostileValue,
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }),
  fc.constant(JSON.parse('['.repeat(100) + ']'.repeat(100))),
);

const routes = Object.keys(ACCESS_MATRIX).filter((r) => !ENDS_SESSION.has(r));

describe('hostile input', () => {
  it('never answers 5xx, explains every refusal, and changes nothing when it refuses', async () => {
    const problems: string[] = [];
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...routes), hostileBody, fc.array(hostileString, { minLength: 6, maxLength: 6 }), fc.dictionary(fc.constantFrom('start', 'end', 'returnTo', 'pastLimit', 'pastBefore', 'q', 'x'), hostileString, { maxKeys: 3 }), fc.boolean(),
      async (route, body, params, generatedQuery, keepUnknown) => {
        // Unknown query parameters are refused before anything else (400): mostly send the route's own,
        // so the generated values reach its validation and its service.
        const known = queryNames.get(route) ?? new Set<string>();
        const query = keepUnknown ? generatedQuery : Object.fromEntries(Object.entries(generatedQuery).filter(([k]) => known.has(k)));
        const [method, path] = route.split(' ') as [string, string];
        let i = 0;
        const url = path.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(params[i++ % params.length]!.slice(0, 300)) || 'x')
          + '?' + new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v.slice(0, 2000)]))).toString();
        const before = await fingerprint();
        const res = await t.app.inject({
          method: method as 'POST', url, headers: { cookie: admin.cookie, 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { payload: JSON.stringify(body) }),
        });
        if (res.statusCode >= 500) problems.push(`${route} ${url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400 && res.statusCode < 500) {
          const error = (() => { try { return JSON.parse(res.body).Error; } catch { return undefined; } })();
          if (typeof error !== 'string' || error.length === 0) problems.push(`${route} -> ${res.statusCode} without an Error message: ${res.body.slice(0, 120)}`);
          if ((await fingerprint()) !== before) problems.push(`${route} -> ${res.statusCode} but the database changed`);
        }
        if (problems.length > 0) throw new Error(problems.join('\n'));
      },
    ), { numRuns: Math.max(400, routes.length * 6), seed: Number(process.env.HOSTILE_SEED ?? 20261121) });
    expect(problems).toEqual([]);
  }, 180_000);

  it('never answers 5xx for values that end in a header (redirect targets, file names)', async () => {
    // Sign-out is left out of the generated walk (it would end the admin's session): it is called signed out here.
    const headerHostile = fc.oneof(hostileString, fc.constantFrom('/menu\r\nSet-Cookie: x=1', '/\n', '/\u65e5\u672c', '/\u{1F600}', '/\u00e9',
      '/\t/evil.example', '\\evil', '2030-01-01\r\n', '2030-01-01"; x=', '\u2028', '\ufffd'));
    const problems: string[] = [];
    await fc.assert(fc.asyncProperty(headerHostile, async (value) => {
      const v = encodeURIComponent(value.slice(0, 300));
      for (const [method, url, cookie] of [
        ['GET', `/MicrosoftIdentity/Account/SignOut?returnTo=${v}`, undefined], ['POST', `/auth/logout?returnTo=${v}`, undefined],
        ['GET', `/auth/oidc/start?returnTo=${v}`, undefined],
        ['GET', `/api/bookings/export/filter/all/0/from/${v || 'x'}/to/2030-01-31`, admin.cookie],
        ['GET', `/api/bookings/export/filter/tag/1/from/2030-01-01/to/${v || 'x'}`, admin.cookie],
        ['GET', `/ical/${v || 'x'}.ics`, undefined],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
        if (res.statusCode >= 500) problems.push(`${method} ${url.slice(0, 100)} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
        const location = res.headers.location;
        if (location !== undefined && new URL(String(location), 'http://hotdesk.test/').origin !== 'http://hotdesk.test') problems.push(`${url} -> leaves for ${String(location)}`);
      }
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }), { numRuns: 150, seed: Number(process.env.HOSTILE_SEED ?? 20261121) });
    expect(problems).toEqual([]);
  }, 120_000);

  it('refuses very deep JSON on every route that takes a body, without a 5xx', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const route of routes.filter((r) => !r.startsWith('GET '))) {
      const [method, path] = route.split(' ') as [string, string];
      const res = await t.app.inject({ method: method as 'POST', url: path.replace(/:([A-Za-z]+)/g, '1'), headers: { cookie: admin.cookie, 'content-type': 'application/json' }, payload: deep });
      expect(res.statusCode, route).toBeLessThan(500);
    }
  });
});
