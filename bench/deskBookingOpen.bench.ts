/**
 * Desk booking screen benchmark (issue 9: "a floorplan with 5,000 desks opens and is interactive in
 * Chromium in under a second"). Seeds a site, a location and a published 5,000-desk floorplan with
 * 1,000 of the desks taken for the benchmark's time (each by a person with an account and a name), then opens
 * /menu/book/desk/{start}/{end}/{site}/{location}/{floorplan} in Chromium as a signed-in person and measures:
 *  - interactiveMs (and interactiveEachLoadMs, in load order): the browser's navigation start until every desk is drawn with its booking state
 *    (as many boxes in the desk box paths as desks, as many in the taken ones as desks taken) and a desk is in the Tab order;
 *  - clickToSelectedMs: a click on a free desk until it shows as chosen (aria-pressed) and Save is enabled;
 *  - arrowMs: an arrow key on the focused desk until the next desk has the focus.
 * Each is measured over several fresh page loads; the median and the worst are printed.
 * Then the same floor opened on one desk (?desk=, as "Find a colleague" opens it), zoomed in so that desk
 * names and the occupants' initials are drawn (issue 20: "the 5,000-desk floor with names drawn"; names
 * on the map for everyone, the organisation setting that draws the most): until every desk is drawn
 * with its state AND the labels of the desks in view are drawn.
 *
 * Before the browser: serverAnswersMs, the layout and bookings calls alone (warm, one at a time, until the last
 * byte as sent; this also fills the server's kept layout answer, as any earlier viewer would have).
 *
 * Run: npx tsx bench/deskBookingOpen.bench.ts   (needs /usr/bin/chromium; builds the web app if needed)
 * Options: BENCH_DESKS (default 5000), BENCH_RUNS (default 5), BENCH_PROFILE=1 (print where the main-thread time went in one extra load
 * of each kind; BENCH_PROFILE_FILE=x.cpuprofile keeps the last), BENCH_SCREENSHOT=file.png (the first load once interactive),
 * BENCH_TRACE=file.json (a Chromium trace of one extra load, and of one extra names-drawn load into file-names.json; summarise
 * them with bench/traceSummary.ts). Each names-drawn load also reports when its desks and its first labels were in the page.
 */
