import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress-web.mjs';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../testing/fixtures.js';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';
import { COMPRESS_THRESHOLD, compressBody, isCompressibleType, SYNC_COMPRESS_CEILING } from './compression.js';

// A built web app of its own, precompressed as the build does it: a script well over 1 KB, one under it.
const dist = mkdtempSync(join(tmpdir(), 'hotdesk-web-'));
mkdirSync(join(dist, 'assets'));
const bigScript = Array.from({ length: 300 }, (_v, i) => `export const value${i} = { id: ${i}, label: "Desk number ${i}" };`).join('\n');
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><meta name="hotdesk-base" content="">'
  + `<script type="module" crossorigin src="./assets/index-1.js"></script><title>Hotdesk</title>${'<!-- padding -->'.repeat(80)}</head>`
  + '<body><div id="root"></div></body></html>');
writeFileSync(join(dist, 'assets', 'index-1.js'), bigScript);
writeFileSync(join(dist, 'assets', 'tiny-1.js'), 'export const tiny = 1;\n');

let t: Awaited<ReturnType<typeof buildTestApp>>;
let staff: TestUser;
let floorplanId: number;
let roomSite: number;
const BR = 'gzip, deflate, br, zstd'; // what Chromium sends

beforeAll(async () => {
  await precompressDir(dist);
  t = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost/hotdesk/' }, web: { distDir: dist } });
  staff = await createUser(t);
  const site = await insertSite(t.pool);
  const location = await insertLocation(t.pool, site);
  // ~200 desks: a published layout of ~25 KB, like a real floor's.
  ({ floorplanId } = await insertPublishedFloorplan(t.pool, location, Array.from({ length: 200 }, (_v, i) => ({ id: `D${i}` }))));
  // 30 meeting rooms, one with a name beyond ASCII: a room search's answer of ~10 KB.
  roomSite = site;
  await t.pool.query(`INSERT INTO rooms (location_id, name, room_type, capacity) SELECT $1, 'Salle ' || g || ' été', 0, 6 FROM generate_series(1, 30) g`, [location]);
});
afterAll(async () => {
  await t.dropDatabase();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });
const varies = (res: { headers: Record<string, unknown> }) => String(res.headers['vary'] ?? '').toLowerCase();

