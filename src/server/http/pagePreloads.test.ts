import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_STRIP_MOST_DAYS, dateStripWindows } from '../../domain/closureWindows.js';
import { DESK_SCREEN_MODULE, EDITOR_SCREEN_MODULE, ROOM_SCREEN_MODULE, roomScreenHeading } from '../../domain/wire/screenCalls.js';
import { insertLocation, insertPublishedFloorplan, insertSite } from '../testing/fixtures.js';
import { buildTestApp, createUser, type TestUser } from '../testing/testApp.js';
import { signedInPagePreloads, type ScreenHintsFor } from './pagePreloads.js';
import { ScreenModules } from './screenModules.js';

// A built web app of its own: a page as Vite writes it and a manifest in which the desk screen's
// chunk shares one file with the first script and needs two of its own.
const dist = mkdtempSync(join(tmpdir(), 'hotdesk-web-'));
mkdirSync(join(dist, '.vite'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><meta name="hotdesk-base" content="">'
  + '<script type="module" crossorigin src="./assets/index-1.js"></script></head><body><div id="root">'
  + '<div class="boot"><div class="boot-panel"><p role="status">Loading Hotdesk…</p></div></div></div></body></html>');
writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], dynamicImports: [DESK_SCREEN_MODULE, ROOM_SCREEN_MODULE, EDITOR_SCREEN_MODULE] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_zoom-1.js': { file: 'assets/zoom-1.js', imports: ['_shared-1.js'] },
  [EDITOR_SCREEN_MODULE]: { file: 'assets/layoutEditor-1.js', isDynamicEntry: true, imports: ['_shared-1.js', '_zoom-1.js', 'index.html'], css: ['assets/layoutEditor-1.css'] },
  [ROOM_SCREEN_MODULE]: { file: 'assets/roomBooking-1.js', isDynamicEntry: true, imports: ['_shared-1.js', 'index.html'] },
  [DESK_SCREEN_MODULE]: { file: 'assets/deskBooking-1.js', isDynamicEntry: true, imports: ['_shared-1.js', '_zoom-1.js', 'index.html'], css: ['assets/deskBooking-1.css'] },
}));

type T = Awaited<ReturnType<typeof buildTestApp>>;
let t: T;
let staff: TestUser;
let site: number, location: number, floorplan: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost/hotdesk/' }, web: { distDir: dist } });
  staff = await createUser(t);
  site = await insertSite(t.pool, { timeZone: 'Europe/London' });
  location = await insertLocation(t.pool, site);
  floorplan = (await insertPublishedFloorplan(t.pool, location, [{ id: 'D1' }])).floorplanId;
});
afterAll(async () => {
  await t.dropDatabase();
  rmSync(dist, { recursive: true, force: true });
});

