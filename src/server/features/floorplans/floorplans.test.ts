import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyDrawing, type Drawing } from '../../../domain/layout/drawing.js';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { MESSAGES } from './floorplans.service.js';

const NOW = new Date('2030-01-07T08:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser;
let siteId: number, locationId: number, otherLocationId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t, { roles: ['Booking Manager'] });
  siteId = await insertSite(t.pool);
  locationId = await insertLocation(t.pool, siteId);
  otherLocationId = await insertLocation(t.pool, siteId, { title: 'Floor 2' });
});
afterAll(() => t.dropDatabase());
beforeEach(async () => {
  await t.pool.query('DELETE FROM bookings');
  await t.pool.query('DELETE FROM layouts');
  await t.pool.query('DELETE FROM floorplans');
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (user: TestUser | undefined, method: Method, url: string, payload?: unknown) => t.app.inject({
  method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }),
});

const create = async (name = 'Ground floor', location = locationId) => {
  const res = await call(admin, 'POST', `/api/floorplans/location/${location}`, { Name: name });
  expect(res.statusCode).toBe(201);
  return res.json() as { floorplanId: number; layoutId: number };
};
const layoutRow = async (id: number) => (await t.pool.query('SELECT * FROM layouts WHERE id = $1', [id])).rows[0];
const twoDesks = (): Drawing => makeDrawing({
  desks: [makeDesk({ id: 'A', x: 100, y: 100, alias: 'A1' }), makeDesk({ id: 'B', x: 200, y: 100 })],
  text: [{ x: 50, y: 50, text: 'Kitchen', fontSize: 'large' }],
  roomRectangles: [{ x: 300, y: 300, width: 100, height: 80, rotation: 0 }],
  lastUpdate: 1_700_000_000_000,
});

async function insertDeskBooking(floorplanId: number, deskId: string, start: Date, finish: Date, status = 1) {
  await t.pool.query(
    `INSERT INTO bookings (site_id, location_id, floorplan_id, desk_id, desk_name, starts_at, finishes_at, booked_by_user_id, holder_key, status)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9)`,
    [siteId, locationId, floorplanId, deskId, start, finish, staff.id, `${deskId}-${start.toISOString()}@x`, status]);
}

