import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerMeets, type AccessLevel, type Caller } from '../../domain/permissions.js';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';
import { grant, insertLocation, insertSite } from '../testing/fixtures.js';
import { ACCESS_MATRIX, ENDS_SESSION, NARROWED_IN_SERVICE } from './accessMatrix.js';

// Every kind of person of SPEC section 6, and what the pure permission rules say each may do.
interface Persona { name: string; caller?: Caller; user?: TestUser }
let t: Awaited<ReturnType<typeof buildTestApp>>;
const personas: Persona[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t, { email: 'bystander@example.org' }); // id 1: routes walked with id 1 touch nobody below
  const site = await insertSite(t.pool);
  const loc = await insertLocation(t.pool, site);
  const room = (await t.pool.query("INSERT INTO rooms (location_id, name, room_type, capacity) VALUES ($1, 'R', 0, 4) RETURNING id", [loc])).rows[0].id;
  const none: Caller = { roles: [], roomApprover: false, siteLvlAdmin: false };
  const staff = await createUser(t);
  const approver = await createUser(t);
  await grant(t.pool, { scope: 'room', scopeId: room, accessType: 1, userId: approver.id });
  const siteAdmin = await createUser(t);
  await grant(t.pool, { scope: 'site', scopeId: site, accessType: 0, userId: siteAdmin.id });
  personas.push(
    { name: 'anonymous' },
    { name: 'staff', user: staff, caller: none },
    { name: 'room approver', user: approver, caller: { ...none, roomApprover: true } },
    { name: 'site-level admin', user: siteAdmin, caller: { ...none, siteLvlAdmin: true } },
    { name: 'not restricted', user: await createUser(t, { roles: ['Not Restricted'] }), caller: { ...none, roles: ['Not Restricted'] } },
    { name: 'booking manager', user: await createUser(t, { roles: ['Booking Manager'] }), caller: { ...none, roles: ['Booking Manager'] } },
    { name: 'reporting', user: await createUser(t, { roles: ['Reporting'] }), caller: { ...none, roles: ['Reporting'] } },
    // last: an admin's calls (deletes, settings) may change what the others would see
    { name: 'admin', user: await createUser(t, { roles: ['Admin'] }), caller: { ...none, roles: ['Admin'] } },
  );
});
afterAll(() => t.dropDatabase());

const ISO_FROM = '2030-01-07T00:00:00Z';
const ISO_TO = '2030-01-08T00:00:00Z';
/** A plausible value for each kind of path parameter, so requests reach the guard and the service. */
function fill(path: string): string {
  return path.replace(/:([A-Za-z]+)(\.ics)?/g, (_m, name: string, ext: string | undefined) => {
    const value = ({ email: 'someone@example.org', text: 'abc', kind: 'user', filter: 'all', type: '1', roomType: '0', token: 'not-a-token',
      from: ISO_FROM, to: ISO_TO, tagId: '0', startDateStr: '2030-01-07T09:00', endDateStr: '2030-01-07T17:00', deskId: 'D1' } as Record<string, string>)[name] ?? '1';
    return encodeURIComponent(value) + (ext ?? '');
  });
}

describe('authorization matrix', () => {
  it('lists exactly the routes the app declares, with the same access levels', () => {
    const declared = Object.fromEntries(t.app.declaredRoutes);
    const missing = Object.keys(declared).filter((r) => !(r in ACCESS_MATRIX)).map((r) => `  '${r}': '${declared[r]}',`);
    expect(missing, 'routes missing from src/server/security/accessMatrix.ts').toEqual([]);
    expect(Object.keys(ACCESS_MATRIX).filter((r) => !(r in declared)), 'table entries with no route').toEqual([]);
    const differing = Object.entries(ACCESS_MATRIX).filter(([r, level]) => declared[r] !== level);
    expect(differing, 'access levels that differ between table and code').toEqual([]);
  });

  it('refuses every route to everyone below its level, and admits everyone at or above it', async () => {
    const routes = Object.entries(ACCESS_MATRIX) as Array<[string, AccessLevel]>;
    const ordered = [...routes.filter(([r]) => !ENDS_SESSION.has(r)), ...routes.filter(([r]) => ENDS_SESSION.has(r))];
    const problems: string[] = [];
    for (const persona of personas) {
      for (const [route, level] of ordered) {
        const [method, path] = route.split(' ') as [string, string];
        const res = await t.app.inject({
          method: method as 'GET', url: `${fill(path)}?start=${ISO_FROM}&end=${ISO_TO}`,
          headers: persona.user ? { cookie: persona.user.cookie } : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = callerMeets(level, persona.caller);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (res.statusCode >= 500) problems.push(`${persona.name} ${route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (!allowed && !refused) problems.push(`${persona.name} ${route}: expected 401/403, got ${res.statusCode}`);
        else if (!allowed && !persona.user && res.statusCode !== 401) problems.push(`${persona.name} ${route}: expected 401, got ${res.statusCode}`);
        else if (allowed && res.statusCode === 401 && level !== 'anonymous') problems.push(`${persona.name} ${route}: admitted level but got 401`);
        else if (allowed && res.statusCode === 403 && !NARROWED_IN_SERVICE.has(route)) problems.push(`${persona.name} ${route}: admitted level but got 403 ${res.body.slice(0, 120)}`);
        else if (allowed && res.statusCode === 403 && persona.name === 'admin' && route !== 'POST /api/rooms/:id') problems.push(`admin ${route}: refused`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
