import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Drawing } from '../../../domain/layout/drawing.js';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import { insertLocation, insertSite } from '../../testing/fixtures.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';

// GET /api/floorplans/{id}/layout is kept encoded and compressed per floorplan and configuration
// version (publishedLayoutAnswer.ts): whatever changes what it says must show on the very next call.
let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser;
let locationId: number, siteId: number, floorplanId: number;

const drawingOf = (...ids: string[]): Drawing => makeDrawing({ desks: ids.map((id, i) => makeDesk({ id, x: 100 + i * 100, y: 100 })), lastUpdate: 1 });

type Headers = Record<string, string>;
const call = (user: TestUser | undefined, method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) => t.app.inject({
  method, url, headers: { ...(user ? { cookie: user.cookie } : {}), ...headers }, ...(payload ? { payload } : {}),
});
const layoutUrl = () => `/api/floorplans/${floorplanId}/layout`;

/** The layout call as a browser makes it (brotli), decoded. */
async function layout(headers: Headers = {}) {
  const res = await call(staff, 'GET', layoutUrl(), { 'accept-encoding': 'gzip, deflate, br', ...headers });
  const body = res.statusCode === 200 ? JSON.parse(brotliDecompressSync(res.rawPayload).toString()) : null;
  return { res, body, etag: String(res.headers['etag']) };
}
const deskIds = (body: { Json: string }) => (JSON.parse(body.Json) as Drawing).desks.map((d) => d.id);

async function publish(drawing: Drawing) {
  const created = await call(admin, 'POST', `/api/floorplans/${floorplanId}/newlayout`);
  expect(created.statusCode).toBe(201);
  const res = await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${created.json().layoutId}/publish`, {}, drawing);
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t);
  siteId = await insertSite(t.pool);
  locationId = await insertLocation(t.pool, siteId);
  const created = await call(admin, 'POST', `/api/floorplans/location/${locationId}`, {}, { Name: 'Ground floor' });
  floorplanId = created.json().floorplanId;
  await call(admin, 'POST', `/api/floorplans/${floorplanId}/layout/${created.json().layoutId}/publish`, {}, drawingOf('A', 'B'));
});
afterAll(() => t.dropDatabase());

describe('the published layout answer, kept per configuration version', () => {
  it('shows a republished layout at once, with a new ETag; the old ETag no longer gets a 304', async () => {
    const before = await layout();
    expect(before.res.statusCode).toBe(200);
    expect(deskIds(before.body)).toEqual(['A', 'B']);
    expect((await layout()).etag).toBe(before.etag); // kept: the same answer

    await publish(drawingOf('A', 'B', 'C'));
    const after = await layout({ 'if-none-match': before.etag });
    expect(after.res.statusCode).toBe(200);
    expect(deskIds(after.body)).toEqual(['A', 'B', 'C']);
    expect(after.etag).not.toBe(before.etag);
  });

  it('answers 304 without a body when the caller holds the current one', async () => {
    const current = await layout();
    const again = await layout({ 'if-none-match': current.etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.res.rawPayload.length).toBe(0);
    expect(again.etag).toBe(current.etag);
    expect(again.res.headers['cache-control']).toBe('private, no-cache');
  });

  it('shows a change to the location, the site or the parking at once', async () => {
    expect((await layout()).body).toMatchObject({ LocationName: 'Floor 1', SiteNotes: 'Site notes' });
    await t.pool.query("UPDATE locations SET title = 'Floor 1 (renamed)' WHERE id = $1", [locationId]);
    await t.pool.query("UPDATE sites SET notes = 'New notes', site_level_parking = true, parking_spaces = 3 WHERE id = $1", [siteId]);
    expect((await layout()).body).toMatchObject({ LocationName: 'Floor 1 (renamed)', SiteNotes: 'New notes', HasParking: true, ParkingLimit: 3 });
  });

  it('answers 404 at once when the floorplan is deleted, and the layout again once it is back', async () => {
    expect((await layout()).res.statusCode).toBe(200);
    await t.pool.query('UPDATE floorplans SET deleted_at = now() WHERE id = $1', [floorplanId]);
    expect((await layout()).res.statusCode).toBe(404);
    await t.pool.query('UPDATE floorplans SET deleted_at = NULL WHERE id = $1', [floorplanId]);
    expect((await layout()).res.statusCode).toBe(200);
  });

  it('is refused signed out, even with the current ETag and the answer kept', async () => {
    const current = await layout();
    for (const headers of [{}, { 'if-none-match': current.etag }] as Headers[]) {
      const res = await call(undefined, 'GET', layoutUrl(), headers);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('Json');
    }
  });

  it('sends the same JSON as brotli, gzip or plain, by Accept-Encoding, varying by it', async () => {
    const br = await call(staff, 'GET', layoutUrl(), { 'accept-encoding': 'br' });
    const gz = await call(staff, 'GET', layoutUrl(), { 'accept-encoding': 'br;q=0, gzip' });
    const plain = await call(staff, 'GET', layoutUrl());
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    const json = plain.json();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(res.headers['vary'])).toContain('accept-encoding');
      expect(res.headers['etag']).toBe(br.headers['etag']);
    }
    // Exactly the fields of the schema, nothing else.
    expect(Object.keys(json).sort()).toEqual(['HasParking', 'Id', 'Json', 'LocationBuildingNo', 'LocationId', 'LocationName', 'ParkingLimit', 'SiteId', 'SiteNotes', 'TimeZone']);
  });
});