describe('access: every write is admin-only', () => {
  it('answers 401 signed out and 403 for a signed-in non-admin, on every admin call, changing nothing', async () => {
    const { floorplanId, layoutId } = await create();
    const calls: Array<[Method, string, unknown?]> = [
      ['POST', `/api/floorplans/location/${locationId}`, { Name: 'X' }],
      ['GET', `/api/floorplans/${floorplanId}/layout/latest`],
      ['POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, { Json: JSON.stringify(twoDesks()) }],
      ['POST', `/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, twoDesks()],
      ['POST', `/api/floorplans/${floorplanId}`, { Name: 'Renamed' }],
      ['POST', `/api/floorplans/${floorplanId}/newlayout`],
      ['POST', `/api/floorplans/${floorplanId}/newlayout/fromPrevious`],
      ['DELETE', `/api/floorplans/${floorplanId}`],
      ['GET', `/api/floorplans/${floorplanId}/desks/A/futureBookings`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(undefined, method, url, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      const refused = await call(staff, method, url, body);
      expect(refused.statusCode, `${method} ${url} as non-admin`).toBe(403);
      expect(refused.json().Code).toBe('FORBIDDEN');
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM floorplans')).rows[0].n).toBe(1);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM layouts')).rows[0].n).toBe(1);
    const row = await layoutRow(layoutId);
    expect(JSON.parse(row.json)).toEqual(emptyDrawing());
    expect(row.published).toBe(false);
  });

  it('the list needs a signed-in person (401 signed out)', async () => {
    expect((await call(undefined, 'GET', `/api/floorplans/location/${locationId}`)).statusCode).toBe(401);
  });
});

describe('GET and POST /api/floorplans/location/{locationId}', () => {
  it('creates a floorplan with a blank unpublished layout and lists it with its latest layout', async () => {
    const { floorplanId, layoutId } = await create('  Level 3  ');
    const row = await layoutRow(layoutId);
    expect(row.floorplan_id).toBe(floorplanId);
    expect(row.published).toBe(false);
    expect(JSON.parse(row.json)).toEqual(emptyDrawing());
    await create('Annex', otherLocationId);

    const list = await call(admin, 'GET', `/api/floorplans/location/${locationId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ Id: floorplanId, Name: 'Level 3', FloorplanLayout: { Id: layoutId, Published: false } }]);
  });

  it('accepts the name in any case (name, NAME)', async () => {
    const res = await call(admin, 'POST', `/api/floorplans/location/${locationId}`, { name: 'Lower' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an empty or blank name with 400, creating nothing', async () => {
    for (const body of [{ Name: '' }, { Name: '   ' }, {}]) {
      const res = await call(admin, 'POST', `/api/floorplans/location/${locationId}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().Error).toBe(MESSAGES.emptyName);
      expect(res.json().Errors).toEqual({ Name: MESSAGES.emptyName });
    }
    const tooLong = await call(admin, 'POST', `/api/floorplans/location/${locationId}`, { Name: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM floorplans')).rows[0].n).toBe(0);
  });

  it('answers 404 for a missing or deleted location', async () => {
    expect((await call(admin, 'GET', '/api/floorplans/location/999999')).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/api/floorplans/location/999999', { Name: 'X' })).statusCode).toBe(404);
    const gone = await insertLocation(t.pool, siteId, { title: 'Gone' });
    await t.pool.query('UPDATE locations SET deleted_at = now() WHERE id = $1', [gone]);
    expect((await call(admin, 'GET', `/api/floorplans/location/${gone}`)).statusCode).toBe(404);
  });

  it('shows non-admins only floorplans that have a published layout', async () => {
    await create('Draft only');
    const { floorplanId, layoutId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }]);
    const res = await call(staff, 'GET', `/api/floorplans/location/${locationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ Id: floorplanId, Name: 'Plan', FloorplanLayout: { Id: layoutId, Published: true } }]);
    expect((await call(admin, 'GET', `/api/floorplans/location/${locationId}`)).json()).toHaveLength(2);
  });
});

describe('GET /api/floorplans/{id}/layout/latest', () => {
  it('answers the newest layout with Json, Id and Published', async () => {
    const { floorplanId, layoutId } = await create();
    const res = await call(admin, 'GET', `/api/floorplans/${floorplanId}/layout/latest`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Id: layoutId, Published: false, PublishedAt: null, FloorplanId: floorplanId, FloorplanName: 'Ground floor', LocationId: locationId, SiteId: siteId,
    });
    expect(JSON.parse(res.json().Json)).toEqual(emptyDrawing());
  });

  it('answers 404 for a missing or deleted floorplan', async () => {
    expect((await call(admin, 'GET', '/api/floorplans/999999/layout/latest')).statusCode).toBe(404);
    const { floorplanId } = await create();
    await t.pool.query('UPDATE floorplans SET deleted_at = now() WHERE id = $1', [floorplanId]);
    expect((await call(admin, 'GET', `/api/floorplans/${floorplanId}/layout/latest`)).statusCode).toBe(404);
  });
});

describe('POST /api/floorplans/{id}/layout/{layoutId} (save)', () => {
  it('saves { Json: string } and moves updated_at', async () => {
    const { floorplanId, layoutId } = await create();
    const before = (await layoutRow(layoutId)).updated_at as Date;
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, { Json: JSON.stringify(twoDesks()) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: layoutId, Published: false, PublishedAt: null });
    const row = await layoutRow(layoutId);
    expect(JSON.parse(row.json)).toEqual(twoDesks());
    expect((row.updated_at as Date).getTime()).toBeGreaterThan(before.getTime());
    expect(row.published).toBe(false);
  });

  it('saves the drawing object itself, and { json: object }; unknown keys are dropped', async () => {
    const { floorplanId, layoutId } = await create();
    const asObject = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, { ...twoDesks(), extra: 'ignored' });
    expect(asObject.statusCode).toBe(200);
    expect(JSON.parse((await layoutRow(layoutId)).json)).toEqual(twoDesks());
    const lower = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, { json: emptyDrawing() });
    expect(lower.statusCode).toBe(200);
    expect(JSON.parse((await layoutRow(layoutId)).json)).toEqual(emptyDrawing());
  });

  it('moves updated_at on every save, even twice within one clock tick', async () => {
    const { floorplanId, layoutId } = await create();
    const url = `/api/floorplans/${floorplanId}/layout/${layoutId}`;
    const first = (await call(admin, 'POST', url, twoDesks())).json().UpdatedAt;
    const second = (await call(admin, 'POST', url, twoDesks())).json().UpdatedAt;
    expect(new Date(second).getTime()).toBeGreaterThan(new Date(first).getTime());
  });

  it('refuses a drawing that breaks the rules with 400 and every reason, saving nothing', async () => {
    const { floorplanId, layoutId } = await create();
    const broken = makeDrawing({
      desks: [
        makeDesk({ id: 'A', x: 100, y: 100, alias: 'Alpha' }),
        makeDesk({ id: 'A', x: 110, y: 105, alias: 'Beta' }), // same id and overlapping
        makeDesk({ id: 'C', x: 19_990, y: 500 }), // box off the canvas
        makeDesk({ id: 'T', x: 600, y: 600, assignedTeams: [1, 2] }),
      ],
    });
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, { Json: JSON.stringify(broken) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.Error).toMatch(/^The layout breaks the drawing rules: /);
    expect(body.Error).toContain('at most 1 assigned team');
    // the schema problem is reported first; fix it and the geometric ones appear
    const second = makeDrawing({ desks: broken.desks.map((d) => ({ ...d, assignedTeams: [] })) });
    const res2 = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, second);
    expect(res2.statusCode).toBe(400);
    const reasons = Object.values(res2.json().Errors as Record<string, string>);
    expect(reasons).toEqual(expect.arrayContaining([
      'Desk id "A" is used by more than one desk',
      'Desk "C" is outside the 20000x20000 canvas',
      'Desk "Alpha" overlaps desk "Beta"',
    ]));
    expect(JSON.parse((await layoutRow(layoutId)).json)).toEqual(emptyDrawing());
  });

  it('refuses a rotation out of range, a bad shape step and JSON that does not parse', async () => {
    const { floorplanId, layoutId } = await create();
    const url = `/api/floorplans/${floorplanId}/layout/${layoutId}`;
    const rotated = await call(admin, 'POST', url, makeDrawing({ desks: [makeDesk({ rotation: 360 })] }));
    expect(rotated.statusCode).toBe(400);
    expect(rotated.json().Error).toContain('desks.0.rotation');
    const shape = await call(admin, 'POST', url, makeDrawing({
      floorplanShapes: [{ id: 's', x: 0, y: 0, width: 10, height: 10, rotation: 0, path: [{ type: 'Spiral', x: 1, y: 1 }] }],
    } as unknown as Drawing));
    expect(shape.statusCode).toBe(400);
    const notJson = await call(admin, 'POST', url, { Json: '{"desks": [' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().Error).toBe(MESSAGES.badJson);
    const empty = await call(admin, 'POST', url, {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.parse((await layoutRow(layoutId)).json)).toEqual(emptyDrawing());
  });

  it('refuses to save into a published layout with 409', async () => {
    const { floorplanId, layoutId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }]);
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, twoDesks());
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe(MESSAGES.published);
  });

  it('answers 404 when the layout belongs to another floorplan, or does not exist', async () => {
    const a = await create('A');
    const b = await create('B');
    const res = await call(admin, 'POST', `/api/floorplans/${a.floorplanId}/layout/${b.layoutId}`, twoDesks());
    expect(res.statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/floorplans/${a.floorplanId}/layout/999999`, twoDesks())).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/floorplans/${a.floorplanId}/layout/${b.layoutId}/publish`, twoDesks())).statusCode).toBe(404);
    expect(JSON.parse((await layoutRow(b.layoutId)).json)).toEqual(emptyDrawing());
  });

  it('refuses to change an older layout once a newer one exists (409)', async () => {
    const { floorplanId, layoutId } = await create();
    await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, twoDesks());
    await call(admin, 'POST', `/api/floorplans/${floorplanId}/newlayout`);
    // the old one is published anyway; make an unpublished old one to see the newer-layout rule
    await t.pool.query('UPDATE layouts SET published = false WHERE id = $1', [layoutId]);
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}`, twoDesks());
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe(MESSAGES.notLatest);
  });
});

describe('POST /api/floorplans/{id}/layout/{layoutId}/publish', () => {
  it('validates, saves, publishes with published_at, and the desk booking layout call then answers it', async () => {
    const { floorplanId, layoutId } = await create();
    expect((await call(staff, 'GET', `/api/floorplans/${floorplanId}/layout`)).statusCode).toBe(404);
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, twoDesks());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: layoutId, Published: true, PublishedAt: NOW.toISOString() });
    const row = await layoutRow(layoutId);
    expect(row.published).toBe(true);
    expect((row.published_at as Date).toISOString()).toBe(NOW.toISOString());
    const forBooking = await call(staff, 'GET', `/api/floorplans/${floorplanId}/layout`);
    expect(forBooking.statusCode).toBe(200);
    expect(JSON.parse(forBooking.json().Json)).toEqual(twoDesks());
    const listed = (await call(admin, 'GET', `/api/floorplans/location/${locationId}`)).json();
    expect(listed[0].FloorplanLayout).toEqual({ Id: layoutId, Published: true });
  });

  it('accepts { Json: string } too; publishing the same drawing again is harmless, a changed one is refused', async () => {
    const { floorplanId, layoutId } = await create();
    const url = `/api/floorplans/${floorplanId}/layout/${layoutId}/publish`;
    expect((await call(admin, 'POST', url, { Json: JSON.stringify(twoDesks()) })).statusCode).toBe(200);
    expect((await call(admin, 'POST', url, twoDesks())).statusCode).toBe(200);
    const changed = await call(admin, 'POST', url, emptyDrawing());
    expect(changed.statusCode).toBe(409);
    expect(changed.json().Error).toBe(MESSAGES.published);
  });

  it('refuses a broken drawing with 400 and leaves the layout unpublished and unchanged', async () => {
    const { floorplanId, layoutId } = await create();
    const overlapping = makeDrawing({ desks: [makeDesk({ id: 'A', x: 100, y: 100 }), makeDesk({ id: 'B', x: 119, y: 119 })] });
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, overlapping);
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().Errors)).toEqual(['Desk "A" overlaps desk "B"']);
    const row = await layoutRow(layoutId);
    expect(row.published).toBe(false);
    expect(row.published_at).toBeNull();
    expect(JSON.parse(row.json)).toEqual(emptyDrawing());
  });
});

describe('POST /api/floorplans/{id} (rename)', () => {
  it('renames with the floorplan as the body and answers the floorplan', async () => {
    const { floorplanId, layoutId } = await create();
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}`, { Id: floorplanId, Name: ' North wing ', FloorplanLayout: { Id: layoutId, Published: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Id: floorplanId, Name: 'North wing', FloorplanLayout: { Id: layoutId, Published: false } });
    expect((await t.pool.query('SELECT name FROM floorplans WHERE id = $1', [floorplanId])).rows[0].name).toBe('North wing');
  });

  it("refuses an empty name with 400 'The name must not be empty', and a mismatched Id", async () => {
    const { floorplanId } = await create();
    const empty = await call(admin, 'POST', `/api/floorplans/${floorplanId}`, { Name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Error).toBe('The name must not be empty');
    const mismatch = await call(admin, 'POST', `/api/floorplans/${floorplanId}`, { Id: floorplanId + 1, Name: 'X' });
    expect(mismatch.statusCode).toBe(400);
    expect((await t.pool.query('SELECT name FROM floorplans WHERE id = $1', [floorplanId])).rows[0].name).toBe('Ground floor');
    expect((await call(admin, 'POST', '/api/floorplans/999999', { Name: 'X' })).statusCode).toBe(404);
  });
});