import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { chromium } from '@playwright/test';
import { deskCentreOnScreen } from '../e2e/deskOnScreen.js';
import { deskFocusPath } from '../src/domain/deskRoute.js';
import { SessionStore, SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { percentile, recordSideBySide, startBenchEnv } from './harness.js';
import { printProfile, startProfile } from './pageProfile.js';

const DESKS = Number(process.env.BENCH_DESKS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TAKEN = Math.floor(DESKS / 5);
const PROFILE = process.env.BENCH_PROFILE === '1'; // one extra load, profiled and not counted
const TRACE = process.env.BENCH_TRACE; // likewise, traced
const INSTRUMENTED = PROFILE || Boolean(TRACE);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const built = spawnSync('node', ['scripts/build-web-if-needed.mjs'], { stdio: 'inherit' });
if (built.status !== 0) throw new Error('building the web app failed');

const env = await startBenchEnv();
const { pool, port } = env;
const origin = `http://127.0.0.1:${port}`;

// The person booking, signed in (a session row, as a sign-in would make), and someone else who holds bookings.
const person = (email: string, name: string) => pool.query('INSERT INTO users (email, full_name) VALUES ($1, $2) RETURNING id', [email, name]);
const meId = (await person('bench-staff@bench.example', 'Bench Staff')).rows[0].id;
const otherId = (await person('bench-other@bench.example', 'Bench Other')).rows[0].id;
const token = await new SessionStore(pool, 600).create(meId, 'bench');

// A site, a location and the floorplan with its published 5,000-desk layout (straight SQL, as a publish leaves it).
const site = (await pool.query("INSERT INTO sites (title, time_zone, notes) VALUES ('Bench', 'Europe/London', 'Bench site') RETURNING id")).rows[0].id;
const loc = (await pool.query("INSERT INTO locations (site_id, title, building_name_no) VALUES ($1, 'Big floor', 'B1') RETURNING id", [site])).rows[0].id;
const fp = (await pool.query("INSERT INTO floorplans (location_id, name) VALUES ($1, 'Bench floor') RETURNING id", [loc])).rows[0].id;
const perRow = 100;
const drawing = {
  desks: Array.from({ length: DESKS }, (_, i) => ({
    x: 100 + (i % perRow) * 40, y: 100 + Math.floor(i / perRow) * 40, rotation: (i % 4) * 90, bookable: i % 11 !== 0,
    id: `D${i}`, alias: `Desk ${i + 1}`, assignedTeams: [], tags: [],
  })),
  doors: [], text: [{ x: 100, y: 60, text: 'Bench floor', fontSize: 'large' }],
  floorplanRectangles: [{ x: 50, y: 50, width: perRow * 40 + 100, height: Math.ceil(DESKS / perRow) * 40 + 100, rotation: 0 }],
  roomRectangles: [], floorplanShapes: [], lastUpdate: 0,
};
const layoutId = (await pool.query('INSERT INTO layouts (floorplan_id, json, published, published_at) VALUES ($1, $2, true, now()) RETURNING id',
  [fp, JSON.stringify(drawing)])).rows[0].id;

// The benchmark's time: a weekday next year, 09:00 to 17:00 London time; every fifth bookable desk taken.
const year = new Date().getUTCFullYear() + 1;
const day = `${year}-03-12`;
const start = new Date(`${day}T09:00:00Z`); // March: London is on GMT
const finish = new Date(`${day}T17:00:00Z`);
const takenIds = drawing.desks.filter((d) => d.bookable).map((d) => d.id).filter((_, i) => i % 4 === 1).slice(0, TAKEN);
// Each taken desk is held by a person with an account and a name (booked for them by someone else), so that
// with names on the map for everyone every taken desk carries its occupant's name and initials.
await pool.query(`INSERT INTO users (email, full_name) SELECT 'occupant-' || lower(d) || '@bench.example', 'Occupant ' || d || ' Benchley'
  FROM unnest($1::text[]) AS d`, [takenIds]);
await pool.query(
  `INSERT INTO bookings (site_id, location_id, floorplan_id, layout_id, desk_id, desk_name, starts_at, finishes_at,
     description, on_behalf_of_email, booked_by_user_id, holder_key, include_parking, status)
   SELECT $1, $2, $3, $4, d, d, $5, $6, '', 'occupant-' || lower(d) || '@bench.example', $7, 'occupant-' || lower(d) || '@bench.example', false, 1
   FROM unnest($8::text[]) AS d`,
  [site, loc, fp, layoutId, start, finish, otherId, takenIds],
);
const freeId = drawing.desks.find((d) => d.bookable && !takenIds.includes(d.id) && d.id !== 'D0')!.id;

/**
 * In the page: every desk drawn with its booking state (the desks are drawn as a few paths per state, one box
 * per 'M': as many boxes as desks, as many in the taken paths as desks taken), one desk in the Tab order, and
 * at least `labels` desk labels drawn. (No named function in here: tsx would wrap it in a helper the page
 * does not have.)
 */
const allDesksDrawn = ([desks, taken, labels]: readonly [number, number, number]): boolean => {
  if (document.querySelector('[data-desk-id][tabindex="0"]') === null) return false;
  let boxes = 0;
  let takenBoxes = 0;
  for (const p of document.querySelectorAll('[data-desk-body]')) {
    const n = p.getAttribute('d')!.split('M').length - 1;
    boxes += n;
    if (p.getAttribute('data-desk-body') === 'taken') takenBoxes += n;
  }
  return boxes === desks && takenBoxes === taken && document.querySelectorAll('[data-desk-label]').length >= labels;
};

const url = `${origin}/menu/book/desk/${day}T09:00/${day}T17:00/${site}/${loc}/${fp}`;
// Names on the map for everyone: each taken desk carries its occupant's name and initials.
await pool.query("UPDATE global_settings SET names_on_map = 'everyone'");
await pool.query('UPDATE config_version SET version = version + 1');
const focusUrl = `${origin}${deskFocusPath(`${day}T09:00`, `${day}T17:00`, site, loc, fp, `D${Math.floor(DESKS / 2) + perRow / 2}`)}`;

// The two data calls on their own (one at a time, warm, with the browser's Accept-Encoding): how long the
// server takes for each, and that the occupants really come with names (else the bench would not measure them).
const occupancyPath = `/api/bookings/for/${fp}?start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(finish.toISOString())}`;
const timeAnswer = async (path: string) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () => new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
    const t = performance.now();
    let bytes = 0;
    request({ host: '127.0.0.1', port, path, agent, headers: { cookie: `${SESSION_COOKIE}=${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      res.on('data', (c: Buffer) => { bytes += c.length; });
      res.on('end', () => resolve({ ms: performance.now() - t, bytes }));
    }).on('error', reject).end();
  });
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 12; i++) {
    const r = await once();
    if (i >= 2) times.push(r.ms); // the first two warm the server up
    bytes = r.bytes;
  }
  agent.destroy();
  // Until the last byte, as sent (compressed, not decoded here): the server's time plus a loopback hop.
  return { ms: Math.round(percentile([...times].sort((a, b) => a - b), 50) * 10) / 10, sentBytes: bytes };
};
const serverAnswers = { layout: await timeAnswer(`/api/floorplans/${fp}/layout`), bookings: await timeAnswer(occupancyPath) };
const namedOccupants = (JSON.parse((await (await fetch(`${origin}${occupancyPath}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })).text())) as Array<{ Occupant?: unknown }>)
  .filter((o) => o.Occupant).length;
