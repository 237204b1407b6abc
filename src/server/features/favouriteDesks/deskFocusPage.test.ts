/**
 * "Find a colleague" links to the desk screen with ?desk=<DeskId> (deskFocusPath in src/domain/deskRoute.ts).
 * API routes refuse unknown query parameters (400); the page itself must not: the server sends the app
 * for that address, with the screen's preload hints, whatever its query.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deskFocusPath } from '../../../domain/deskRoute.js';
import { DESK_SCREEN_MODULE } from '../../../domain/wire/screenCalls.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../../testing/fixtures.js';
import { buildTestApp, createUser, type TestUser } from '../../testing/testApp.js';

const dist = mkdtempSync(join(tmpdir(), 'hotdesk-web-'));
mkdirSync(join(dist, '.vite'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><meta name="hotdesk-base" content="">'
  + '<script type="module" crossorigin src="./assets/index-1.js"></script></head><body><div id="root"></div></body></html>');
writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({
  'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: [DESK_SCREEN_MODULE] },
  [DESK_SCREEN_MODULE]: { file: 'assets/deskBooking-1.js', isDynamicEntry: true, imports: ['index.html'] },
}));

let t: Awaited<ReturnType<typeof buildTestApp>>;
let staff: TestUser;
let path: string;

beforeAll(async () => {
  t = await buildTestApp({ web: { distDir: dist } });
  staff = await createUser(t);
  const site = await insertSite(t.pool, { timeZone: 'Europe/London' });
  const location = await insertLocation(t.pool, site);
  const floorplan = (await insertPublishedFloorplan(t.pool, location, [{ id: 'D 1/a' }])).floorplanId;
  path = deskFocusPath('2030-07-01T09:00', '2030-07-01T17:00', site, location, floorplan, 'D 1/a');
});
afterAll(async () => {
  await t.dropDatabase();
  rmSync(dist, { recursive: true, force: true });
});

it('the desk screen with ?desk= is the app\'s page (200, with the screen\'s hints), signed in or not', async () => {
  expect(path).toContain('?desk=D%201%2Fa');
  const signedIn = await t.app.inject({ method: 'GET', url: path, headers: { cookie: staff.cookie } });
  expect(signedIn.statusCode).toBe(200);
  expect(signedIn.headers['content-type']).toContain('text/html');
  expect(signedIn.body).toContain('/api/bookings/for/');
  expect(signedIn.body).toContain('assets/deskBooking-1.js');
  // Signed out, the same address is still the page (which then sends the person to sign in).
  const anonymous = await t.app.inject({ method: 'GET', url: path });
  expect(anonymous.statusCode).toBe(200);
  expect(anonymous.headers['content-type']).toContain('text/html');
});
