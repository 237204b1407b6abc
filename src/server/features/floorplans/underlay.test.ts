import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeDesk, makeDrawing } from '../../../domain/layout/testDrawings.js';
import { UNDERLAY_UPLOAD, type Underlay, type UnderlayImage } from '../../../domain/layout/underlay.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';
import { awayFromMinuteEnd } from '../../testing/minuteWindow.js';
import { insertLocation, insertSite } from '../../testing/fixtures.js';
import { IMAGE_MESSAGES, sniffImageType } from './underlayImage.js';
import { UNDERLAY_MESSAGES } from './underlay.service.js';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: TestUser, staff: TestUser;
let locationId: number;

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2030-01-07T08:00:00Z') });
  admin = await createUser(t, { roles: ['Admin'] });
  staff = await createUser(t);
  locationId = await insertLocation(t.pool, await insertSite(t.pool));
});
afterAll(() => t.dropDatabase());
// Each test starts with a fresh upload allowance.
beforeEach(async () => { await t.pool.query('DELETE FROM read_limits'); await t.pool.query('DELETE FROM floorplan_underlays'); });

const createFloorplan = async (name = 'Ground floor') => {
  const res = await t.app.inject({ method: 'POST', url: `/api/floorplans/location/${locationId}`, headers: { cookie: admin.cookie }, payload: { Name: name } });
  expect(res.statusCode).toBe(201);
  return res.json() as { floorplanId: number; layoutId: number };
};
const upload = (floorplanId: number, body: Buffer | string, user: TestUser | null = admin, contentType = 'application/octet-stream') =>
  t.app.inject({ method: 'POST', url: `/api/floorplans/${floorplanId}/underlays`, headers: { 'content-type': contentType, ...(user ? { cookie: user.cookie } : {}) }, payload: body });