describe('POST /api/floorplans/{id}/newlayout and /newlayout/fromPrevious', () => {
  it('starts a blank layout after a published one', async () => {
    const { floorplanId, layoutId } = await create();
    await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, twoDesks());
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/newlayout`);
    expect(res.statusCode).toBe(201);
    const { layoutId: newId } = res.json();
    expect(newId).toBeGreaterThan(layoutId);
    const latest = (await call(admin, 'GET', `/api/floorplans/${floorplanId}/layout/latest`)).json();
    expect(latest).toMatchObject({ Id: newId, Published: false });
    expect(JSON.parse(latest.Json)).toEqual(emptyDrawing());
    // booking still sees the published one
    expect((await call(staff, 'GET', `/api/floorplans/${floorplanId}/layout`)).json().Id).toBe(layoutId);
  });

  it('copies the latest layout keeping desk ids, so bookings stay attached', async () => {
    const { floorplanId, layoutId } = await create();
    await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, twoDesks());
    const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/newlayout/fromPrevious`);
    expect(res.statusCode).toBe(201);
    expect(res.json().floorplanId).toBe(floorplanId);
    const row = await layoutRow(res.json().layoutId);
    expect(row.published).toBe(false);
    expect(JSON.parse(row.json)).toEqual(twoDesks());
    expect(JSON.parse(row.json).desks.map((d: { id: string }) => d.id)).toEqual(['A', 'B']);
  });

  it('refuses a new layout while the latest is an unpublished draft (409), so double clicks make one', async () => {
    const { floorplanId } = await create();
    for (const path of ['newlayout', 'newlayout/fromPrevious']) {
      const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/${path}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().Error).toBe(MESSAGES.draftExists);
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM layouts')).rows[0].n).toBe(1);
  });

  it('a floorplan without any layout gets a blank one; fromPrevious then has nothing to copy (404)', async () => {
    const fp = (await t.pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Bare') RETURNING id", [locationId])).rows[0].id;
    expect((await call(admin, 'POST', `/api/floorplans/${fp}/newlayout/fromPrevious`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/floorplans/${fp}/layout/latest`)).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/floorplans/${fp}/newlayout`)).statusCode).toBe(201);
    expect((await call(admin, 'POST', '/api/floorplans/999999/newlayout')).statusCode).toBe(404);
  });
});