describe('files of the web app, precompressed at build time', () => {
  const url = '/hotdesk/assets/index-1.js';

  it('are sent brotli when the client takes br, gzip when only gzip, as they are when neither; always with Vary', async () => {
    const br = await get(url, { 'accept-encoding': BR });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
    expect(br.rawPayload.length).toBe(readFileSync(join(dist, 'assets', 'index-1.js.br')).length);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    for (const res of [br, gz, plain]) expect(varies(res)).toContain('accept-encoding');
  });

  it('give each form its own ETag, answer 304 to a matching If-None-Match, and HEAD like GET', async () => {
    const br = await get(url, { 'accept-encoding': 'br' });
    const plain = await get(url);
    expect(br.headers['etag']).toBeDefined();
    expect(br.headers['etag']).not.toBe(plain.headers['etag']);
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await get(url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('are sent as they are when under 1 KB, and the compressed copies are not paths of their own', async () => {
    const tiny = await get('/hotdesk/assets/tiny-1.js', { 'accept-encoding': BR });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export const tiny = 1;\n');
    expect((await get('/hotdesk/assets/index-1.js.br', { 'accept-encoding': BR })).statusCode).toBe(404);
  });
});

describe('answers made per request', () => {
  it('compress a big JSON answer (a published layout) with brotli or gzip; it decodes to the same JSON', async () => {
    const layoutUrl = `/hotdesk/api/floorplans/${floorplanId}/layout`;
    const plain = await get(layoutUrl, { cookie: staff.cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(10 * COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toContain('accept-encoding');

    const br = await get(layoutUrl, { cookie: staff.cookie, 'accept-encoding': BR });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(varies(br)).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(layoutUrl, { cookie: staff.cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('compress the room search, which is sent as bytes made beforehand; plain, its length is that of its bytes', async () => {
    const body = { fromDate: '2031-03-03T09:00:00Z', toDate: '2031-03-03T17:00:00Z', roomType: 0, siteId: roomSite };
    const search = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/hotdesk/api/rooms/availability', headers: { cookie: staff.cookie, ...headers }, payload: body });
    const plain = await search({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toHaveLength(30);
    expect(plain.json()[0].Name).toMatch(/^Salle \d+ été$/);
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(varies(plain)).toContain('accept-encoding');

    const br = await search({ 'accept-encoding': BR });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('compress a streamed answer (the bookings CSV export), which has no length to weigh; it decodes to the plain CSV', async () => {
    const reporter = await createUser(t, { roles: ['Reporting'] });
    const url = '/hotdesk/api/bookings/export/filter/all/0/from/2031-03-01/to/2031-03-31';
    const plain = await get(url, { cookie: reporter.cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(plain.body).toMatch(/^Label,BookingId,Kind/);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const gz = await get(url, { cookie: reporter.cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(varies(gz)).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('weigh what the client prefers (RFC 9110 q-values), as for the files built beforehand', async () => {
    const layoutUrl = `/hotdesk/api/floorplans/${floorplanId}/layout`;
    const coding = async (acceptEncoding: string) => (await get(layoutUrl, { cookie: staff.cookie, 'accept-encoding': acceptEncoding })).headers['content-encoding'];
    expect(await coding('br;q=0.5, gzip')).toBe('gzip');
    expect(await coding('gzip;q=0.2, br;q=0.9')).toBe('br');
    expect(await coding('*')).toBe('gzip');
    expect(await coding('identity')).toBeUndefined();
    expect(await coding('br;q=0, gzip;q=0')).toBeUndefined();
  });

  it('keep HEAD right: the headers GET would send (encoding, length), no body', async () => {
    const layoutUrl = `/hotdesk/api/floorplans/${floorplanId}/layout`;
    const got = await get(layoutUrl, { cookie: staff.cookie, 'accept-encoding': 'br' });
    const head = await get(layoutUrl, { cookie: staff.cookie, 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(got.headers['content-length']);
    expect(varies(head)).toContain('accept-encoding');
    expect(head.rawPayload.length).toBe(0);
  });

  it('send an answer under 1 KB as it is, without Vary', async () => {
    const res = await get('/hotdesk/healthz', { 'accept-encoding': BR });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(varies(res)).not.toContain('accept-encoding');
  });

  it('compress the page (made per request with its hints), varying by Cookie and Accept-Encoding', async () => {
    const res = await get('/hotdesk/menu', { cookie: staff.cookie, 'accept-encoding': BR });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<meta name="hotdesk-base" content="/hotdesk">');
    expect(html).toContain('/hotdesk/api/settings'); // the hint of a signed-in page
    expect(varies(res)).toContain('cookie');
    expect(varies(res)).toContain('accept-encoding');
  });

  it('compress a body over the synchronous ceiling on the thread pool (a promise), one up to it at once', async () => {
    const big = Buffer.from(JSON.stringify(Array.from({ length: 12_000 }, (_v, i) => ({ id: i, label: `Desk number ${i}`, x: i * 7 % 1000 }))));
    expect(big.length).toBeGreaterThan(SYNC_COMPRESS_CEILING);
    for (const coding of ['br', 'gzip'] as const) {
      const pending = compressBody(big, coding);
      expect(pending).toBeInstanceOf(Promise);
      const packed = await pending;
      expect((coding === 'br' ? brotliDecompressSync(packed) : gunzipSync(packed)).equals(big)).toBe(true);
    }
    expect(compressBody(big.subarray(0, SYNC_COMPRESS_CEILING), 'br')).toBeInstanceOf(Buffer);
  });

  it('never compress an event stream, images or binary data', () => {
    expect(isCompressibleType('text/event-stream')).toBe(false);
    expect(isCompressibleType('image/png')).toBe(false);
    expect(isCompressibleType('application/octet-stream')).toBe(false);
    for (const type of ['application/json; charset=utf-8', 'text/html; charset=utf-8', 'text/csv', 'text/calendar', 'image/svg+xml', 'text/plain; version=0.0.4; charset=utf-8']) {
      expect(isCompressibleType(type), type).toBe(true);
    }
  });
});

describe('/metrics with METRICS_TOKEN unset', () => {
  it('is an unknown path (404), not a page of the web app', async () => {
    const res = await get('/hotdesk/metrics', { cookie: staff.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Code: 'NOT_FOUND' });
  });
});
