import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FAVOURITE_DESKS } from '../../../domain/wire/favouriteDesks.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';

type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T;
let ann: TestUser, bob: TestUser;
let site: number, location: number, floorplan: number;

beforeAll(async () => {
  t = await buildTestApp();
  ann = await createUser(t, { name: 'Ann Example' });
  bob = await createUser(t, { name: 'Bob Example' });
  site = await insertSite(t.pool, { title: 'North', timeZone: 'Europe/London' });
  location = await insertLocation(t.pool, site, { title: 'Floor 1' });
  floorplan = (await insertPublishedFloorplan(t.pool, location, [
    { id: 'D1', alias: 'Window 1' }, { id: 'D2', alias: '' }, { id: 'N1', bookable: false },
    ...Array.from({ length: MAX_FAVOURITE_DESKS + 1 }, (_, i) => ({ id: `M${i}` })),
  ])).floorplanId;
});
afterAll(async () => t.dropDatabase());
beforeEach(async () => { await t.pool.query('DELETE FROM favourite_desks'); });

const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, user?: TestUser) =>
  t.app.inject({ method, url: `/api/favourite-desks${path}`, headers: user ? { cookie: user.cookie } : {} });

describe('favourite desks', () => {
  it('mark (201, then 200 when marked again), list with the desk\'s place and layout, remove (204)', async () => {
    expect((await call('GET', '', ann)).json()).toEqual([]);
    const first = await call('PUT', `/${floorplan}/D1`, ann);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual([expect.objectContaining({
      FloorplanId: floorplan, DeskId: 'D1', DeskName: 'Window 1', FloorplanName: 'Plan', LocationId: location, LocationName: 'Floor 1',
      SiteId: site, SiteName: 'North', TimeZone: 'Europe/London', LayoutId: expect.any(Number), Available: true,
    })]);
    expect((await call('PUT', `/${floorplan}/D1`, ann)).statusCode).toBe(200);
    // A desk without an alias is named by its id.
    expect((await call('PUT', `/${floorplan}/D2`, ann)).json().map((f: { DeskName: string }) => f.DeskName)).toEqual(['Window 1', 'D2']);
    expect((await call('DELETE', `/${floorplan}/D1`, ann)).statusCode).toBe(204);
    expect((await call('GET', '', ann)).json().map((f: { DeskId: string }) => f.DeskId)).toEqual(['D2']);
  });

  it('are each person\'s own: nobody else sees or removes them', async () => {
    await call('PUT', `/${floorplan}/D1`, ann);
    expect((await call('GET', '', bob)).json()).toEqual([]);
    const removed = await call('DELETE', `/${floorplan}/D1`, bob);
    expect(removed.statusCode).toBe(404);
    expect((await call('GET', '', ann)).json()).toHaveLength(1);
  });

  it('refuse anonymous callers (401) on every route', async () => {
    for (const [method, path] of [['GET', ''], ['PUT', `/${floorplan}/D1`], ['DELETE', `/${floorplan}/D1`]] as const) {
      const res = await call(method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('refuse bad input with a 400 and a message: a floorplan id that is not a number, an over-long desk id, a query parameter', async () => {
    const bad = await call('PUT', '/abc/D1', ann);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Error).toBeTruthy();
    const long = await call('PUT', `/${floorplan}/${'x'.repeat(65)}`, ann);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('at most 64 characters');
    expect((await call('GET', '?user=1', ann)).statusCode).toBe(400);
  });

  it('refuse a desk that is not on the published layout or a floorplan that does not exist (404)', async () => {
    expect((await call('PUT', `/${floorplan}/NOPE`, ann)).statusCode).toBe(404);
    expect((await call('PUT', '/999999/D1', ann)).statusCode).toBe(404);
    expect((await call('DELETE', `/${floorplan}/D1`, ann)).statusCode).toBe(404); // not a favourite
  });

  it('refuse a desk nobody can book (400)', async () => {
    const res = await call('PUT', `/${floorplan}/N1`, ann);
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toMatch(/cannot be booked/);
  });

  it(`keep at most ${MAX_FAVOURITE_DESKS} per person (409 past it), even when marked at once`, async () => {
    const answers = await Promise.all(Array.from({ length: MAX_FAVOURITE_DESKS + 1 }, (_, i) => call('PUT', `/${floorplan}/M${i}`, ann)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_FAVOURITE_DESKS);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json().Error).toContain(`at most ${MAX_FAVOURITE_DESKS}`);
    // Marking one already kept is still fine when the list is full; another person has their own count.
    expect((await call('PUT', `/${floorplan}/M0`, ann)).statusCode).toBe(200);
    expect((await call('PUT', `/${floorplan}/D1`, bob)).statusCode).toBe(201);
  });

  it('stay listed, as not available, when their floorplan is deleted; no new ones there', async () => {
    const other = (await insertPublishedFloorplan(t.pool, location, [{ id: 'X1' }])).floorplanId;
    await call('PUT', `/${other}/X1`, ann);
    await t.pool.query('UPDATE floorplans SET deleted_at = now() WHERE id = $1', [other]);
    expect((await call('GET', '', ann)).json()).toEqual([expect.objectContaining({ DeskId: 'X1', Available: false })]);
    const res = await call('PUT', `/${other}/X1`, bob);
    expect(res.statusCode).toBe(404);
  });

  it('refuse a change from another site\'s page (403, origin check)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/favourite-desks/${floorplan}/D1`, headers: { cookie: ann.cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
  });
});