const page = (path: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/hotdesk${path}`, headers: cookie ? { cookie } : {} });
/** The hinted URLs of a page, in order, by kind. */
const hints = (html: string) => ({
  calls: [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) => m[1]!.replaceAll('&amp;', '&')),
  scripts: [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
  styles: [...html.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
});

describe('preload hints in the page', () => {
  it('name the desk screens by a source module that exists (the key of its chunk in the build manifest)', () => {
    expect(existsSync(DESK_SCREEN_MODULE)).toBe(true);
  });

  it('name the floorplan screen\'s calls, with the bookings for the chosen time in the site\'s zone, and its own files', async () => {
    // 1 July 2030 is summer time in London: 09:00 there is 08:00 UTC.
    const res = await page(`/menu/book/desk/2030-07-01T09%3A00/2030-07-01T17%3A00/${site}/${location}/${floorplan}`, staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['vary']).toContain('Cookie');
    const h = hints(res.body);
    // The closures the map waits for: the date strip's days from today, and the chosen day years ahead
    // on its own (the same ranges the screen asks for: dateStripWindows).
    const [strip, chosenDay] = dateStripWindows(new Date(), '2030-07-01', DATE_STRIP_MOST_DAYS);
    expect(chosenDay).toEqual({ from: '2030-06-30T10:00:00.000Z', to: '2030-07-02T14:00:00.000Z' });
    const closures = (w: { from: string; to: string }) => `/hotdesk/api/closures?siteId=${site}&from=${encodeURIComponent(w.from)}&to=${encodeURIComponent(w.to)}`;
    expect(h.calls).toEqual([
      '/hotdesk/api/settings',
      `/hotdesk/api/floorplans/${floorplan}/layout`,
      `/hotdesk/api/sites/${site}`,
      `/hotdesk/api/bookings/for/${floorplan}?start=2030-07-01T08%3A00%3A00.000Z&end=2030-07-01T16%3A00%3A00.000Z`,
      closures(strip!),
      '/hotdesk/api/closures?siteId=' + site + '&from=2030-06-30T10%3A00%3A00.000Z&to=2030-07-02T14%3A00%3A00.000Z',
      `/hotdesk/api/locations/site/${site}/desks`,
      `/hotdesk/api/floorplans/location/${location}`,
      '/hotdesk/api/favourite-desks',
    ]);
    // Not the file the page loads anyway; the calls come first in the head, the files after the page's own script.
    expect(h.scripts).toEqual(['/hotdesk/assets/deskBooking-1.js', '/hotdesk/assets/zoom-1.js']);
    expect(h.styles).toEqual(['/hotdesk/assets/deskBooking-1.css']);
    expect(res.body.indexOf('as="fetch"')).toBeLessThan(res.body.indexOf('index-1.js'));
    expect(res.body.indexOf('modulepreload')).toBeGreaterThan(res.body.indexOf('index-1.js'));
    // Each hinted call is one the signed-in person can make: the hints are the screen's real calls.
    for (const url of h.calls) expect((await t.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
  });

  it('name the room booking page\'s sites call and its script, for both room types', async () => {
    expect(existsSync(ROOM_SCREEN_MODULE)).toBe(true);
    for (const [path, type] of [['/menu/book/meeting/room', 0], ['/menu/book/clinical/room/', 1]] as const) {
      const body = (await page(path, staff.cookie)).body;
      const h = hints(body);
      expect(h.calls).toEqual(['/hotdesk/api/settings', `/hotdesk/api/sites/byRoomType/${type}`]);
      expect(h.scripts).toEqual(['/hotdesk/assets/roomBooking-1.js']);
      // The loading page shows the page's heading (the one RoomBookingPage draws), above its loading message.
      expect(body).toContain(`<div class="boot-panel"><h1 class="boot-title">${roomScreenHeading(type)}</h1><p role="status">`);
      for (const url of h.calls) expect((await t.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
    }
    // Near misses are other pages: the settings alone.
    for (const other of ['/menu/book/meeting/room/x', '/menu/book/meeting', '/menu/book/room']) {
      const body = (await page(other, staff.cookie)).body;
      expect(hints(body).calls).toEqual(['/hotdesk/api/settings']);
      expect(body).not.toContain('boot-title');
    }
  });

  it('name the layout editor\'s latest layout and its files, which an admin can fetch and a plain staff member cannot', async () => {
    expect(existsSync(EDITOR_SCREEN_MODULE)).toBe(true);
    const admin = await createUser(t, { roles: ['Admin'] });
    const body = (await page(`/admin/layoutEditor/floorplan/${floorplan}/1`, admin.cookie)).body;
    const h = hints(body);
    expect(h.calls).toEqual(['/hotdesk/api/settings', `/hotdesk/api/floorplans/${floorplan}/layout/latest`]);
    expect(h.scripts).toEqual(['/hotdesk/assets/layoutEditor-1.js', '/hotdesk/assets/zoom-1.js']);
    expect(h.styles).toEqual(['/hotdesk/assets/layoutEditor-1.css']);
    expect((await t.app.inject({ method: 'GET', url: h.calls[1]!, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    // The hint names the call; the call is authorized as always when it arrives.
    expect((await t.app.inject({ method: 'GET', url: h.calls[1]!, headers: { cookie: staff.cookie } })).statusCode).toBe(403);
    // Not an editor address: no editor hints.
    for (const other of [`/admin/layoutEditor/floorplan/${floorplan}`, `/admin/layoutEditor/floorplan/0/1`, `/admin/layoutEditor/floorplan/99999999999/1`,
      `/admin/layoutEditor/floorplan/${floorplan}/1/x`, `/admin/layoutEditor/floorplan/x${floorplan}/1`]) {
      expect(hints((await page(other, admin.cookie)).body).calls, other).toEqual(['/hotdesk/api/settings']);
    }
  });

  it('are the settings alone on other pages, and nothing for someone not signed in', async () => {
    expect(hints((await page('/menu', staff.cookie)).body)).toEqual({ calls: ['/hotdesk/api/settings'], scripts: [], styles: [] });
    const deskScreen = `/menu/book/desk/2030-07-01T09:00/2030-07-01T17:00/${site}/${location}/${floorplan}`;
    for (const cookie of [undefined, 'hotdesk_session=not-a-session']) {
      const res = await page(deskScreen, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('rel="preload"');
      expect(res.body).not.toContain('modulepreload');
      expect(res.body).not.toContain('boot-title');
    }
  });

  it('leave out what a hand-typed address cannot give, and never fail the page', async () => {
    // Bad times: the layout and the site, no bookings call. An unknown site: no time zone, no bookings call.
    const badTimes = hints((await page(`/menu/book/desk/2030-02-30T09:00/tomorrow/${site}/${location}/${floorplan}`, staff.cookie)).body);
    const lists = [`/hotdesk/api/locations/site/${site}/desks`, `/hotdesk/api/floorplans/location/${location}`, '/hotdesk/api/favourite-desks'];
    expect(badTimes.calls).toEqual(['/hotdesk/api/settings', `/hotdesk/api/floorplans/${floorplan}/layout`, `/hotdesk/api/sites/${site}`, ...lists]);
    const unknownSite = hints((await page(`/menu/book/desk/2030-07-01T09:00/2030-07-01T17:00/999999/${location}/${floorplan}`, staff.cookie)).body);
    expect(unknownSite.calls).toEqual(['/hotdesk/api/settings', `/hotdesk/api/floorplans/${floorplan}/layout`, '/hotdesk/api/sites/999999',
      '/hotdesk/api/locations/site/999999/desks', `/hotdesk/api/floorplans/location/${location}`, '/hotdesk/api/favourite-desks']);
    // A malformed escape is refused by the router itself, before any page or hint.
    const malformed = await page('/menu/book/desk/%E0%A4%A/x/1/2/3', staff.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain('rel="preload"');
    for (const hostile of ['/menu/book/desk/a/b/99999999999/1/1', '/menu/book/desk/a/b/0/0/0',
      `/menu/book/desk/2030-07-01T09:00/2030-07-01T17:00/${site}/${location}/${floorplan}/extra`]) {
      const res = await page(hostile, staff.cookie);
      expect(res.statusCode, hostile).toBe(200);
      expect(hints(res.body).calls).toEqual(['/hotdesk/api/settings']);
    }
    // Markup in the address: only the numeric ids reach the hints, so nothing of it is echoed.
    const markup = await page(`/menu/book/desk/"><script>/x/${site}/${location}/${floorplan}`, staff.cookie);
    expect(markup.statusCode).toBe(200);
    expect(hints(markup.body).calls).toEqual(['/hotdesk/api/settings', `/hotdesk/api/floorplans/${floorplan}/layout`, `/hotdesk/api/sites/${site}`, ...lists]);
    expect(markup.body).not.toContain('<script>');
  });
});

