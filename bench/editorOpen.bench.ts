/**
 * Layout editor benchmark (issue 3): opens the editor on a 2,000-desk layout in Chromium and
 * measures (1) time to first render: navigation start until all desks are in the page, and
 * (2) moving a desk: each pointer move of a drag until the desk is drawn at its new place, and the
 * whole drag until the move is committed. The layout is seeded through the API as an admin would.
 *
 * Run: npx tsx bench/editorOpen.bench.ts   (needs /usr/bin/chromium; builds the web app if needed)
 * Options: BENCH_DESKS (default 2000), BENCH_MOVES (default 30).
 */
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { percentile, startBenchEnv } from './harness.js';

const DESKS = Number(process.env.BENCH_DESKS ?? 2000);
const MOVES = Number(process.env.BENCH_MOVES ?? 30);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const built = spawnSync('node', ['scripts/build-web-if-needed.mjs'], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('building the web app failed');

const env = await startBenchEnv();
const { pool, port } = env;
const origin = `http://127.0.0.1:${port}`;

// An admin, signed in (a session row, as a sign-in would make).
const adminId = (await pool.query("INSERT INTO users (email, full_name) VALUES ('bench-admin@bench.example', 'Bench Admin') RETURNING id")).rows[0].id;
await pool.query("INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE name = 'Admin'", [adminId]);
const token = await new SessionStore(pool, 600).create(adminId, 'bench');
const cookie = `${SESSION_COOKIE}=${token}`;

// A site and location (straight SQL), then the floorplan and its 2,000-desk drawing through the API.
const site = (await pool.query("INSERT INTO sites (title, time_zone) VALUES ('Bench', 'Europe/London') RETURNING id")).rows[0].id;
const loc = (await pool.query("INSERT INTO locations (site_id, title) VALUES ($1, 'L') RETURNING id", [site])).rows[0].id;
const api = async (path: string, body: unknown) => {
  const res = await fetch(`${origin}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, number>>;
};
const { floorplanId, layoutId } = await api(`/api/floorplans/location/${loc}`, { Name: 'Bench floor' });
const perRow = 50;
const drawing = {
  desks: Array.from({ length: DESKS }, (_, i) => ({
    x: 100 + (i % perRow) * 40, y: 100 + Math.floor(i / perRow) * 40, rotation: (i % 8) * 45, bookable: i % 7 !== 0,
    id: `D${i}`, alias: `Desk ${i + 1}`, assignedTeams: [], tags: [],
  })),
  doors: [], text: [{ x: 100, y: 60, text: 'Bench floor', fontSize: 'large' }],
  floorplanRectangles: [{ x: 50, y: 50, width: perRow * 40 + 100, height: Math.ceil(DESKS / perRow) * 40 + 100, rotation: 0 }],
  roomRectangles: [], floorplanShapes: [], lastUpdate: 0,
};
await api(`/api/floorplans/${floorplanId}/layout/${layoutId}`, { Json: JSON.stringify(drawing) });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const results: Record<string, number | string> = { desks: DESKS };
try {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: origin }]);
  const page = await context.newPage();

  // (1) Time to first render, from the browser's navigation start.
  await page.goto(`${origin}/admin/layoutEditor/floorplan/${floorplanId}/${layoutId}`);
  await page.waitForFunction((n) => document.querySelectorAll('[data-desk-id]').length === n, DESKS, { timeout: 60_000 });
  results.firstRenderMs = Math.round(await page.evaluate(() => performance.now()));

  // (2) Move a desk with the Pointer tool: press on desk D0, then MOVES pointer moves of 10 canvas units.
  await page.getByRole('toolbar', { name: 'Layout editor' }).getByRole('button', { name: 'Pointer', exact: true }).click();
  const desk = page.locator('[data-desk-id="D0"]');
  const box = (await desk.boundingBox())!;
  const scale = (await page.getByRole('group', { name: 'Layout drawing' }).boundingBox())!.width / 20000;
  let x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const dragStarted = performance.now();
  await page.mouse.move(x, y);
  await page.mouse.down();
  const moveMs: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    // Back and forth along the row gap, so the desk never meets another desk.
    x += (i % 2 === 0 ? 1 : -1) * 10 * scale;
    const before = await desk.getAttribute('transform');
    const t0 = performance.now();
    await page.mouse.move(x, y);
    await page.waitForFunction(([id, old]) => document.querySelector(`[data-desk-id="${id}"]`)?.getAttribute('transform') !== old, ['D0', before] as const);
    moveMs.push(performance.now() - t0);
  }
  await page.mouse.up();
  // The drag has ended (one undo step) when the tool is idle again.
  await page.waitForFunction(() => document.querySelector('svg[data-tool-state]')?.getAttribute('data-tool-state') === 'idle');
  results.dragTotalMs = Math.round(performance.now() - dragStarted);
  const sorted = [...moveMs].sort((a, b) => a - b);
  results.moveP50Ms = Math.round(percentile(sorted, 50));
  results.moveP95Ms = Math.round(percentile(sorted, 95));
  results.moveMaxMs = Math.round(sorted.at(-1) ?? NaN);
  results.note = 'move times include the Playwright round trip (~5-10 ms)';
} finally {
  await browser.close();
  await env.stop();
}
console.log(JSON.stringify(results, null, 2));