describe('DELETE /api/floorplans/{id}', () => {
  it('refuses with 409 and the count while active bookings have not finished; past and cancelled ones do not count', async () => {
    const { floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }, { id: 'D2' }]);
    await insertDeskBooking(floorplanId, 'D1', at(-30), at(-27)); // past
    await insertDeskBooking(floorplanId, 'D2', at(2), at(5), 3); // cancelled
    await insertDeskBooking(floorplanId, 'D1', at(-1), at(2)); // in progress
    await insertDeskBooking(floorplanId, 'D2', at(24), at(27), 0); // pending
    const res = await call(admin, 'DELETE', `/api/floorplans/${floorplanId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().Error).toBe('This floorplan has 2 active bookings; cancel them before deleting the floorplan');
    expect((await t.pool.query('SELECT deleted_at FROM floorplans WHERE id = $1', [floorplanId])).rows[0].deleted_at).toBeNull();
  });

  it('soft deletes a floorplan without active bookings; it leaves the list and further calls answer 404', async () => {
    const { floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }]);
    await insertDeskBooking(floorplanId, 'D1', at(-30), at(-27));
    const res = await call(admin, 'DELETE', `/api/floorplans/${floorplanId}`);
    expect(res.statusCode).toBe(204);
    expect((await t.pool.query('SELECT deleted_at FROM floorplans WHERE id = $1', [floorplanId])).rows[0].deleted_at).not.toBeNull();
    expect((await call(admin, 'GET', `/api/floorplans/location/${locationId}`)).json()).toEqual([]);
    expect((await call(admin, 'DELETE', `/api/floorplans/${floorplanId}`)).statusCode).toBe(404);
    expect((await call(staff, 'GET', `/api/floorplans/${floorplanId}/layout`)).statusCode).toBe(404);
  });
});

describe('GET /api/floorplans/{id}/desks/{deskId}/futureBookings (Delete Desk check)', () => {
  it('counts and lists the active bookings of one desk from now on, soonest first', async () => {
    const { floorplanId } = await insertPublishedFloorplan(t.pool, locationId, [{ id: 'D1' }, { id: 'D2' }]);
    await insertDeskBooking(floorplanId, 'D1', at(-30), at(-27)); // past
    await insertDeskBooking(floorplanId, 'D1', at(48), at(50));
    await insertDeskBooking(floorplanId, 'D1', at(2), at(4), 0);
    await insertDeskBooking(floorplanId, 'D1', at(5), at(6), 3); // cancelled
    await insertDeskBooking(floorplanId, 'D2', at(2), at(4)); // other desk
    const res = await call(admin, 'GET', `/api/floorplans/${floorplanId}/desks/D1/futureBookings`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Count).toBe(2);
    expect(body.Bookings.map((b: { Start: string }) => b.Start)).toEqual([at(2).toISOString(), at(48).toISOString()]);
    expect(body.Bookings[0]).toMatchObject({ Status: 0, BookedByUserName: expect.any(String) });
    const none = await call(admin, 'GET', `/api/floorplans/${floorplanId}/desks/NEW-DESK/futureBookings`);
    expect(none.json()).toEqual({ Count: 0, Bookings: [] });
    expect((await call(admin, 'GET', '/api/floorplans/999999/desks/D1/futureBookings')).statusCode).toBe(404);
  });
});