describe('a screen whose hints fail or are slow', () => {
  // The hints of one screen, wired as the app wires them, for the staff member's cookie.
  const hintsWith = (screen: ScreenHintsFor) => {
    const preloads = signedInPagePreloads(t.deps.sessions, new ScreenModules(dist), '/hotdesk', [screen]);
    const token = staff.cookie.split('=')[1]!;
    return preloads({ cookies: { hotdesk_session: token } } as unknown as FastifyRequest, '/menu');
  };

  it('leaves the page without hints, rather than failing it or waiting', async () => {
    expect(await hintsWith(async () => { throw new Error('database gone'); })).toEqual({ calls: '', files: '', heading: '' });
    const started = performance.now();
    expect(await hintsWith(() => new Promise(() => undefined))).toEqual({ calls: '', files: '', heading: '' });
    expect(performance.now() - started).toBeLessThan(1_000); // the 150 ms budget, with room for a slow machine
    // The same wiring with a screen that answers gives its hints (so the two above prove the fallback).
    const fine = await hintsWith(async () => ({ calls: ['/api/x'], modules: [DESK_SCREEN_MODULE], heading: 'Rooms <b> & "desks"' }));
    expect(fine.calls).toContain('href="/hotdesk/api/x"');
    expect(fine.files).toContain('deskBooking-1.js');
    // A heading is text in the page, never markup.
    expect(fine.heading).toBe('<h1 class="boot-title">Rooms &lt;b&gt; &amp; "desks"</h1>');
  });
});