if (namedOccupants !== takenIds.length) throw new Error(`expected ${takenIds.length} named occupants, got ${namedOccupants}`);
const namedOpen: number[] = [];
/** Per names-drawn load: when (ms from its navigation start) every desk was drawn, and when the first labels were. */
const namedPhases: Record<string, number>[] = [];
let labelsDrawn = 0;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const interactive: number[] = [];
const clicks: number[] = [];
const arrows: number[] = [];
const phases: Record<string, unknown>[] = [];
try {
  for (let run = 0; run < RUNS + (INSTRUMENTED ? 1 : 0); run++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: origin }]);
    const page = await context.newPage();
    // The main thread's long tasks (over 50 ms), to see what the page was busy with and when.
    await page.addInitScript(() => {
      const tasks: number[][] = [];
      (window as unknown as { benchLongTasks: number[][] }).benchLongTasks = tasks;
      new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
        .observe({ type: 'longtask', buffered: true });
    });

    // BENCH_PROFILE=1: the first load is profiled (CPU samples of the page), and where its time went printed.
    const counted = !(INSTRUMENTED && run === 0); // a profiled or traced load is slower: kept out of the figures
    const profiler = PROFILE && run === 0 ? await startProfile(page) : null;
    // BENCH_TRACE=file.json: a Chromium performance trace of the first load (open it in DevTools' Performance panel).
    // Only the timeline's categories: JavaScript sampling would slow the load down further.
    const tracing = TRACE && run === 0;
    if (tracing) await browser.startTracing(page, { path: TRACE, screenshots: false, categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline'] });
    // Interactive: all desks drawn with their booking states, one desk in the Tab order (allDesksDrawn).
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(allDesksDrawn, [DESKS, takenIds.length, 0] as const, { timeout: 60_000, polling: 'raf' });
    const openedAt = await page.evaluate(() => performance.now());
    if (tracing) await browser.stopTracing();
    // BENCH_SCREENSHOT=file.png: what the first load looked like once interactive, to look at.
    if (process.env.BENCH_SCREENSHOT && run === 0) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
    // A profiled or traced load is slower: it is printed or kept, not counted.
    if (profiler) printProfile(await profiler.stop());
    if (counted) interactive.push(openedAt);
    // Where the time went: the document, the scripts, and the calls the screen makes.
    phases.push(await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      // Each call as [asked at, sent at, first byte, last byte] in ms from the navigation start: 'sent'
      // later than 'asked' is time queued in the browser (six connections per host over HTTP/1.1).
      const times = (r) => [r.startTime, r.requestStart, r.responseStart, r.responseEnd].map(Math.round);
      const span = (part) => {
        const r = performance.getEntriesByType('resource').find((e) => e.name.includes(part));
        return r ? times(r) : null;
      };
      return {
        domContentLoaded: Math.round(nav ? nav.domContentLoadedEventEnd : NaN), settings: span('/api/settings'), site: span('/api/sites/'),
        deskScreenChunk: span('/assets/deskBooking-'), layout: span('/layout'), bookings: span('/api/bookings/for/'),
        longTasks: window.benchLongTasks,
        everyRequest: performance.getEntriesByType('resource').map((r) => [r.name.replace(/^https?:[/][/][^/]+/, ''), ...times(r)]),
        interactive: Math.round(performance.now()),
      };
    })()`) as Record<string, unknown>);

    // A click on a free desk (where it is drawn) until it is chosen and Save is enabled.
    const at = await deskCentreOnScreen(page, drawing.desks.find((d) => d.id === freeId)!);
    const t0 = performance.now();
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction((id) => document.querySelector(`[data-desk-id="${id}"]`)?.getAttribute('aria-pressed') === 'true'
      && !(document.querySelector('button[type="submit"]') as HTMLButtonElement | null)?.disabled, freeId, { polling: 'raf' });
    if (counted) clicks.push(performance.now() - t0);

    // The arrow keys between desks.
    await page.locator(`[data-desk-id="${freeId}"]`).focus();
    const t1 = performance.now();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-desk-id') !== id, freeId, { polling: 'raf' });
    if (counted) arrows.push(performance.now() - t1);
    await context.close();
  }
  // The floor opened on one desk, zoomed in: names drawn.
  // BENCH_TRACE=file.json or BENCH_PROFILE=1: one extra, uncounted load of this kind traced (into file-names.json) or profiled too.
  for (let run = 0; run < RUNS + (INSTRUMENTED ? 1 : 0); run++) {
    const tracing = TRACE && run === 0;
    const instrumented = INSTRUMENTED && run === 0;
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: origin }]);
    const page = await context.newPage();
    // When, in this load, the desks were all drawn and when the labels followed (each frame looked at).
    // (A string: tsx names the arrow functions of a function given here with a helper the page does not have.)
    await page.addInitScript(`(() => {
      const seen = {};
      window.benchSeen = seen;
      const look = () => {
        let boxes = 0, takenBoxes = 0;
        for (const p of document.querySelectorAll('[data-desk-body]')) {
          const n = p.getAttribute('d').split('M').length - 1;
          boxes += n;
          if (p.getAttribute('data-desk-body') === 'taken') takenBoxes += n;
        }
        if (seen.desks === undefined && boxes === ${DESKS} && takenBoxes === ${takenIds.length}) seen.desks = Math.round(performance.now());
        if (seen.labels === undefined && document.querySelector('[data-desk-label]')) seen.labels = Math.round(performance.now());
        if (seen.desks === undefined || seen.labels === undefined) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })()`);
    const profiler = PROFILE && run === 0 ? await startProfile(page) : null;
    if (tracing) await browser.startTracing(page, { path: TRACE.replace(/(\.json)?$/, '-names.json'), screenshots: false, categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline'] });
    await page.goto(focusUrl, { waitUntil: 'commit' });
    await page.waitForFunction(allDesksDrawn, [DESKS, takenIds.length, 21] as const, { timeout: 60_000, polling: 'raf' });
    const drawnAt = await page.evaluate(() => performance.now());
    if (tracing) await browser.stopTracing();
    if (profiler) {
      console.log('Opened on one desk, names drawn:');
      printProfile(await profiler.stop());
    }
    if (!instrumented) {
      namedOpen.push(drawnAt);
      namedPhases.push(await page.evaluate(() => (window as unknown as { benchSeen: Record<string, number> }).benchSeen));
    }
    labelsDrawn = await page.locator('[data-desk-label]').count();
    if (process.env.BENCH_SCREENSHOT && run === 0) await page.screenshot({ path: process.env.BENCH_SCREENSHOT.replace(/\.png$/, '-names.png') });
    await context.close();
  }
} finally {
  await browser.close();
  await env.stop();
}

if (INSTRUMENTED) phases.shift(); // the profiled or traced load's
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: Math.round(percentile(s, 50)), worst: Math.round(s.at(-1) ?? NaN) };
};
const opened = stats(interactive);
recordSideBySide({ what: `${DESKS.toLocaleString('en-GB')}-desk floorplan opening in Chromium until interactive (median of ${RUNS})`,
  note: `${opened.median} ms (worst ${opened.worst} ms); a click to a chosen desk ${stats(clicks).median} ms, an arrow key ${stats(arrows).median} ms` });
const named = stats(namedOpen);
recordSideBySide({ what: `${DESKS.toLocaleString('en-GB')}-desk floorplan opened on one desk with names drawn (median of ${RUNS})`,
  note: `${named.median} ms (worst ${named.worst} ms); ${labelsDrawn} desk labels drawn (names and occupants' initials)` });
console.log(JSON.stringify({
  serverAnswersMs: serverAnswers, namedOccupants,
  namesDrawnOpenMs: named, namesDrawnEachLoadMs: namedOpen.map(Math.round), namesDrawnPhases: namedPhases, labelsDrawn,
  desks: DESKS, takenDesks: takenIds.length, runs: RUNS,
  interactiveMs: stats(interactive), interactiveEachLoadMs: interactive.map(Math.round), phasesOfMedianRun: phases[interactive.indexOf([...interactive].sort((a, b) => a - b)[Math.floor(interactive.length / 2)]!)], clickToSelectedMs: stats(clicks), arrowMs: stats(arrows),
  target: 'interactive under 1000 ms',
  note: 'interactiveMs counts from the navigation start (document request, scripts, settings, layout and bookings calls); click and arrow times include the Playwright round trip (~5-10 ms)',
}, null, 2));