const fetchImage = (imageId: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/floorplans/underlays/${imageId}`, headers: user ? { cookie: user.cookie } : {} });
const storedCount = async () => (await t.pool.query('SELECT count(*)::int AS n FROM floorplan_underlays')).rows[0].n as number;

const png = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();

/** A real PNG whose header claims `width` x `height`: a decompression bomb's header, without its cost. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await png(8, 8));
  // The IHDR chunk follows the 8-byte signature: length (4), 'IHDR' (4), width (4), height (4), ...
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29); // the chunk's CRC over type and data, so the header is valid
  return file;
}

describe('POST /api/floorplans/{id}/underlays: who may upload', () => {
  it('answers 401 signed out and 403 for staff, storing nothing', async () => {
    const { floorplanId } = await createFloorplan();
    const body = await png();
    expect((await upload(floorplanId, body, null)).statusCode).toBe(401);
    const refused = await upload(floorplanId, body, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Code).toBe('FORBIDDEN');
    expect(await storedCount()).toBe(0);
  });

  it('answers 404 for a floorplan that does not exist', async () => {
    expect((await upload(2147483000, await png())).statusCode).toBe(404);
  });
});

describe('uploading and reading a plan image', () => {
  it('stores a PNG and serves it to the editing admin with its type, nosniff and immutable caching', async () => {
    const { floorplanId } = await createFloorplan();
    const res = await upload(floorplanId, await png(40, 30), admin, 'image/png');
    expect(res.statusCode).toBe(201);
    const image = res.json() as UnderlayImage;
    expect(image).toMatchObject({ FloorplanId: floorplanId, Width: 40, Height: 30, ContentType: 'image/png' });

    const got = await fetchImage(image.Id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });

    expect((await fetchImage(image.Id, null)).statusCode).toBe(401);
    // Staff see a plan image only once a published layout names it (next describe block): a draft's is 404.
    expect((await fetchImage(image.Id, staff)).statusCode).toBe(404);
    // An unknown id is 404, a malformed one 400.
    expect((await fetchImage('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await fetchImage('not-a-uuid')).statusCode).toBe(400);
    // Gone with its floorplan.
    await t.pool.query('UPDATE floorplans SET deleted_at = now() WHERE id = $1', [floorplanId]);
    expect((await fetchImage(image.Id)).statusCode).toBe(404);
  });

  it('re-encodes a JPEG to PNG and strips its metadata (EXIF)', async () => {
    const { floorplanId } = await createFloorplan();
    const jpeg = await sharp({ create: { width: 50, height: 20, channels: 3, background: '#888' } })
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } }).jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined(); // the test's input really carries metadata
    const res = await upload(floorplanId, jpeg, admin, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const got = await fetchImage((res.json() as UnderlayImage).Id);
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 50, height: 20 });
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.includes('secret-owner')).toBe(false);
  });

  it('rasterises an SVG: what is stored is a PNG with no trace of its script', async () => {
    const { floorplanId } = await createFloorplan();
    const svg = `<?xml version="1.0"?>\n<!-- a plan -->\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" onload="alert('x')">
      <script>alert('owned')</script><rect x="10" y="10" width="180" height="80" fill="none" stroke="black" stroke-width="4"/></svg>`;
    const res = await upload(floorplanId, svg, admin, 'image/svg+xml');
    expect(res.statusCode).toBe(201);
    const image = res.json() as UnderlayImage;
    expect(image.ContentType).toBe('image/png');
    expect(image.Width).toBe(4000); // drawn at about 4,000 px on its longest side, not 200
    expect(image.Height).toBe(2000);
    const got = await fetchImage(image.Id);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const text = got.rawPayload.toString('latin1');
    for (const trace of ['<script', 'alert', 'onload', '<svg']) expect(text.includes(trace), trace).toBe(false);
  });

  it('scales a large image down to 8,000 px on its longest side', async () => {
    const { floorplanId } = await createFloorplan();
    const wide = await sharp({ create: { width: 9000, height: 100, channels: 3, background: '#fff' } }).png().toBuffer();
    const res = await upload(floorplanId, wide);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ Width: UNDERLAY_UPLOAD.maxSide, Height: 89 });
  });
});

describe('refusals: a clear message and nothing stored', () => {
  it('refuses a file over 10 MB with 413', async () => {
    const { floorplanId } = await createFloorplan();
    const big = Buffer.concat([await png(), Buffer.alloc(UNDERLAY_UPLOAD.maxUploadBytes)]);
    const res = await upload(floorplanId, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().Code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedCount()).toBe(0);
  });

  it('refuses what is not a PNG, JPEG or SVG by its bytes, whatever its declared type, with 400', async () => {
    const { floorplanId } = await createFloorplan();
    const cases: Array<[Buffer | string, string, string]> = [
      ['just some text', 'image/png', IMAGE_MESSAGES.unknown],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/png', IMAGE_MESSAGES.unknown],
      ['<html><svg></svg></html>', 'image/svg+xml', IMAGE_MESSAGES.unknown],
      ['%PDF-1.7\n1 0 obj', 'application/octet-stream', IMAGE_MESSAGES.pdf],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]), 'image/png', IMAGE_MESSAGES.unreadable],
      [Buffer.alloc(0), 'application/octet-stream', IMAGE_MESSAGES.empty],
    ];
    for (const [body, type, message] of cases) {
      const res = await upload(floorplanId, body, admin, type);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().Error).toBe(message);
    }
    const json = await t.app.inject({ method: 'POST', url: `/api/floorplans/${floorplanId}/underlays`, headers: { cookie: admin.cookie }, payload: { Json: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().Error).toBe(UNDERLAY_MESSAGES.notBytes);
    expect((await upload(floorplanId, 'plain words', admin, 'text/plain')).json().Error).toBe(UNDERLAY_MESSAGES.notBytes);
    expect((await upload(floorplanId, '%PDF-1.7', admin, 'application/pdf')).statusCode).toBe(415);
    expect(await storedCount()).toBe(0);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const { floorplanId } = await createFloorplan();
    const bomb = await pngClaiming(30_000, 30_000);
    expect(sniffImageType(bomb)).toBe('png');
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000); // a well-formed header
    const started = Date.now();
    const res = await upload(floorplanId, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toBe(IMAGE_MESSAGES.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await storedCount()).toBe(0);
  });

  it('limits uploads per person and minute (429)', async () => {
    await awayFromMinuteEnd(t.pool); // the preset count and the call must fall in one minute
    const { floorplanId } = await createFloorplan();
    await t.pool.query(
      "INSERT INTO read_limits (key, window_start, reads) VALUES ($1, date_trunc('minute', now()), $2)",
      [`underlay-upload:${admin.id}`, UNDERLAY_UPLOAD.perMinute]);
    const res = await upload(floorplanId, await png());
    expect(res.statusCode).toBe(429);
    expect(await storedCount()).toBe(0);
  });
});

describe('the underlay in the layout drawing', () => {
  const withUnderlay = (imageId: string): Underlay => ({
    imageId, x: 100, y: 50, width: 400, height: 300, rotation: 90, opacity: 0.4, locked: true, hidden: false, showInBookingView: true,
  });
  const drawingWith = (underlay: Underlay) => makeDrawing({ desks: [makeDesk({ id: 'A', x: 200, y: 200, alias: 'A1' })], underlay });
  const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });

  it('is saved, published, shown to staff in the booking layout, and carried by Use Previous Layout', async () => {
    const { floorplanId, layoutId } = await createFloorplan();
    const imageId = ((await upload(floorplanId, await png())).json() as UnderlayImage).Id;
    const drawing = drawingWith(withUnderlay(imageId));
    expect((await post(`/api/floorplans/${floorplanId}/layout/${layoutId}/publish`, { Json: JSON.stringify(drawing) })).statusCode).toBe(200);

    const booking = await t.app.inject({ method: 'GET', url: `/api/floorplans/${floorplanId}/layout`, headers: { cookie: staff.cookie } });
    expect(booking.statusCode).toBe(200);
    expect(JSON.parse(booking.json().Json).underlay).toEqual(withUnderlay(imageId));
    // Published, its image is readable by staff; another image uploaded for the floor's draft is not.
    expect((await fetchImage(imageId, staff)).statusCode).toBe(200);
    const draftImage = ((await upload(floorplanId, await png(12, 12))).json() as UnderlayImage).Id;
    expect((await fetchImage(draftImage, staff)).statusCode).toBe(404);
    expect((await fetchImage(draftImage, admin)).statusCode).toBe(200);

    const next = await post(`/api/floorplans/${floorplanId}/newlayout/fromPrevious`);
    expect(next.statusCode).toBe(201);
    const latest = await t.app.inject({ method: 'GET', url: `/api/floorplans/${floorplanId}/layout/latest`, headers: { cookie: admin.cookie } });
    expect(latest.json().Id).toBe(next.json().layoutId);
    expect(JSON.parse(latest.json().Json).underlay).toEqual(withUnderlay(imageId));
  });

  it("refuses a drawing whose underlay names another floor's image or none, saving nothing", async () => {
    const { floorplanId, layoutId } = await createFloorplan();
    const other = await createFloorplan('Other floor');
    const foreignImage = ((await upload(other.floorplanId, await png())).json() as UnderlayImage).Id;
    for (const imageId of [foreignImage, '00000000-0000-4000-8000-000000000000']) {
      const res = await post(`/api/floorplans/${floorplanId}/layout/${layoutId}`, { Json: JSON.stringify(drawingWith(withUnderlay(imageId))) });
      expect(res.statusCode).toBe(400);
      expect(res.json().Error).toBe(UNDERLAY_MESSAGES.notThisFloor);
    }
    const row = (await t.pool.query('SELECT json FROM layouts WHERE id = $1', [layoutId])).rows[0];
    expect(JSON.parse(row.json).underlay).toBeUndefined();
  });

  it('refuses an underlay that breaks the drawing rules (opacity, size) with 400', async () => {
    const { floorplanId, layoutId } = await createFloorplan();
    const imageId = ((await upload(floorplanId, await png())).json() as UnderlayImage).Id;
    for (const bad of [{ opacity: 0 }, { width: -5 }, { rotation: 360 }]) {
      const res = await post(`/api/floorplans/${floorplanId}/layout/${layoutId}`, { Json: JSON.stringify(drawingWith({ ...withUnderlay(imageId), ...bad })) });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().Error).toMatch(/^The layout breaks the drawing rules: underlay\./);
    }
  });
});
